import type { ProcessedImage } from './processed-image.ts';

/**
 * The type of a picture from its first bytes (magic numbers), never from its name or the
 * Content-Type a browser sent: a renamed executable is nothing here, whatever it is called.
 */
export type ImageType = ProcessedImage['sourceFormat'];

/** How far an SVG's root element may sit behind its prolog (declaration, comments, doctype). */
export const SVG_PROLOG_MAX_BYTES = 64 * 1024;

const startsWith = (bytes: Uint8Array, at: number, ascii: string) => {
  if (bytes.length < at + ascii.length) return false;
  for (let i = 0; i < ascii.length; i++) if (bytes[at + i] !== ascii.charCodeAt(i)) return false;
  return true;
};

const u32 = (b: Uint8Array, at: number) => ((b[at] << 24) | (b[at + 1] << 16) | (b[at + 2] << 8) | b[at + 3]) >>> 0;

/** ISO-BMFF: a leading `ftyp` box whose major or one of its compatible brands is AVIF (still or sequence). */
function isAvif(bytes: Uint8Array): boolean {
  if (!startsWith(bytes, 4, 'ftyp')) return false;
  const boxEnd = Math.min(u32(bytes, 0), bytes.length, 4096);
  const isAvifBrand = (at: number) => startsWith(bytes, at, 'avif') || startsWith(bytes, at, 'avis');
  if (isAvifBrand(8)) return true;
  // 8: major brand, 12: minor version, then compatible brands four bytes each.
  for (let at = 16; at + 4 <= boxEnd; at += 4) if (isAvifBrand(at)) return true;
  return false;
}

const isSpace = (c: number) => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;

/**
 * An XML text whose root element is <svg>: after an optional UTF-8 BOM, whitespace, an XML
 * declaration, comments, processing instructions and a doctype (refused later by svg-safety,
 * but still an SVG). One forward walk with indexOf, so linear in the prolog's length.
 */
function isSvg(bytes: Uint8Array): boolean {
  const end = Math.min(bytes.length, SVG_PROLOG_MAX_BYTES);
  // latin1 keeps one character per byte: positions in the text are positions in the bytes.
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, end).toString('latin1');
  let at = startsWith(bytes, 0, '\xef\xbb\xbf') ? 3 : 0;
  for (;;) {
    while (at < text.length && isSpace(text.charCodeAt(at))) at++;
    if (text.startsWith('<svg', at)) {
      const next = text.charCodeAt(at + 4);
      return isSpace(next) || next === 0x3e /* > */ || next === 0x2f /* / */;
    }
    let close: number;
    if (text.startsWith('<!--', at)) close = skipPast(text, at + 4, '-->');
    else if (text.startsWith('<?', at)) close = skipPast(text, at + 2, '?>');
    else if (text.startsWith('<!DOCTYPE', at) || text.startsWith('<!doctype', at)) close = skipDoctype(text, at + 9);
    else return false;
    if (close < 0) return false;
    at = close;
  }
}

function skipPast(text: string, from: number, marker: string): number {
  const found = text.indexOf(marker, from);
  return found < 0 ? -1 : found + marker.length;
}

/** A doctype ends at its first '>', or after its internal subset ('[' … ']>') when it has one. */
function skipDoctype(text: string, from: number): number {
  const gt = text.indexOf('>', from);
  const bracket = text.indexOf('[', from);
  if (bracket >= 0 && (gt < 0 || bracket < gt)) {
    const subsetEnd = text.indexOf(']', bracket);
    return subsetEnd < 0 ? -1 : skipPast(text, subsetEnd, '>');
  }
  return gt < 0 ? -1 : gt + 1;
}

/** jpeg, png, webp, avif, gif or svg from the bytes; null for anything else. */
export function imageTypeOf(bytes: Uint8Array): ImageType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (startsWith(bytes, 0, '\x89PNG\r\n\x1a\n')) return 'png';
  if (startsWith(bytes, 0, 'RIFF') && startsWith(bytes, 8, 'WEBP')) return 'webp';
  if (startsWith(bytes, 0, 'GIF87a') || startsWith(bytes, 0, 'GIF89a')) return 'gif';
  if (isAvif(bytes)) return 'avif';
  if (isSvg(bytes)) return 'svg';
  return null;
}

/**
 * Whether the bytes end as a whole file of their type does (PNG's IEND chunk, JPEG's EOI marker,
 * GIF's trailer, the length a WebP's RIFF header announces). Only asked once decoding failed, to
 * tell a cut-off file from a damaged one; AVIF and SVG are taken as whole.
 */
export function endsComplete(bytes: Uint8Array, type: ImageType): boolean {
  const n = bytes.length;
  switch (type) {
    case 'png':
      return n >= 12 && startsWith(bytes, n - 8, 'IEND');
    case 'jpeg':
      return n >= 2 && bytes[n - 2] === 0xff && bytes[n - 1] === 0xd9;
    case 'gif':
      return n >= 1 && bytes[n - 1] === 0x3b;
    case 'webp':
      return n >= 12 && (bytes[4] | (bytes[5] << 8) | (bytes[6] << 16)) + bytes[7] * 0x1000000 + 8 <= n;
    default:
      return true;
  }
}
