import { test } from 'node:test';
import assert from 'node:assert/strict';
import { badgeForImage, earnedBadges, type BadgeSubject } from './eligibility.ts';
import { badgeImageUrl, embedHtml, embedMarkdown } from './embed.ts';

const CURRENT = '2026-03-09';
const subject = (p: Partial<BadgeSubject> = {}): BadgeSubject => ({
  status: 'live',
  plan: 'free',
  launch_week: null,
  verified: false,
  awards: [],
  ...p,
});
const kinds = (s: BadgeSubject) => earnedBadges(s, CURRENT).map((b) => b.kind + (b.place ?? '') + (b.week ? `@${b.week}` : ''));

test('every public listing is listed; launched once live and its launch week has begun', () => {
  assert.deepEqual(kinds(subject()), ['launched', 'listed']);
  assert.deepEqual(kinds(subject({ launch_week: '2026-03-02' })), ['launched@2026-03-02', 'listed']);
  assert.deepEqual(kinds(subject({ launch_week: CURRENT })), [`launched@${CURRENT}`, 'listed']);
});

test('upcoming: scheduled, or live ahead of its launch week; never together with launched', () => {
  assert.deepEqual(kinds(subject({ status: 'scheduled', launch_week: '2026-04-06' })), ['upcoming@2026-04-06', 'listed']);
  assert.deepEqual(kinds(subject({ launch_week: '2026-03-16' })), ['upcoming@2026-03-16', 'listed']);
  // Scheduled in the current week, before the launch job flips it: not launched yet.
  assert.deepEqual(kinds(subject({ status: 'scheduled', launch_week: CURRENT })), [`upcoming@${CURRENT}`, 'listed']);
  assert.deepEqual(kinds(subject({ status: 'scheduled' })), ['listed']);
});

test('featured is the paid plan; verified is a verified ownership; neither implies the other', () => {
  assert.deepEqual(kinds(subject({ plan: 'paid' })), ['launched', 'featured', 'listed']);
  assert.deepEqual(kinds(subject({ verified: true })), ['launched', 'verified', 'listed']);
});

test('one launch_of_the_week per award, best place then newest week first, strongest claims first', () => {
  const s = subject({
    plan: 'paid',
    verified: true,
    launch_week: '2026-02-23',
    awards: [
      { week: '2026-02-16', place: 3 },
      { week: '2026-02-23', place: 1 },
      { week: '2026-03-02', place: 3 },
      { week: '2026-01-05', place: 1 },
    ],
  });
  assert.deepEqual(kinds(s), [
    'launch_of_the_week1@2026-02-23',
    'launch_of_the_week1@2026-01-05',
    'launch_of_the_week3@2026-03-02',
    'launch_of_the_week3@2026-02-16',
    'launched@2026-02-23',
    'featured',
    'verified',
    'listed',
  ]);
});

test('an image shows only an earned badge; an upcoming image becomes the launched badge after launch', () => {
  const earned = earnedBadges(subject({ awards: [{ week: '2026-03-02', place: 2 }] }), CURRENT);
  assert.deepEqual(badgeForImage(earned, 'launch_of_the_week', '2026-03-02'), { kind: 'launch_of_the_week', place: 2, week: '2026-03-02' });
  assert.equal(badgeForImage(earned, 'launch_of_the_week', '2026-02-23'), undefined);
  assert.equal(badgeForImage(earned, 'featured', undefined), undefined);
  assert.equal(badgeForImage(earned, 'verified', undefined), undefined);
  assert.deepEqual(badgeForImage(earned, 'upcoming', undefined), { kind: 'launched' });
  const scheduled = earnedBadges(subject({ status: 'scheduled', launch_week: '2026-04-06' }), CURRENT);
  assert.equal(badgeForImage(scheduled, 'launched', undefined), undefined);
});

test('embed code: explicit image URLs, escaped HTML, Markdown with literal text', () => {
  const style = { shape: 'pill' as const, mode: 'auto' as const, size: 's' as const };
  const url = badgeImageUrl('https://yard.example', 'acme', { kind: 'launch_of_the_week', place: 1, week: '2026-03-02' }, style, 'dark');
  assert.equal(url, 'https://yard.example/badges/acme/launch_of_the_week.svg?shape=pill&mode=dark&size=s&week=2026-03-02');
  assert.equal(badgeImageUrl('https://yard.example', 'acme', { kind: 'listed' }, style), 'https://yard.example/badges/acme/listed.svg?shape=pill&mode=auto&size=s');
  const html = embedHtml('https://yard.example/listings/acme', url, `<b>"A&B"</b>: Listed`, 120, 24);
  assert.equal(
    html,
    '<a href="https://yard.example/listings/acme" target="_blank" rel="noopener">' +
      '<img src="https://yard.example/badges/acme/launch_of_the_week.svg?shape=pill&amp;mode=dark&amp;size=s&amp;week=2026-03-02" ' +
      'alt="&lt;b&gt;&quot;A&amp;B&quot;&lt;/b&gt;: Listed" width="120" height="24"></a>',
  );
  assert.equal(
    embedMarkdown('https://yard.example/listings/acme', 'https://yard.example/b.svg', '<x> [y] (z)'),
    '[![\\<x\\> \\[y\\] \\(z\\)](https://yard.example/b.svg)](https://yard.example/listings/acme)',
  );
});
