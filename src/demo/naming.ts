import type { Random } from './random.ts';
import { FIRST_NAMES, LAST_NAMES, NAME_ENDINGS, NAME_SECOND_WORDS, NAME_STARTS } from './vocabulary.ts';

/** A lowercase slug matching ^[a-z0-9][a-z0-9-]{0,219}$ (accents folded, never empty). */
export function slugify(text: string): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    // One '-' per run from here on; '-+$' would be searched for from every '-' of a long run.
    .replace(/^-|-$/g, '')
    .slice(0, 200)
    .replace(/-$/, '');
  return slug || 'x';
}

/** "Flowpad", "Shipkit", sometimes "Orbit Labs" or a bare start word. */
export function productName(rng: Random): string {
  const start = rng.pick(NAME_STARTS);
  const roll = rng.next();
  if (roll < 0.7) {
    const ending = rng.pick(NAME_ENDINGS);
    // "Flow" + "flow" reads as a typo; pick a different ending instead.
    if (start.toLowerCase().endsWith(ending)) return start + rng.pick(NAME_ENDINGS.filter((e) => e !== ending));
    return start + ending;
  }
  if (roll < 0.9) return `${start} ${rng.pick(NAME_SECOND_WORDS)}`;
  return `${start}${rng.pick(NAME_STARTS).toLowerCase()}`;
}

export function personName(rng: Random): string {
  return `${rng.pick(FIRST_NAMES)} ${rng.pick(LAST_NAMES)}`;
}

/** Hands out unique slugs, suffixing -2, -3, … on collision. */
export function slugAllocator(taken: Iterable<string> = []) {
  const used = new Set(taken);
  return (base: string): string => {
    let slug = base;
    for (let n = 2; used.has(slug); n++) slug = `${base}-${n}`;
    used.add(slug);
    return slug;
  };
}
