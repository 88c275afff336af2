import { test } from 'node:test';
import assert from 'node:assert/strict';
import sharp from 'sharp';
import { endsComplete, imageTypeOf, type ImageType } from './image-type.ts';

const bytes = (text: string) => new Uint8Array(Buffer.from(text, 'latin1'));
const pixels = () => sharp({ create: { width: 8, height: 8, channels: 3, background: '#3366cc' } });

test('the type comes from the first bytes, whatever the file is called', async () => {
  const cases: [string, Uint8Array, ImageType | null][] = [
    ['JPEG', new Uint8Array(await pixels().jpeg().toBuffer()), 'jpeg'],
    ['PNG', new Uint8Array(await pixels().png().toBuffer()), 'png'],
    ['WebP', new Uint8Array(await pixels().webp().toBuffer()), 'webp'],
    ['AVIF (major brand avif)', new Uint8Array(await pixels().avif().toBuffer()), 'avif'],
    ['AVIF sequence (major brand avis)', bytes('\0\0\0\x18ftypavis\0\0\0\0msf1iso8'), 'avif'],
    ['AVIF among compatible brands', bytes('\0\0\0\x1cftypmif1\0\0\0\0mif1avifmiaf'), 'avif'],
    ['HEIC (not AVIF)', bytes('\0\0\0\x18ftypheic\0\0\0\0mif1heic'), null],
    ['MP4 video', bytes('\0\0\0\x18ftypisom\0\0\x02\0isomiso2'), null],
    ['GIF89a', new Uint8Array(await pixels().gif().toBuffer()), 'gif'],
    ['GIF87a', bytes('GIF87a\x08\0\x08\0'), 'gif'],
    ['SVG', bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'svg'],
    ['SVG after BOM, declaration, comment and whitespace', bytes('\xef\xbb\xbf<?xml version="1.0"?>\n<!-- made by hand -->\n  <svg width="1">'), 'svg'],
    ['SVG after a doctype (refused later, but an SVG)', bytes('<!DOCTYPE svg [<!ENTITY a "b>c">]><svg>'), 'svg'],
    ['XML that is not an SVG', bytes('<?xml version="1.0"?><html><svg/></html>'), null],
    ['an element merely starting with svg', bytes('<svgfoo/>'), null],
    ['an unclosed comment', bytes('<!-- <svg>'), null],
    ['HTML', bytes('<!doctype html><html><body><svg></svg></body></html>'), null],
    ['ELF executable named .png', bytes('\x7fELF\x02\x01\x01\0\0\0\0\0\0\0\0\0'), null],
    ['PDF', bytes('%PDF-1.7\n'), null],
    ['ZIP', bytes('PK\x03\x04'), null],
    ['TIFF (libvips reads it; we do not take it)', bytes('II*\0\x08\0\0\0'), null],
    ['RIFF that is not WebP (WAV)', bytes('RIFF\x24\0\0\0WAVEfmt '), null],
    ['two bytes of JPEG', bytes('\xff\xd8'), null],
    ['empty', new Uint8Array(0), null],
  ];
  for (const [name, input, expected] of cases) assert.equal(imageTypeOf(input), expected, name);
});

test('a long run of prolog or near-misses is read in linear time', () => {
  const comments = bytes('<!---->'.repeat(9000) + '<svg>');
  const unclosed = bytes('<?' + ' '.repeat(2_000_000));
  const started = performance.now();
  assert.equal(imageTypeOf(comments), 'svg');
  assert.equal(imageTypeOf(unclosed), null);
  assert.ok(performance.now() - started < 500, `${Math.round(performance.now() - started)} ms`);
});

test('whether a file ends as a whole one of its type does (to tell cut off from damaged)', async () => {
  for (const format of ['png', 'jpeg', 'gif', 'webp'] as const) {
    const whole = new Uint8Array(await pixels().toFormat(format).toBuffer());
    assert.equal(endsComplete(whole, format), true, `a whole ${format}`);
    assert.equal(endsComplete(whole.subarray(0, whole.length - 3), format), false, `a cut ${format}`);
  }
  assert.equal(endsComplete(new Uint8Array(0), 'png'), false);
  assert.equal(endsComplete(bytes('<svg'), 'svg'), true, 'no end marker to look for');
});
