import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkSvg } from '../media/svg-safety.ts';
import { generateDemoDataset } from './dataset.ts';
import { logoSvg } from './logo-art.ts';
import { DEMO_PICTURE_CAPS, planDemoPictures, visibilityOrder } from './picture-plan.ts';
import { SCREEN_VIEWS, screenshotSvg } from './screenshot-art.ts';

// The demo's pictures before any processing: what is drawn and for whom. That they are processed,
// stored and shown: load.test.ts and feeds.test.ts.
const NOW = new Date('2025-06-11T15:30:00Z');
const data = generateDemoDataset(NOW, 'UTC');
const { listings, activity } = data;

test('every demo name draws its own logo, the same every time, and an upload would be accepted', () => {
  const names = [...new Set(listings.map((l) => l.name))];
  const drawn = new Set<string>();
  for (const name of names) {
    const svg = logoSvg(name);
    assert.equal(logoSvg(name), svg);
    assert.deepEqual(checkSvg(Buffer.from(svg)), { ok: true }, name);
    drawn.add(svg);
  }
  assert.equal(drawn.size, names.length, 'two names drew the same logo');
});

test('screenshots: four views per product, different per product, accepted as uploads', () => {
  for (const name of ['Flowpad', 'Shipkit Labs']) {
    const views = SCREEN_VIEWS.map((v) => screenshotSvg(name, v));
    assert.equal(new Set(views).size, 4);
    for (const svg of views) assert.deepEqual(checkSvg(Buffer.from(svg)), { ok: true });
  }
  assert.notEqual(screenshotSvg('Flowpad', 'table'), screenshotSvg('Shipkit Labs', 'table'));
});

test('the most visible come first: this week\'s launches by votes, then the upcoming ones', () => {
  const order = visibilityOrder(listings, activity);
  assert.deepEqual([...order].sort((a, b) => a - b), listings.map((_, i) => i), 'every listing once');
  const thisWeek = listings.map((l, i) => ({ l, i })).filter(({ l }) => l.status === 'live' && l.launchWeek === '2025-06-09');
  assert.ok(thisWeek.length >= 5);
  const first = order.slice(0, thisWeek.length);
  assert.deepEqual(new Set(first), new Set(thisWeek.map((x) => x.i)));
  for (let k = 1; k < first.length; k++) assert.ok(listings[first[k - 1]].votesCount >= listings[first[k]].votesCount);
  assert.equal(listings[order[thisWeek.length]].status, 'scheduled');
});

test('the plan: the cap of logos, and galleries only where the media section is unlocked and screenshots were planned', () => {
  const plan = planDemoPictures(listings, activity);
  assert.equal(new Set(plan.logos).size, plan.logos.length);
  assert.ok(plan.logos.length >= DEMO_PICTURE_CAPS.logos && plan.logos.length <= DEMO_PICTURE_CAPS.logos + DEMO_PICTURE_CAPS.galleries);
  assert.equal(plan.galleries.length, DEMO_PICTURE_CAPS.galleries);
  for (const g of plan.galleries) {
    const l = listings[g.listing];
    assert.equal(l.status, 'live');
    assert.ok(l.unlockedSections.includes('media'));
    assert.equal(g.views.length, l.media.filter((m) => m.kind === 'image').length);
    assert.ok(g.views.length >= 2 && g.views.length <= 4);
    assert.ok(plan.logos.includes(g.listing), 'a gallery without a logo');
  }
  assert.deepEqual(planDemoPictures(listings, activity, { logos: 0, galleries: 0 }), { logos: [], galleries: [] });
});
