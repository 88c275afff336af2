import { test } from 'node:test';
import assert from 'node:assert/strict';
import sharp from 'sharp';
import { processImage } from './process-image.ts';
import type { ImageRefusal } from './processed-image.ts';
import { galleryWidths } from './variants.ts';

// Broken pictures by the hundred: valid files of every accepted type, then bit flips, cut-offs,
// spliced headers and repeated chunks (seeded, so a failure replays with PICTURE_FUZZ_SEED). Each
// must come back as variants or as one of the named refusals, within a time budget: never a throw,
// never a hang (an upload route turns a throw into a 500).
const SEED = Number(process.env.PICTURE_FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const CASES = 240;
const REFUSALS: ReadonlySet<ImageRefusal> = new Set(['empty', 'unsupported_type', 'truncated', 'too_many_pixels', 'too_many_frames', 'unsafe_svg', 'too_small']);
/** Far above what one small picture takes; a case over it is a hang in the making. */
const CASE_BUDGET_MS = 10_000;

function random(seed: number) {
  let s = seed >>> 0;
  return (n: number) => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (((t ^ (t >>> 14)) >>> 0) / 4294967296) * n;
  };
}

async function samples(): Promise<Buffer[]> {
  const base = sharp({ create: { width: 400, height: 300, channels: 4, background: { r: 20, g: 120, b: 200, alpha: 0.8 } } });
  return [
    await base.clone().jpeg().toBuffer(),
    await base.clone().png().toBuffer(),
    await base.clone().webp().toBuffer(),
    await base.clone().avif({ effort: 0 }).toBuffer(),
    await base.clone().gif().toBuffer(),
    Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300"><rect width="400" height="300" fill="#147"/><circle cx="200" cy="150" r="80" fill="#fc0"/></svg>'),
  ];
}

function mutate(bytes: Buffer, r: (n: number) => number): Buffer {
  const out = Buffer.from(bytes);
  switch (Math.floor(r(6))) {
    case 0: // bit flips anywhere (headers included)
      for (let i = 0, n = 1 + Math.floor(r(20)); i < n; i++) out[Math.floor(r(out.length))] ^= 1 << Math.floor(r(8));
      return out;
    case 1: // cut off
      return out.subarray(0, Math.floor(r(out.length)));
    case 2: // a run of one byte over the middle
      out.fill(Math.floor(r(256)), Math.floor(r(out.length)), Math.floor(r(out.length)));
      return out;
    case 3: // a chunk repeated (lengths and offsets then lie)
      {
        const at = Math.floor(r(out.length));
        const len = Math.floor(r(Math.min(4096, out.length - at)));
        return Buffer.concat([out.subarray(0, at + len), out.subarray(at, at + len), out.subarray(at + len)]);
      }
    case 4: // the header's first bytes spliced onto noise
      return Buffer.concat([out.subarray(0, 16 + Math.floor(r(48))), Buffer.from(Array.from({ length: 2000 }, () => Math.floor(r(256))))]);
    default: // size fields rewritten with huge values (PNG IHDR, JPEG SOF, GIF screen, WebP VP8X all sit early)
      for (let i = 0; i < 4; i++) {
        const at = Math.floor(r(Math.min(64, out.length - 2)));
        out[at] = 0xff;
        out[at + 1] = 0xff;
      }
      return out;
  }
}

test(`${CASES} broken pictures: variants or a named refusal, never a throw or a hang (seed ${SEED})`, async () => {
  const r = random(SEED);
  const bases = await samples();
  const outcomes = new Map<string, number>();
  for (let i = 0; i < CASES; i++) {
    const base = bases[i % bases.length];
    const bytes = mutate(base, r);
    const purpose = r(2) < 1 ? 'logo' : 'gallery';
    const started = performance.now();
    let result;
    try {
      result = await processImage({ bytes: new Uint8Array(bytes), purpose });
    } catch (err) {
      assert.fail(`case ${i} (seed ${SEED}) threw: ${(err as Error).message}`);
    }
    const ms = performance.now() - started;
    assert.ok(ms < CASE_BUDGET_MS, `case ${i} (seed ${SEED}) took ${Math.round(ms)} ms`);
    if (result.ok) {
      assert.equal(result.image.variants.length, 3 * (purpose === 'logo' ? 3 : galleryWidths(result.image.width).length), `case ${i}: a picture that passes has all its variants`);
      for (const v of result.image.variants) assert.ok(v.bytes.byteLength > 0 && v.width > 0 && v.height > 0);
    } else {
      assert.ok(REFUSALS.has(result.refusal), `case ${i}: ${result.refusal}`);
      assert.ok(result.message.length > 10 && !/\bvips|sharp\b/i.test(result.message), `case ${i}: a sentence for a person, not a library's error: ${result.message}`);
    }
    const key = result.ok ? 'ok' : result.refusal;
    outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
  }
  // The mutations reach past the type check: some refusals are decoding's, not only the magic bytes'.
  assert.ok([...outcomes.keys()].some((k) => k !== 'unsupported_type' && k !== 'ok'), JSON.stringify(Object.fromEntries(outcomes)));
});
