import type { Enclosure } from 'feed';
import type { MediaStorage } from '../../../media/storage/media-storage.ts';
import { variantKey } from '../../../media/processed-image.ts';
import { keptLogoHash, logoUrl } from '../../../media/variants.ts';

/** Sizes remembered at most; past it the memory starts again (each costs one read to learn again). */
const KNOWN_SIZES = 5000;
const LOGO_FILE = { name: 'logo-256', format: 'png' } as const;

/**
 * A launch's logo as its feed item's enclosure (RSS <enclosure>, Atom <link rel="enclosure">):
 * the 256 px PNG every reader can show, at this site's address, with its exact size in bytes.
 * RSS requires a length and readers use it to decide what to fetch; the size is read from the
 * storage once per picture and remembered, which is safe for good because a kept file never
 * changes (its folder is the hash of its source). When the storage cannot be read, the length is
 * 0, what the RSS Best Practices Profile says to give for a size not known. A logo the site does
 * not keep (an address on another site) is no enclosure: a reader would fetch it from there.
 */
export function logoEnclosures(storage: MediaStorage, publicUrl: string) {
  const sizes = new Map<string, Promise<number | null>>();

  function sizeOf(hash: string): Promise<number | null> {
    let size = sizes.get(hash);
    if (!size) {
      if (sizes.size >= KNOWN_SIZES) sizes.clear();
      size = storage.get(variantKey(hash, LOGO_FILE)).then(
        (stored) => {
          // Gone (replaced since the list was read): asked again next time, as it may come back.
          if (!stored) sizes.delete(hash);
          return stored?.size ?? null;
        },
        () => {
          sizes.delete(hash);
          return 0;
        },
      );
      sizes.set(hash, size);
    }
    return size;
  }

  return async function logoEnclosure(logo: string | null): Promise<Enclosure | undefined> {
    const hash = keptLogoHash(logo);
    if (!hash) return undefined;
    const length = await sizeOf(hash);
    return length === null ? undefined : { url: logoUrl(publicUrl, hash), type: 'image/png', length };
  };
}
