import { createHash } from 'node:crypto';
import sharp, { type Sharp, type SharpOptions } from 'sharp';
import { endsComplete, imageTypeOf, type ImageType } from './image-type.ts';
import type { ImagePurpose, ImageRefusal, ImageVariant, ProcessImageResult } from './processed-image.ts';
import { checkSvg } from './svg-safety.ts';
import { contentTypeOf, galleryWidths, LOGO_SIZES } from './variants.ts';

/**
 * An uploaded (or re-hosted) picture → its variants, or a refusal a person understands. Runs in
 * the worker pool (workers/tasks.ts processImage) on bytes only: no file names, no storage.
 *
 * Order matters for hostile files: the type from the magic bytes, then the SVG check, then the
 * header alone (size, frames) before a single pixel is decoded, so a decompression bomb or a
 * 10,000-frame GIF is refused for the cost of reading its header.
 */
export const IMAGE_LIMITS = {
  /** 40 megapixels: more than any phone camera (a 48 MP sensor saves 12 MP by default). */
  maxPixels: 40_000_000,
  /** Frames of an animated GIF or WebP; only the first is used, but counting more is the sign of a bomb. */
  maxFrames: 1000,
  logoMinSide: 64,
  galleryMinWidth: 320,
  /**
   * A gallery picture may be at most 8 times as tall as it is wide: its variants keep its shape
   * (the pages size them from it), and WebP and AVIF stop at 16,383 px, which a 1920 px wide
   * variant reaches at 8.5.
   */
  galleryMaxTallness: 8,
} as const;
/** The width an SVG is drawn at: the largest variant's needs (a logo: its shorter side). */
const SVG_DRAW_SIDE: Record<ImagePurpose, number> = { logo: 512, gallery: 1920 };

// libvips' thread pool is per process and the pool already runs one worker per spare CPU: one
// libvips thread per pipeline keeps every worker on its own core and the main thread free. It is
// also sharp's own default on glibc without jemalloc; saying so keeps it on every platform.
sharp.concurrency(1);
// Every upload is new bytes: libvips' operation cache would only hold memory.
sharp.cache(false);

/**
 * Encoder settings, measured on a 2-CPU machine (docs/decisions.md): AVIF at its default effort 4
 * spent 4.5 s on one 1920 px variant; effort 0 with 4:2:0 chroma spends about 0.1 s and its files
 * are still less than half the JPEG's. WebP effort 2 costs half of effort 4 for 5 % more bytes.
 */
const ENCODE = {
  webp: (p: Sharp) => p.webp({ quality: 80, effort: 2 }),
  avif: (p: Sharp) => p.avif({ quality: 50, effort: 0, chromaSubsampling: '4:2:0' }),
  jpeg: (p: Sharp) => p.flatten({ background: '#ffffff' }).jpeg({ quality: 80, mozjpeg: true }),
  png: (p: Sharp) => p.png({ compressionLevel: 9 }),
};
/** Logos are small and mostly flat colour with sharp edges: a higher quality costs little there. */
const ENCODE_LOGO = {
  ...ENCODE,
  webp: (p: Sharp) => p.webp({ quality: 90, effort: 4 }),
  avif: (p: Sharp) => p.avif({ quality: 65, effort: 2 }),
};

const NAMES: Record<ImageType, string> = { jpeg: 'JPEG', png: 'PNG', webp: 'WebP', avif: 'AVIF', gif: 'GIF', svg: 'SVG' };
/** What sharp's metadata calls each of our types (AVIF is a HEIF container). */
const SHARP_FORMAT: Record<ImageType, string> = { jpeg: 'jpeg', png: 'png', webp: 'webp', avif: 'heif', gif: 'gif', svg: 'svg' };

const refused = (refusal: ImageRefusal, message: string): ProcessImageResult => ({ ok: false, refusal, message });
const megapixels = (n: number) => `${Math.round(n / 100_000) / 10} megapixels`;

