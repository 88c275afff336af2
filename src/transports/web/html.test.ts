import { test } from 'node:test';
import assert from 'node:assert/strict';
import { html, raw } from './html.ts';

test('html escapes every interpolated value, nests templates, and drops null/undefined/false', () => {
  const name = `<script>alert("x")</script>&'`;
  assert.equal(html`<p title="${name}">${name}</p>`.value, '<p title="&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;&#39;">&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;&#39;</p>');
  assert.equal(html`<ul>${['a<', 'b'].map((x) => html`<li>${x}</li>`)}</ul>`.value, '<ul><li>a&lt;</li><li>b</li></ul>');
  assert.equal(html`${null}${undefined}${false}${0}${raw('<br>')}`.value, '0<br>');
});
