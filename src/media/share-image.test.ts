import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { drawShareCard, escapeMarkup, plainText, renderShareImage, type ShareCard } from './share-image.ts';

// The share card (1200×630 PNG) drawn in this process, and once in a process that sees no font
// of the machine's: the text must still be Inter's glyphs, from the npm package.

const base: ShareCard = { kind: 'listing', title: 'Notionly', subtitle: 'Notes that write themselves.', figure: '120+ votes', siteName: 'Launchyard' };
const ORANGE = { r: 232, g: 93, b: 4 };
const logoPng = await sharp({ create: { width: 300, height: 300, channels: 3, background: ORANGE } }).png().toBuffer();

async function pixels(png: Uint8Array) {
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  return { data, info, at: (x: number, y: number) => ({ r: data[(y * info.width + x) * info.channels], g: data[(y * info.width + x) * info.channels + 1], b: data[(y * info.width + x) * info.channels + 2] }) };
}

/** Pixels darker than mid-grey in a rectangle: how much ink the text there has. */
async function ink(png: Uint8Array, box: { left: number; top: number; width: number; height: number }): Promise<number> {
  const { data, info } = await sharp(png).extract(box).greyscale().raw().toBuffer({ resolveWithObject: true });
  let n = 0;
  for (let i = 0; i < data.length; i += info.channels) if (data[i] < 128) n++;
  return n;
}

const LONG = 'An extraordinarily long product name that keeps going well past anything a card could ever show in two lines of large type';

const CASES: { name: string; card: ShareCard }[] = [
  { name: 'listing with a logo', card: { ...base, logoPng } },
  { name: 'listing without a logo (initials)', card: base },
  { name: 'listing, no tagline, no figure', card: { kind: 'listing', title: 'Solo', subtitle: '', siteName: 'Launchyard' } },
  { name: 'launch week', card: { kind: 'week', title: 'Launches of the week of 2 March 2026', subtitle: '2 March 2026 to 8 March 2026, ranked by community votes', figure: '#1 Notionly', siteName: 'Launchyard' } },
  { name: 'leaderboard', card: { kind: 'leaderboard', title: 'Community: this week', subtitle: 'Votes cast by the community during one launch week.', siteName: 'Launchyard' } },
  { name: 'blog post', card: { kind: 'post', title: LONG, subtitle: LONG, figure: '2 March 2026', siteName: 'Launchyard' } },
  { name: 'hostile text', card: { ...base, title: '<script>alert(1)</script>&"\'</span>', subtitle: '<span foreground="red">&amp;&#0;\u0000\u0007\u202e</b>', figure: '<b>&', siteName: '&lt;"Site"\n\t' } },
  { name: 'not a picture as the logo', card: { ...base, logoPng: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]) } },
  { name: 'scripts beyond Latin', card: { ...base, title: 'Привет Ωμέγα', subtitle: 'Tiếng Việt, 漢字 and 🚀 (boxes without a font for them)' } },
];

for (const { name, card } of CASES) {
  test(`a 1200×630 PNG: ${name}`, async () => {
    const started = performance.now();
    const png = await renderShareImage(card);
    const ms = performance.now() - started;
    const meta = await sharp(png).metadata();
    assert.equal(meta.format, 'png');
    assert.equal(meta.width, 1200);
    assert.equal(meta.height, 630);
    assert.ok(ms < 3000, `${ms} ms`);
  });
}

test('the same card gives the same bytes (it is stored under the hash of its inputs)', async () => {
  const a = await renderShareImage({ ...base, logoPng });
  const b = await renderShareImage({ ...base, logoPng });
  assert.deepEqual(Buffer.from(a), Buffer.from(b));
  assert.notDeepEqual(Buffer.from(await renderShareImage({ ...base, title: 'Notionly 2' })), Buffer.from(await renderShareImage(base)));
});

test('the logo is drawn in its square; without one, the initials on their tone', async () => {
  // As the worker pool hands it over: a plain Uint8Array (a Buffer does not survive the thread crossing as one).
  const withLogo = await pixels(await renderShareImage({ ...base, logoPng: new Uint8Array(logoPng) }));
  assert.deepEqual(withLogo.at(200, 249), ORANGE); // the square's centre (x 80–320, y 129–369)
  const initials = await pixels(await renderShareImage(base));
  const corner = initials.at(100, 150); // inside the square, away from the letters
  assert.notDeepEqual(corner, ORANGE);
  assert.ok(corner.r < 160 && corner.b > 60, `a tone colour, not white: ${JSON.stringify(corner)}`);
  // Bytes that are no picture draw the initials, as if there were no logo.
  assert.deepEqual(Buffer.from(await renderShareImage({ ...base, logoPng: new Uint8Array([1, 2, 3]) })), Buffer.from(await renderShareImage(base)));
});

