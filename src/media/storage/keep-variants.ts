import { variantKey, type ProcessedImage } from '../processed-image.ts';
import type { MediaStorage } from './media-storage.ts';

/** Stores every variant of a processed picture under its content key (the writes side by side). */
export async function keepVariants(storage: MediaStorage, image: ProcessedImage): Promise<void> {
  await Promise.all(image.variants.map((v) => storage.put(variantKey(image.sourceHash, v), Buffer.from(v.bytes), v.contentType)));
}