export async function processImage(input: { bytes: Uint8Array; purpose: ImagePurpose }): Promise<ProcessImageResult> {
  const { bytes, purpose } = input;
  if (bytes.length === 0) return refused('empty', 'The file is empty (0 bytes): choose the picture again.');
  const type = imageTypeOf(bytes);
  if (!type) return refused('unsupported_type', 'The file is not a JPEG, PNG, WebP, AVIF, GIF or SVG picture.');
  if (type === 'svg') {
    const verdict = checkSvg(bytes);
    if (!verdict.ok) return refused('unsafe_svg', verdict.reason);
  }
  // A view, not a copy: the bytes that crossed from the main thread are read in place.
  const source = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  try {
    const opened = await openPicture(source, type, purpose);
    if ('refusal' in opened) return opened.refusal;
    const { options, width, height } = opened;
    const variants = purpose === 'logo' ? await logoVariants(source, options) : await galleryVariants(source, options, width);
    const side = Math.min(width, height);
    return {
      ok: true,
      image: {
        sourceHash: createHash('sha256').update(bytes).digest('hex'),
        sourceFormat: type,
        width: purpose === 'logo' ? side : width,
        height: purpose === 'logo' ? side : height,
        variants,
      },
    };
  } catch (err) {
    return unreadable(err, type, bytes);
  }
}

interface Opened {
  /** How every pipeline opens the source (limits, first frame only, SVG density, orientation). */
  options: SharpOptions;
  /** The picture as drawn, after orientation. */
  width: number;
  height: number;
}

/** The header only: type confirmed by libvips, frames, size; then the options every pipeline uses. */
async function openPicture(source: Buffer, type: ImageType, purpose: ImagePurpose): Promise<Opened | { refusal: ProcessImageResult }> {
  // No pixel limit here: metadata() reads the header only, and the sizes it gives make the message.
  const meta = await sharp(source, { limitInputPixels: false, pages: 1 }).metadata();
  if (meta.format !== SHARP_FORMAT[type] || (type === 'avif' && meta.compression !== 'av1')) {
    return { refusal: refused('unsupported_type', `The file starts like a ${NAMES[type]} picture but is not one.`) };
  }
  const frames = meta.pages ?? 1;
  if (frames > IMAGE_LIMITS.maxFrames) {
    return {
      refusal: refused('too_many_frames', `The animation has ${frames.toLocaleString('en')} frames; the most we take is ${IMAGE_LIMITS.maxFrames.toLocaleString('en')} (only the first is shown).`),
    };
  }
  let width = meta.autoOrient.width;
  let height = meta.autoOrient.height;
  let density: number | undefined;
  if (type === 'svg') {
    // Drawn large enough for the biggest variant (72 dpi is the SVG's own size), within the pixel limit.
    const wanted = SVG_DRAW_SIDE[purpose] / (purpose === 'logo' ? Math.min(width, height) : width);
    const scale = Math.min(wanted, Math.sqrt(IMAGE_LIMITS.maxPixels / (width * height)));
    density = Math.min(100_000, Math.max(1, 72 * scale));
    width = Math.max(1, Math.round((width * density) / 72));
    height = Math.max(1, Math.round((height * density) / 72));
  }
  if (width * height > IMAGE_LIMITS.maxPixels) {
    return {
      refusal: refused(
        'too_many_pixels',
        `The picture is ${width} × ${height} pixels (${megapixels(width * height)}); the most we take is ${megapixels(IMAGE_LIMITS.maxPixels)}.`,
      ),
    };
  }
  if (purpose === 'logo' && (width < IMAGE_LIMITS.logoMinSide || height < IMAGE_LIMITS.logoMinSide)) {
    return {
      refusal: refused(
        'too_small',
        `The logo is ${width} × ${height} pixels; a logo must be at least ${IMAGE_LIMITS.logoMinSide} × ${IMAGE_LIMITS.logoMinSide} pixels (256 × 256 or more looks best).`,
      ),
    };
  }
  if (purpose === 'gallery' && width < IMAGE_LIMITS.galleryMinWidth) {
    return {
      refusal: refused(
        'too_small',
        `The picture is ${width} pixels wide; a gallery picture must be at least ${IMAGE_LIMITS.galleryMinWidth} pixels wide (1920 or more looks best).`,
      ),
    };
  }
  if (purpose === 'gallery' && height > width * IMAGE_LIMITS.galleryMaxTallness) {
    return {
      refusal: refused(
        'too_small',
        `The picture is ${width} × ${height} pixels, too narrow for its height: a gallery picture may be at most ${IMAGE_LIMITS.galleryMaxTallness} times as tall as it is wide.`,
      ),
    };
  }
  return {
    width,
    height,
    options: {
      limitInputPixels: IMAGE_LIMITS.maxPixels,
      failOn: 'truncated',
      pages: 1,
      autoOrient: true,
      ...(density ? { density } : {}),
    },
  };
}

