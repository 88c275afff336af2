import { test } from 'node:test';
import assert from 'node:assert/strict';
import { followMail, oneLine, type FollowedEvent, type FollowMailKind } from './follow-mails.ts';

// The follow mails' words: one mail per person naming every listing, the subject always one line.
const URL = 'https://yard.example';
const UNSUBSCRIBE = `${URL}/unsubscribe/followed_live/7/${'a'.repeat(43)}`;
const ev = (name: string, more: Partial<FollowedEvent> = {}): FollowedEvent => ({ slug: name.toLowerCase(), name, tagline: null, week: '2026-03-02', place: null, ...more });
const mail = (kind: FollowMailKind, events: FollowedEvent[], site = 'Yard') => followMail({ kind, events, person: 'Fay', site, publicUrl: URL, unsubscribe: UNSUBSCRIBE });

const subjects: [string, FollowMailKind, FollowedEvent[], string][] = [
  ['one listing live', 'followed_live', [ev('Alpha')], 'Alpha is live on Yard'],
  ['three listings live: one mail', 'followed_live', [ev('Alpha'), ev('Bravo'), ev('Charlie')], '3 listings you follow are live on Yard'],
  ['one award', 'followed_award', [ev('Alpha', { place: 2 })], 'Alpha is #2 Launch of the Week on Yard'],
  ['two awards: one mail', 'followed_award', [ev('Alpha', { place: 1 }), ev('Bravo', { place: 3 })], '2 listings you follow won Launch of the Week on Yard'],
  ['CR LF in a name cannot start a header', 'followed_live', [ev('Evil\r\nBcc: victim@evil.example')], 'Evil Bcc: victim@evil.example is live on Yard'],
  ['a bare CR, a bare LF, NUL, tab, U+2028 and DEL', 'followed_live', [ev('A\rB\nC\u0000D\tE\u2028F\u007fG')], 'A B C D E F G is live on Yard'],
  ['line breaks at the ends are dropped', 'followed_award', [ev('\r\nAlpha\r\n', { place: 1 })], 'Alpha is #1 Launch of the Week on Yard'],
];
test('subjects: one listing named, several counted; never a line break', async (tt) => {
  for (const [name, kind, events, subject] of subjects) {
    await tt.test(name, () => {
      const m = mail(kind, events);
      assert.equal(m.subject, subject);
      assert.doesNotMatch(m.subject, /[\r\n]/);
    });
  }
  assert.equal(mail('followed_live', [ev('Alpha')], 'Site\r\nBcc: x@evil.example').subject, 'Alpha is live on Site Bcc: x@evil.example', "the site's name too");
});

test('a live mail names every listing with its tagline and page, and carries the unsubscribe link', () => {
  const m = mail('followed_live', [ev('Charlie'), ev('Alpha', { tagline: 'First of all' })]);
  assert.match(m.text, /^Hello Fay,\n\n2 listings you follow are live on Yard this week:\n\nAlpha — First of all\nhttps:\/\/yard\.example\/listings\/alpha\n\nCharlie\nhttps:\/\/yard\.example\/listings\/charlie\n\n/);
  assert.ok(m.text.endsWith(`stop mails about listings you follow going live (one click, no sign-in): ${UNSUBSCRIBE}\n`));
});

test('an award mail names each place and week, in order, with the weeks\' pages', () => {
  const m = mail('followed_award', [ev('Bravo', { place: 3 }), ev('Alpha', { place: 1 }), ev('Delta', { place: 2, week: '2026-02-23' })]);
  const lines = m.text.split('\n').filter((l) => l.startsWith('#'));
  assert.deepEqual(lines, ['#2 in the week of 2026-02-23: Delta', '#1 in the week of 2026-03-02: Alpha', '#3 in the week of 2026-03-02: Bravo']);
  assert.match(m.text, /The weeks' results:\nhttps:\/\/yard\.example\/launches\/weeks\/2026-02-23\nhttps:\/\/yard\.example\/launches\/weeks\/2026-03-02\n/);
  assert.match(m.text, /You get this because you follow these listings on Yard\./);
  assert.match(mail('followed_award', [ev('Alpha', { place: 1 })]).text, /You get this because you follow Alpha on Yard\. Unfollow on its page/);
});

test('oneLine keeps ordinary text as it is', () => {
  assert.equal(oneLine('Café — “Ünïcode” 🚀 & <b>'), 'Café — “Ünïcode” 🚀 & <b>');
});
