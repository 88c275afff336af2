import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { processImage } from './process-image.ts';
import type { ImagePurpose, ImageRefusal, ImageVariant, ProcessedImage } from './processed-image.ts';
import { createWorkPool } from '../workers/pool.ts';

// Bad inputs of issue 29 and the good paths, made here from sharp so that no binary fixture hides
// what it is. Every variant is decoded again to check what it claims (format, size, alpha, no EXIF).

const u8 = (b: Buffer) => new Uint8Array(b);
const rgb = (width: number, height: number, background: string) => sharp({ create: { width, height, channels: 3, background } });

/** A photo-like picture: gaussian noise over a gradient. */
async function photo(width: number, height: number) {
  const gradient = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x2="1" y2="1"><stop offset="0" stop-color="#1a4a7a"/><stop offset="1" stop-color="#e8b040"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/></svg>`,
  );
  const noise = await sharp({ create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 24 } } }).png().toBuffer();
  return sharp(gradient).composite([{ input: noise, blend: 'overlay' }]);
}

/** A PNG whose header says 20,000 × 20,000 (400 MP) and whose pixels are a few bytes: a decompression bomb's header. */
function pngHeaderOnly(width: number, height: number) {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth; colour type 0 (grey), compression, filter, interlace all 0
  const signature = Buffer.from('\x89PNG\r\n\x1a\n', 'latin1');
  return u8(Buffer.concat([signature, chunk('IHDR', ihdr), chunk('IDAT', deflateSync(Buffer.alloc(width + 1))), chunk('IEND', Buffer.alloc(0))]));
}

/** A 64×64 GIF followed by `extra` 1×1 frames (each 29 bytes): 10,000 frames in about 290 kB. */
async function gifWithFrames(extra: number) {
  const first = await rgb(64, 64, '#c83').gif().toBuffer();
  // Graphic control (10 ms), image descriptor 1×1 with a 2-colour local table, LZW: clear, 0, end.
  const frame = Buffer.from([0x21, 0xf9, 4, 0, 1, 0, 0, 0, 0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0x80, 0, 0, 0, 255, 255, 255, 2, 2, 0x44, 0x01, 0]);
  return u8(Buffer.concat([first.subarray(0, first.length - 1), ...Array.from({ length: extra }, () => frame), Buffer.from([0x3b])]));
}

/** Frames of one colour each, stacked as sharp's animated input. */
function animation(width: number, height: number, colours: [number, number, number][]) {
  const raw = Buffer.alloc(width * height * colours.length * 3);
  colours.forEach((colour, f) => {
    for (let i = 0; i < width * height; i++) raw.set(colour, (f * width * height + i) * 3);
  });
  return sharp(raw, { raw: { width, height: height * colours.length, channels: 3, pageHeight: height } });
}

/** A JPEG as a phone saves it: stored landscape with EXIF orientation 6 (rotate 90° clockwise), camera and GPS tags. */
async function phoneJpeg() {
  // Stored 2400×1600 with a red block at the stored top-left: once turned, it is at the top-right.
  const marker = await rgb(200, 200, '#ff0000').png().toBuffer();
  const stored = await (await photo(2400, 1600)).composite([{ input: marker, left: 0, top: 0 }]).png().toBuffer();
  return u8(
    await sharp(stored)
      .jpeg({ quality: 85 })
      .withMetadata({ orientation: 6 })
      .withExifMerge({
        IFD0: { Make: 'TestCam', Model: 'Phone 9' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 2400/100', GPSLongitudeRef: 'E', GPSLongitude: '2/1 21/1 300/100' },
      })
      .toBuffer(),
  );
}

const refusalOf = async (bytes: Uint8Array, purpose: ImagePurpose) => {
  const result = await processImage({ bytes, purpose });
  assert.equal(result.ok, false, 'refused');
  return result as Extract<typeof result, { ok: false }>;
};
const processed = async (bytes: Uint8Array, purpose: ImagePurpose): Promise<ProcessedImage> => {
  const result = await processImage({ bytes, purpose });
  assert.ok(result.ok, result.ok ? '' : `${result.refusal}: ${result.message}`);
  return result.image;
};

/** Decodes a variant: its real format and size must be what it says, and it carries no metadata. */
async function checkVariant(v: ImageVariant) {
  const meta = await sharp(v.bytes).metadata();
  assert.equal(meta.format, v.format === 'avif' ? 'heif' : v.format, `${v.name}.${v.format} format`);
  assert.equal(v.contentType, `image/${v.format}`);
  assert.deepEqual([meta.width, meta.height], [v.width, v.height], `${v.name}.${v.format} size`);
  assert.equal(meta.exif, undefined, `${v.name}.${v.format} has no EXIF`);
  assert.equal(meta.xmp, undefined, `${v.name}.${v.format} has no XMP`);
  assert.equal(meta.orientation, undefined, `${v.name}.${v.format} has no orientation`);
  const text = Buffer.from(v.bytes).toString('latin1');
  assert.ok(!text.includes('TestCam') && !text.includes('Exif\0\0'), `${v.name}.${v.format}: no camera tag, no EXIF block`);
  return meta;
}

/** The colour at (x, y) of a variant, and its alpha (255 when it has none). */
async function pixelAt(v: ImageVariant, x: number, y: number) {
  const { data, info } = await sharp(v.bytes).raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return { r: data[at], g: data[at + 1], b: data[at + 2], a: info.channels === 4 ? data[at + 3] : 255 };
}

const names = (image: ProcessedImage) => image.variants.map((v) => `${v.name}.${v.format} ${v.width}x${v.height}`);

test('bad pictures are refused with a code and a sentence, before anything is decoded', async () => {
  const cut = async (whole: Promise<Buffer>) => u8((await whole).subarray(0, Math.floor((await whole).length * 0.6)));
  const truncatedJpeg = () => cut(photo(800, 600).then((p) => p.jpeg().toBuffer()));
  const cases: [string, () => Promise<Uint8Array> | Uint8Array, ImagePurpose, ImageRefusal, RegExp][] = [
    ['a 0-byte file', () => new Uint8Array(0), 'gallery', 'empty', /^The file is empty \(0 bytes\)/],
    ['a renamed executable (ELF named .png)', () => u8(Buffer.concat([Buffer.from('\x7fELF\x02\x01\x01\0', 'latin1'), Buffer.alloc(4096, 7)])), 'logo', 'unsupported_type', /^The file is not a JPEG, PNG, WebP, AVIF, GIF or SVG picture\.$/],
    ['a PDF', () => u8(Buffer.from('%PDF-1.7\n1 0 obj\n')), 'gallery', 'unsupported_type', /not a JPEG, PNG/],
    ['PNG magic, junk, then an IEND trailer', () => u8(Buffer.concat([Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'), Buffer.alloc(500, 1), Buffer.from('\0\0\0\0IEND\xaeB`\x82', 'latin1')])), 'logo', 'unsupported_type', /^The file starts like a PNG picture but could not be read: it may be damaged\.$/],
    ['a truncated JPEG', truncatedJpeg, 'gallery', 'truncated', /^The JPEG file is cut off before its end/],
    ['a truncated PNG', () => cut(photo(800, 600).then((p) => p.png().toBuffer())), 'gallery', 'truncated', /^The PNG file is cut off/],
    ['a truncated WebP', () => cut(photo(800, 600).then((p) => p.webp().toBuffer())), 'gallery', 'truncated', /^The WebP file is cut off/],
    ['a truncated GIF', () => cut(photo(800, 600).then((p) => p.gif().toBuffer())), 'gallery', 'truncated', /^The GIF file is cut off/],
    ['a 20,000 × 20,000 PNG', () => pngHeaderOnly(20_000, 20_000), 'gallery', 'too_many_pixels', /^The picture is 20000 × 20000 pixels \(400 megapixels\); the most we take is 40 megapixels\.$/],
    ['an SVG with a script', () => u8(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="300" height="300"><script>alert(1)</script></svg>')), 'logo', 'unsafe_svg', /script/],
    ['an SVG with an external reference', () => u8(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="300" height="300"><image href="http://127.0.0.1/x.png" width="10" height="10"/></svg>')), 'logo', 'unsafe_svg', /refers to "http:\/\/127\.0\.0\.1\/x\.png" outside the file/],
    ['a GIF with 10,000 frames', () => gifWithFrames(9999), 'gallery', 'too_many_frames', /^The animation has 10,000 frames; the most we take is 1,000/],
    ['an animated WebP with 1,001 frames', async () => u8(await animation(8, 8, Array.from({ length: 1001 }, (_, i) => [i % 2 ? 255 : 0, 0, 0])).webp().toBuffer()), 'logo', 'too_many_frames', /1,001 frames/],
    ['a logo under 64 × 64', async () => u8(await rgb(40, 40, '#36c').png().toBuffer()), 'logo', 'too_small', /^The logo is 40 × 40 pixels; a logo must be at least 64 × 64 pixels/],
    ['a logo 64 wide but 50 high', async () => u8(await rgb(64, 50, '#36c').png().toBuffer()), 'logo', 'too_small', /64 × 50 pixels/],
    ['a gallery picture under 320 wide', async () => u8(await rgb(300, 900, '#36c').jpeg().toBuffer()), 'gallery', 'too_small', /^The picture is 300 pixels wide; a gallery picture must be at least 320 pixels wide/],
    ['a gallery strip 9 times as tall as wide', async () => u8(await rgb(400, 3600, '#36c').png().toBuffer()), 'gallery', 'too_small', /at most 8 times as tall as it is wide/],
  ];
  for (const [name, make, purpose, code, message] of cases) {
    const bytes = await make();
    const started = performance.now();
    const refusal = await refusalOf(bytes, purpose);
    const ms = performance.now() - started;
    assert.equal(refusal.refusal, code, `${name}: ${refusal.message}`);
    assert.match(refusal.message, message, name);
    // Refused from the header (or the bytes' first bits): no decoding, so quick even on a busy machine.
    if (code !== 'truncated') assert.ok(ms < 1000, `${name} took ${Math.round(ms)} ms`);
  }
});

test('a 10,000-frame GIF is counted from its header cheaply', async () => {
  const gif = await gifWithFrames(9999);
  const meta = await sharp(gif, { pages: 1 }).metadata();
  assert.equal(meta.pages, 10_000);
  const started = performance.now();
  for (let i = 0; i < 10; i++) await processImage({ bytes: gif, purpose: 'gallery' });
  const each = (performance.now() - started) / 10;
  assert.ok(each < 200, `${each.toFixed(1)} ms per refusal`);
});

test('a phone JPEG (EXIF orientation 6, GPS) is turned upright and every variant is stripped of its metadata', async () => {
  const bytes = await phoneJpeg();
  const original = await sharp(bytes).metadata();
  assert.equal(original.orientation, 6);
  assert.ok(original.exif?.includes(Buffer.from([0x25, 0x88])), 'the fixture carries a GPS IFD pointer');

  const image = await processed(bytes, 'gallery');
  assert.equal(image.sourceFormat, 'jpeg');
  assert.equal(image.sourceHash, createHash('sha256').update(bytes).digest('hex'));
  assert.deepEqual([image.width, image.height], [1600, 2400], 'width and height after rotation');
  assert.deepEqual(names(image), [
    'gallery-640.webp 640x960',
    'gallery-640.avif 640x960',
    'gallery-640.jpeg 640x960',
    'gallery-1280.webp 1280x1920',
    'gallery-1280.avif 1280x1920',
    'gallery-1280.jpeg 1280x1920',
  ]);
  for (const v of image.variants) await checkVariant(v);
  // The stored top-left (red) is the upright picture's top-right.
  const jpeg = image.variants.find((v) => v.name === 'gallery-640' && v.format === 'jpeg')!;
  const topRight = await pixelAt(jpeg, 600, 20);
  const topLeft = await pixelAt(jpeg, 20, 20);
  assert.ok(topRight.r > 200 && topRight.g < 60 && topRight.b < 60, `top-right is red: ${JSON.stringify(topRight)}`);
  assert.ok(!(topLeft.r > 200 && topLeft.g < 60), `top-left is not: ${JSON.stringify(topLeft)}`);
});

test('a large photo gets 640, 1280 and 1920 px wide variants in WebP, AVIF and JPEG', async () => {
  const bytes = u8(await (await photo(2400, 1800)).jpeg({ quality: 90 }).toBuffer());
  const image = await processed(bytes, 'gallery');
  assert.deepEqual([image.width, image.height], [2400, 1800]);
  assert.deepEqual(
    image.variants.map((v) => `${v.name}.${v.format}`),
    ['640', '1280', '1920'].flatMap((w) => ['webp', 'avif', 'jpeg'].map((f) => `gallery-${w}.${f}`)),
  );
  for (const v of image.variants) {
    await checkVariant(v);
    assert.equal(v.height, Math.round((v.width * 3) / 4), `${v.name} keeps the shape`);
    assert.equal(v.width, Number(v.name.slice('gallery-'.length)));
  }
  // AVIF is the point of offering it: smaller than the JPEG of the same size (WebP is not
  // always, on this much noise).
  const size = (format: string) => image.variants.find((v) => v.name === 'gallery-1920' && v.format === format)!.bytes.length;
  assert.ok(size('avif') < size('jpeg'), `avif ${size('avif')} < jpeg ${size('jpeg')}`);
});

test('a gallery picture is never enlarged: a 900 px source gets 640 only, a 500 px one a "640" at 500', async () => {
  const mid = await processed(u8(await (await photo(900, 600)).png().toBuffer()), 'gallery');
  assert.deepEqual([...new Set(mid.variants.map((v) => `${v.name} ${v.width}x${v.height}`))], ['gallery-640 640x427']);
  const small = await processed(u8(await (await photo(500, 400)).webp().toBuffer()), 'gallery');
  assert.equal(small.sourceFormat, 'webp');
  assert.deepEqual([...new Set(small.variants.map((v) => `${v.name} ${v.width}x${v.height}`))], ['gallery-640 500x400']);
});

test('a transparent PNG logo becomes a centred square in 64, 128 and 256 px, WebP, AVIF and PNG, keeping its transparency', async () => {
  // 300 × 200, transparent, a blue square in the middle.
  const mark = await rgb(100, 100, '#2050d0').png().toBuffer();
  const bytes = u8(
    await sharp({ create: { width: 300, height: 200, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .composite([{ input: mark, left: 100, top: 50 }])
      .png()
      .toBuffer(),
  );
  const image = await processed(bytes, 'logo');
  assert.equal(image.sourceFormat, 'png');
  assert.deepEqual([image.width, image.height], [200, 200], 'the square crop');
  assert.deepEqual(names(image), [64, 128, 256].flatMap((s) => ['webp', 'avif', 'png'].map((f) => `logo-${s}.${f} ${s}x${s}`)));
  for (const v of image.variants) {
    const meta = await checkVariant(v);
    assert.ok(meta.hasAlpha, `${v.name}.${v.format} keeps transparency`);
    const corner = await pixelAt(v, 1, 1);
    const centre = await pixelAt(v, v.width / 2, v.height / 2);
    assert.ok(corner.a < 10, `${v.name}.${v.format} corner is transparent (${corner.a})`);
    assert.ok(centre.a > 245 && centre.b > 180 && centre.r < 60, `${v.name}.${v.format} centre is the blue mark: ${JSON.stringify(centre)}`);
  }
});

test('an SVG logo without scripts is rasterised large enough for the 256 px variant', async () => {
  const bytes = u8(
    Buffer.from(
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32"><rect width="32" height="32" fill="#ffffff"/><circle cx="16" cy="16" r="12" fill="#e03020"/></svg>',
    ),
  );
  const image = await processed(bytes, 'logo');
  assert.equal(image.sourceFormat, 'svg');
  assert.deepEqual([image.width, image.height], [512, 512], 'drawn at 512 px, not 32');
  assert.equal(image.variants.length, 9);
  const png = image.variants.find((v) => v.name === 'logo-256' && v.format === 'png')!;
  await checkVariant(png);
  const centre = await pixelAt(png, 128, 128);
  const edge = await pixelAt(png, 4, 128);
  assert.ok(centre.r > 200 && centre.g < 80, `the circle: ${JSON.stringify(centre)}`);
  assert.ok(edge.r > 240 && edge.g > 240 && edge.b > 240, `the background: ${JSON.stringify(edge)}`);
  // A gallery SVG is drawn 1920 px wide.
  const wide = await processed(u8(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="400" height="200"><rect width="400" height="200" fill="#123456"/></svg>')), 'gallery');
  assert.deepEqual([wide.width, wide.height], [1920, 960]);
});

test('an animated GIF or WebP gives its first frame only; a transparent gallery JPEG is flattened on white', async () => {
  const frames: [number, number, number][] = [
    [255, 0, 0],
    [0, 0, 255],
    [0, 255, 0],
  ];
  for (const format of ['gif', 'webp'] as const) {
    const moving = animation(400, 300, frames);
    const bytes = u8(await (format === 'gif' ? moving.gif() : moving.webp({ lossless: true })).toBuffer());
    assert.equal((await sharp(bytes).metadata()).pages, 3, `the ${format} fixture is animated`);
    const image = await processed(bytes, 'gallery');
    assert.equal(image.sourceFormat, format);
    assert.deepEqual(names(image), ['gallery-640.webp 400x300', 'gallery-640.avif 400x300', 'gallery-640.jpeg 400x300']);
    for (const v of image.variants) {
      const meta = await checkVariant(v);
      assert.equal(meta.pages ?? 1, 1, `${format} → ${v.format} is one frame`);
      const p = await pixelAt(v, 200, 150);
      assert.ok(p.r > 200 && p.b < 60 && p.g < 60, `${format} → ${v.format} shows the first (red) frame: ${JSON.stringify(p)}`);
    }
  }
  const clear = u8(await sharp({ create: { width: 400, height: 300, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } }).avif().toBuffer());
  const image = await processed(clear, 'gallery');
  assert.equal(image.sourceFormat, 'avif');
  const jpeg = image.variants.find((v) => v.format === 'jpeg')!;
  const p = await pixelAt(jpeg, 10, 10);
  assert.ok(p.r > 245 && p.g > 245 && p.b > 245, `white, not black: ${JSON.stringify(p)}`);
});

test('in the worker pool: the task runs in a worker thread and its Uint8Array variants cross back', async () => {
  const pool = createWorkPool({ size: 1 });
  after(() => pool.close());
  const bytes = await phoneJpeg();
  const result = await pool.run('processImage', { bytes, purpose: 'gallery' }, { budgetMs: 20_000 });
  assert.ok(result.ok);
  assert.equal(result.image.variants.length, 6);
  for (const v of result.image.variants) {
    assert.ok(v.bytes instanceof Uint8Array && v.bytes.length > 1000, `${v.name}.${v.format} bytes crossed`);
    await checkVariant(v);
  }
  const refusal = await pool.run('processImage', { bytes: new Uint8Array(0), purpose: 'logo' }, { budgetMs: 5000 });
  assert.deepEqual(refusal, { ok: false, refusal: 'empty', message: 'The file is empty (0 bytes): choose the picture again.' });
  assert.equal(pool.stats().failed, 0);
});