test('long texts end with "…" within two lines; short ones are drawn whole', async () => {
  const long = await drawShareCard({ kind: 'post', title: LONG, subtitle: `${LONG} ${LONG}`, siteName: 'Launchyard' });
  assert.equal(long.title.lines, 2);
  assert.match(long.title.text, /…$/);
  assert.ok(LONG.startsWith(long.title.text.slice(0, -1)), long.title.text);
  assert.ok(long.subtitle!.lines <= 2);
  assert.match(long.subtitle!.text, /…$/);

  const short = await drawShareCard(base);
  assert.deepEqual(short.title, { text: 'Notionly', lines: 1 });
  assert.deepEqual(short.subtitle, { text: 'Notes that write themselves.', lines: 1 });
  assert.deepEqual(short.figure, { text: '120+ votes', lines: 1 });

  // One word longer than a line is cut by characters.
  const word = await drawShareCard({ ...base, title: 'x'.repeat(400) });
  assert.equal(word.title.lines, 2);
  assert.match(word.title.text, /^x+…$/);
  // A site name too long for the footer keeps one line.
  assert.equal((await drawShareCard({ ...base, siteName: LONG })).siteName.lines, 1);
});

test('outside text is plain letters to pango: markup escaped, controls made spaces', async () => {
  assert.equal(escapeMarkup(`<b>&"'`), '&lt;b&gt;&amp;&quot;&#39;');
  assert.equal(plainText(' a\u0000b\n\tc\u0085 '), 'a b c');
  assert.equal(plainText('evil\u202emoc.elgoog\u202c'), 'evilmoc.elgoog');
  const drawn = await drawShareCard({ ...base, title: '<b>Bold?</b> & "quoted"' });
  assert.equal(drawn.title.text, '<b>Bold?</b> & "quoted"');
});

test('the text is Inter from the npm package even when the machine offers no font at all', async () => {
  // A fontconfig configuration with no font directory: the machine's fonts are out of sight.
  const dir = await mkdtemp(join(tmpdir(), 'launchyard-no-fonts-'));
  try {
    const conf = join(dir, 'fonts.conf');
    await writeFile(conf, '<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig></fontconfig>\n');
    const script = `
      import { renderShareImage } from ${JSON.stringify(new URL('./share-image.ts', import.meta.url).href)};
      const card = (title) => ({ kind: 'post', title, subtitle: '', siteName: 'Launchyard' });
      const out = [];
      for (const t of ['IIII', 'WWWW']) out.push(Buffer.from(await renderShareImage(card(t))).toString('base64'));
      process.stdout.write(JSON.stringify(out));`;
    const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], {
      env: { ...process.env, FONTCONFIG_FILE: conf, FONTCONFIG_PATH: dir, HOME: dir, XDG_CACHE_HOME: dir },
      maxBuffer: 8 << 20,
    });
    const [narrow, wide] = (JSON.parse(stdout) as string[]).map((b) => Buffer.from(b, 'base64'));
    // Without a font every letter would be the same empty box: both titles the same ink. Inter's
    // W has far more ink than its I.
    const title = { left: 60, top: 150, width: 1080, height: 200 };
    const [i, w] = [await ink(narrow, title), await ink(wide, title)];
    assert.ok(i > 1000, `the I's are drawn (${i} dark pixels)`);
    assert.ok(w > i * 1.5, `W (${w}) has more ink than I (${i})`);
    // The footer's site name is drawn too.
    assert.ok((await ink(narrow, { left: 60, top: 520, width: 500, height: 60 })) > 500);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('drawing time (the target is about 0.2 s a card)', async () => {
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const started = performance.now();
    await renderShareImage({ ...base, logoPng, title: `Notionly ${i}`, subtitle: `${LONG} ${i}` });
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  console.log(`share image: median ${times[2].toFixed(0)} ms, slowest ${times[4].toFixed(0)} ms (a tagline cut to fit)`);
  assert.ok(times[2] < 1000, `median ${times[2]} ms`);
});