/**
 * The source is decoded and sized once, to the largest variant, as raw pixels; the smaller
 * sizes are made from those, and each size is encoded in every format. Raw pixels carry no
 * metadata, so no EXIF (GPS, camera, orientation) can reach a variant.
 */
async function sized(pipeline: Sharp) {
  return pipeline.raw({ depth: 'uchar' }).toBuffer({ resolveWithObject: true });
}

/**
 * The encoded bytes as a Uint8Array that owns its whole ArrayBuffer: a view into a larger one
 * would copy all of that one when it crosses back from the worker.
 */
const ownBytes = (data: Buffer) =>
  data.byteOffset === 0 && data.buffer.byteLength === data.byteLength ? new Uint8Array(data.buffer, 0, data.byteLength) : Uint8Array.from(data);

type Raw = Awaited<ReturnType<typeof sized>>;
const fromRaw = ({ data, info }: Raw) => sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });

async function encodeAll(
  name: string,
  raw: Raw,
  formats: ImageVariant['format'][],
  encoders: Record<ImageVariant['format'], (p: Sharp) => Sharp>,
): Promise<ImageVariant[]> {
  const variants: ImageVariant[] = [];
  // One after another: the worker has one core (see sharp.concurrency above).
  for (const format of formats) {
    const { data, info } = await encoders[format](fromRaw(raw)).toBuffer({ resolveWithObject: true });
    variants.push({ name, format, contentType: contentTypeOf(format), width: info.width, height: info.height, bytes: ownBytes(data) });
  }
  return variants;
}

/** A centred square, 256, 128 and 64 px (a smaller logo is enlarged: pages show those sizes). */
async function logoVariants(source: Buffer, options: SharpOptions): Promise<ImageVariant[]> {
  const largest = Math.max(...LOGO_SIZES);
  const base = await sized(sharp(source, options).resize(largest, largest, { fit: 'cover', position: 'centre' }));
  const variants: ImageVariant[] = [];
  for (const side of LOGO_SIZES) {
    const raw = side === largest ? base : await sized(fromRaw(base).resize(side, side));
    variants.push(...(await encodeAll(`logo-${side}`, raw, ['webp', 'avif', 'png'], ENCODE_LOGO)));
  }
  return variants;
}

/**
 * The widths variants.ts gives (640, 1280, 1920, never enlarged; at least the first, at the
 * source's width when that is less), each keeping the source's shape.
 */
async function galleryVariants(source: Buffer, options: SharpOptions, sourceWidth: number): Promise<ImageVariant[]> {
  const widths = galleryWidths(sourceWidth);
  const largest = Math.max(...widths.map((w) => w.width));
  // Resized even at the source's width (a no-op then): an SVG drawn at a density may come out a pixel off.
  const base = await sized(sharp(source, options).resize({ width: largest }));
  const variants: ImageVariant[] = [];
  for (const { name, width } of widths) {
    const raw = width === base.info.width ? base : await sized(fromRaw(base).resize({ width }));
    variants.push(...(await encodeAll(`gallery-${name}`, raw, ['webp', 'avif', 'jpeg'], ENCODE)));
  }
  return variants;
}

/** libvips refused the pixels: a cut-off file, a bomb whose header lied, or a damaged one. */
function unreadable(err: unknown, type: ImageType, bytes: Uint8Array): ProcessImageResult {
  const message = err instanceof Error ? err.message.toLowerCase() : '';
  if (message.includes('pixel limit')) {
    return refused('too_many_pixels', `The picture has more than ${megapixels(IMAGE_LIMITS.maxPixels)}, the most we take.`);
  }
  const cutOff = ['premature end', 'truncated', 'end of file', 'unexpected end', 'not enough data', 'out of data'].some((m) => message.includes(m));
  if (cutOff || !endsComplete(bytes, type)) {
    return refused('truncated', `The ${NAMES[type]} file is cut off before its end (an interrupted download or copy?): choose a complete file.`);
  }
  return refused('unsupported_type', `The file starts like a ${NAMES[type]} picture but could not be read: it may be damaged.`);
}
