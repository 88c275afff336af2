/**
 * What processing an uploaded (or re-hosted) picture gives back: plain data, so it crosses from the
 * worker pool (workers/tasks.ts processImage) to the request that stores it.
 */
export type ImagePurpose = 'logo' | 'gallery';

export interface ImageVariant {
  /** The file name inside the upload's folder, without extension: 'logo-64', 'gallery-1280'. */
  name: string;
  format: 'webp' | 'avif' | 'png' | 'jpeg';
  contentType: string;
  width: number;
  height: number;
  bytes: Uint8Array;
}

export interface ProcessedImage {
  /** sha256 (hex) of the bytes as uploaded: the folder every variant is stored under. */
  sourceHash: string;
  /** The type read from the bytes (never from the name or the Content-Type). */
  sourceFormat: 'jpeg' | 'png' | 'webp' | 'avif' | 'gif' | 'svg';
  /** The picture's size after orientation (and, for a logo, the square crop). */
  width: number;
  height: number;
  variants: ImageVariant[];
}

/** Why a picture was refused: a stable code and a sentence for the person beside the field. */
export type ImageRefusal =
  | 'empty'
  | 'unsupported_type'
  | 'truncated'
  | 'too_many_pixels'
  | 'too_many_frames'
  | 'unsafe_svg'
  | 'too_small';

export type ProcessImageResult = { ok: true; image: ProcessedImage } | { ok: false; refusal: ImageRefusal; message: string };

/** The key a variant is stored under (media-storage.ts MEDIA_KEY). */
export const variantKey = (sourceHash: string, v: Pick<ImageVariant, 'name' | 'format'>) =>
  `${sourceHash}/${v.name}.${v.format === 'jpeg' ? 'jpg' : v.format}`;
