import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BADGE_MODES, BADGE_SHAPES, BADGE_SIZES, type BadgeStyle } from '../../contract/badge.ts';
import { allElements, parseXml, textOf, type XmlElement } from '../../testing/xml.ts';
import type { EarnedBadge } from './eligibility.ts';
import { glyphFor } from './icons.ts';
import { BADGE_HEIGHTS, layoutBadge } from './layout.ts';
import { fitText, textWidth, wrapTwoLines } from './metrics.ts';
import { palette } from './palette.ts';
import { badgeSize, FONT_STACK, renderBadge } from './render.ts';
import { badgeWording, formatWeek } from './wording.ts';
import { escapeXml } from './xml.ts';

const HOSTILE = `<script>alert(1)</script> & "Co"`;
const PAGE = 'http://localhost:3000/listings/acme';

/** One of each: every kind, every award place, with and without a week (the banner's caption). */
const BADGES: EarnedBadge[] = [
  { kind: 'listed' },
  { kind: 'upcoming', week: '2026-04-06' },
  { kind: 'launched', week: '2026-03-02' },
  { kind: 'launched' },
  { kind: 'featured' },
  { kind: 'verified' },
  { kind: 'launch_of_the_week', place: 1, week: '2026-03-02' },
  { kind: 'launch_of_the_week', place: 2, week: '2026-03-02' },
  { kind: 'launch_of_the_week', place: 3, week: '2025-12-29' },
];

const render = (badge: EarnedBadge, style: BadgeStyle, site = 'Launchyard', listing = HOSTILE) =>
  renderBadge({ badge, wording: badgeWording(badge, site, listing), style, pageUrl: PAGE });

/** Attributes that place or size something: whole pixels only, so edges stay sharp. */
const GEOMETRY = ['x', 'y', 'width', 'height', 'rx', 'cx', 'cy', 'r', 'textLength', 'font-size'];
/** Nothing that runs, loads or links. */
const FORBIDDEN_ELEMENTS = ['script', 'foreignObject', 'image', 'use', 'a', 'iframe', 'object', 'embed', 'animate', 'set', 'feImage', 'link'];

function assertStatic(svg: string, root: XmlElement) {
  for (const el of allElements(root)) {
    assert.ok(!FORBIDDEN_ELEMENTS.includes(el.name), `<${el.name}> is not allowed`);
    for (const [name, value] of Object.entries(el.attrs)) {
      assert.ok(!/^on/i.test(name), `event attribute ${name}`);
      assert.ok(!/href$|^src$/i.test(name), `reference attribute ${name}`);
      if (name === 'xmlns') continue;
      assert.ok(!/:\/\/|url\(|javascript:|data:/i.test(value), `${name}="${value}" refers outside the image`);
    }
  }
  for (const style of allElements(root).filter((e) => e.name === 'style')) {
    assert.ok(!/url\(|@import|:\/\//i.test(style.text), 'style loads nothing');
  }
  assert.ok(!/<script|<foreignObject/i.test(svg));
}

/** Fills of the badge's own elements of a kind (not those inside the mark's nested viewport). */
const fills = (root: XmlElement, name: string) => root.children.filter((e) => e.name === name).map((e) => e.attrs.fill);

for (const shape of BADGE_SHAPES) {
  for (const mode of BADGE_MODES) {
    for (const size of BADGE_SIZES) {
      test(`badge SVG ${shape}/${mode}/${size}: well-formed, sized, static, escaped, coloured for its mode`, () => {
        const style = { shape, mode, size };
        for (const badge of BADGES) {
          const what = `${shape}/${mode}/${size} ${badge.kind}${badge.place ?? ''}`;
          const { svg, width, height } = render(badge, style);
          const root = parseXml(svg);

          // Structure and dimensions: the viewBox is the pixel box, one user unit per CSS pixel.
          assert.equal(root.name, 'svg', what);
          assert.equal(root.attrs.xmlns, 'http://www.w3.org/2000/svg', what);
          assert.equal(root.attrs.width, String(width), what);
          assert.equal(root.attrs.height, String(height), what);
          assert.equal(root.attrs.viewBox, `0 0 ${width} ${height}`, what);
          assert.equal(height, BADGE_HEIGHTS[shape][size], what);
          if (shape === 'square') assert.equal(width, height, what);
          else assert.ok(width > 2 * height, `${what}: ${width}×${height} is a horizontal badge`);
          for (const el of allElements(root)) {
            for (const name of GEOMETRY) {
              if (name in el.attrs) assert.match(el.attrs[name], /^\d+$/, `${what}: <${el.name} ${name}="${el.attrs[name]}">`);
            }
          }

          // Text: the system font stack, every run pinned to its laid-out width.
          assert.equal(root.attrs['font-family'], FONT_STACK, what);
          for (const t of allElements(root).filter((e) => e.name === 'text' && e.attrs.textLength)) {
            assert.equal(t.attrs.lengthAdjust, 'spacingAndGlyphs', what);
          }

          assertStatic(svg, root);

          // The hostile listing name is in the title and label, as text, never as markup.
          const title = root.children.find((c) => c.name === 'title');
          assert.ok(title, `${what}: <title>`);
          assert.ok(textOf(title).startsWith(`${HOSTILE}: `), `${what}: ${textOf(title)}`);
          assert.ok(root.attrs['aria-label'].startsWith('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Co&quot;'), what);
          assert.equal(root.attrs.role, 'img');
          assert.ok(textOf(root.children.find((c) => c.name === 'desc')!).includes(PAGE), `${what}: desc names the listing page`);

          // Colours: light and dark differ; auto is light plus a prefers-color-scheme: dark rule.
          const light = palette(badge, 'light');
          const dark = palette(badge, 'dark');
          const styleEl = root.children.find((c) => c.name === 'style');
          const textFills = fills(root, 'text').filter((f) => f === light.text || f === dark.text);
          assert.ok(textFills.length >= 1, `${what}: the site name is painted in the text colour`);
          if (mode === 'auto') {
            assert.ok(styleEl, `${what}: auto has a style`);
            assert.match(styleEl.text, /^@media \(prefers-color-scheme:dark\)\{/, what);
            assert.ok(textFills.every((f) => f === light.text), `${what}: light by default`);
            assert.ok(styleEl.text.includes(`.lyb-fill-text{fill:${dark.text}}`), `${what}: dark rule for text`);
            for (const el of allElements(root).filter((e) => e.attrs.class)) {
              assert.match(el.attrs.class, /^lyb-(fill|stroke)-\w+$/, what);
              assert.ok(styleEl.text.includes(`.${el.attrs.class}{`), `${what}: rule for ${el.attrs.class}`);
            }
          } else {
            assert.equal(styleEl, undefined, `${what}: a fixed mode needs no style`);
            const want = mode === 'light' ? light : dark;
            assert.ok(textFills.every((f) => f === want.text), `${what}: ${mode} text colour`);
            const other = render(badge, { ...style, mode: mode === 'light' ? 'dark' : 'light' }).svg;
            assert.notEqual(other, svg, what);
            if (shape !== 'outline') assert.ok(fills(root, 'rect').includes(want.bg), `${what}: ${mode} background`);
          }
        }
      });
    }
  }
}

test('the 45 variants are all distinct images, and sizes grow s < m < l', () => {
  const seen = new Set<string>();
  for (const shape of BADGE_SHAPES) {
    for (const mode of BADGE_MODES) {
      for (const size of BADGE_SIZES) seen.add(render(BADGES[6], { shape, mode, size }).svg);
      const [s, m, l] = BADGE_SIZES.map((size) => render(BADGES[6], { shape, mode, size }));
      assert.ok(s.height < m.height && m.height < l.height, `${shape} heights`);
      assert.ok(s.width < m.width && m.width < l.width, `${shape} widths`);
    }
  }
  assert.equal(seen.size, 45);
});

test('text stays inside the badge and clear of the mark, for long, wide and hostile names', () => {
  const sites = ['Launchyard', 'X', 'The Very Long Name Of A Self-Hosted Product Directory Instance', 'ローンチヤード・ディレクトリ', `Yard & <Co> "quoted"`];
  for (const shape of BADGE_SHAPES) {
    for (const size of BADGE_SIZES) {
      for (const badge of BADGES) {
        for (const site of sites) {
          const layout = layoutBadge(shape, size, badgeWording(badge, site, HOSTILE), glyphFor(badge));
          const what = `${shape}/${size} ${badge.kind} "${site}"`;
          const mark = layout.nodes.find((n) => n.type === 'mark')!;
          assert.ok(mark.type === 'mark' && mark.x >= 0 && mark.y >= 0 && mark.y + mark.size <= layout.height, what);
          for (const n of layout.nodes) {
            if (n.type !== 'text') continue;
            assert.ok(n.fontSize >= 7, `${what}: "${n.text}" at ${n.fontSize}px is too small`);
            const [left, right] = n.anchor === 'middle' ? [n.x - n.width / 2, n.x + n.width / 2] : [n.x, n.x + n.width];
            assert.ok(left >= 4 && right <= layout.width - 4, `${what}: "${n.text}" spans ${left}..${right} of ${layout.width}`);
            assert.ok(n.y - n.fontSize * 0.7 >= 2 && n.y <= layout.height - 2, `${what}: "${n.text}" baseline ${n.y}`);
            if (n.anchor === 'start') assert.ok(left >= mark.x + mark.size, `${what}: "${n.text}" overlaps the mark`);
          }
          assert.ok(layout.width <= (shape === 'square' ? 160 : 720), `${what}: width ${layout.width}`);
        }
      }
    }
  }
});

test('wording: labels, the pill lead, alt text with the listing and week', () => {
  const w = (badge: EarnedBadge) => badgeWording(badge, 'Launchyard', 'Acme');
  assert.equal(w({ kind: 'listed' }).label, 'Listed on Launchyard');
  assert.equal(w({ kind: 'upcoming', week: '2026-04-06' }).label, 'Launching on Launchyard');
  assert.equal(w({ kind: 'launched' }).label, 'Launched on Launchyard');
  assert.equal(w({ kind: 'featured' }).label, 'Featured on Launchyard');
  assert.equal(w({ kind: 'verified' }).label, 'Verified on Launchyard');
  const award = w({ kind: 'launch_of_the_week', place: 2, week: '2026-03-02' });
  assert.equal(award.label, '#2 Launch of the Week on Launchyard');
  assert.equal(award.eyebrow, '#2 Launch of the Week');
  assert.equal(award.lead, '#2 Launch of the Week on');
  assert.equal(award.alt, 'Acme: #2 Launch of the Week on Launchyard (week of Mar 2, 2026)');
  assert.deepEqual(award.caption, { eyebrow: 'Week of', value: 'Mar 2, 2026' });
  assert.equal(w({ kind: 'verified' }).caption, null);
  assert.equal(formatWeek('2025-12-29'), 'Dec 29, 2025');
});

test('escaping: markup characters become entities; characters XML forbids are dropped', () => {
  assert.equal(escapeXml(HOSTILE), '&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Co&quot;');
  assert.equal(escapeXml(`it's`), 'it&#39;s');
  assert.equal(escapeXml('a\u0000b\u0007c\u001Fd\uFFFEe\uD800f\uDC00g'), 'abcdefg');
  assert.equal(escapeXml('tab\tnew\nline 😀 é'), 'tab\tnew\nline 😀 é');
  const { svg } = render({ kind: 'listed' }, { shape: 'standard', mode: 'auto', size: 'm' }, 'Yard\u0001', 'Nul\u0000 & \uD83D');
  const root = parseXml(svg);
  assert.equal(textOf(root.children.find((c) => c.name === 'title')!), 'Nul & : Listed on Yard');
});

test('text metrics: estimates, shrinking to fit, then squeezing; balanced two-line wraps', () => {
  assert.equal(Math.round(textWidth('Launchyard', 18, 'bold')), 102);
  assert.ok(textWidth('ローンチ', 10, 'regular') === 40, 'CJK is a full em');
  assert.ok(textWidth('é', 10, 'regular') === textWidth('e', 10, 'regular'), 'accents as their base letter');
  assert.deepEqual(fitText('Launchyard', { fontSize: 18, minFontSize: 12, maxWidth: 200, weight: 'bold' }), { fontSize: 18, width: 103 });
  const shrunk = fitText('Launchyard', { fontSize: 18, minFontSize: 12, maxWidth: 80, weight: 'bold' });
  assert.ok(shrunk.fontSize < 18 && shrunk.fontSize >= 12 && shrunk.width <= 80);
  assert.deepEqual(fitText('Launchyard'.repeat(10), { fontSize: 18, minFontSize: 12, maxWidth: 80, weight: 'bold' }), { fontSize: 12, width: 80 });
  const measure = (l: string) => textWidth(l, 10, 'bold');
  assert.deepEqual(wrapTwoLines('LISTED ON', measure, 100), ['LISTED ON']);
  assert.deepEqual(wrapTwoLines('#1 LAUNCH OF THE WEEK', measure, 100), ['#1 LAUNCH', 'OF THE WEEK']);
  assert.deepEqual(wrapTwoLines('SUPERCALIFRAGILISTIC', measure, 50), ['SUPERCALIFRAGILISTIC']);
});

test("the size without the drawing is the drawn badge's size, for every badge, shape, size and mode", () => {
  for (const badge of BADGES) {
    for (const shape of BADGE_SHAPES) {
      for (const size of BADGE_SIZES) {
        for (const mode of BADGE_MODES) {
          for (const listing of ['Acme', HOSTILE, 'An unusually long product name that has to wrap']) {
            const style = { shape, size, mode };
            const wording = badgeWording(badge, 'Launchyard', listing);
            const drawn = renderBadge({ badge, wording, style, pageUrl: PAGE });
            assert.deepEqual(badgeSize({ badge, wording, style }), { width: drawn.width, height: drawn.height }, `${badge.kind} ${shape} ${size} ${mode} ${listing}`);
          }
        }
      }
    }
  }
});
