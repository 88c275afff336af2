import { createRandom, hashSeed, type Random } from './random.ts';

/**
 * A demo product's logo as an SVG, drawn from its name alone: a white mark on a rounded square
 * of two colours, the way many small products' logos look. Shapes, never letters: an SVG's text
 * would need fonts the machine may not have, and the initials are already what a listing without
 * a logo shows (logo.ts), so a mark makes a kept logo tell at a glance.
 */
export const LOGO_ART_SIDE = 256;

/** Gradient pairs, light enough apart that a white mark reads on both ends. */
export const LOGO_PALETTES: readonly (readonly [string, string])[] = [
  ['#4f46e5', '#7c3aed'],
  ['#0284c7', '#2563eb'],
  ['#059669', '#0d9488'],
  ['#d97706', '#ea580c'],
  ['#dc2626', '#db2777'],
  ['#7c3aed', '#c026d3'],
  ['#0d9488', '#16a34a'],
  ['#ea580c', '#e11d48'],
  ['#334155', '#0f172a'],
  ['#0891b2', '#4f46e5'],
  ['#65a30d', '#15803d'],
  ['#9333ea', '#4338ca'],
];

const C = LOGO_ART_SIDE / 2;
const WHITE = '#ffffff';

/** Each mark is drawn around the centre (128, 128) within about 130 px; `bg` is the darker colour, for cut-outs. */
const MARKS: ((r: Random, bg: string) => string)[] = [
  // An orbit: a ring and a moon.
  (r) => {
    const a = (r.int(0, 7) * Math.PI) / 4;
    return `<circle cx="${C}" cy="${C}" r="50" fill="none" stroke="${WHITE}" stroke-width="18"/><circle cx="${(C + 50 * Math.cos(a)).toFixed(1)}" cy="${(C + 50 * Math.sin(a)).toFixed(1)}" r="20" fill="${WHITE}"/>`;
  },
  // Two overlapping circles.
  () => `<circle cx="${C - 26}" cy="${C}" r="46" fill="${WHITE}"/><circle cx="${C + 26}" cy="${C}" r="46" fill="${WHITE}" fill-opacity="0.55"/>`,
  // Rising bars.
  (r) => {
    const heights = [r.int(40, 60), r.int(66, 86), r.int(96, 120)];
    return heights.map((h, i) => `<rect x="${C - 62 + i * 44}" y="${C + 60 - h}" width="32" height="${h}" rx="9" fill="${WHITE}"${i === 0 ? ' fill-opacity="0.6"' : ''}/>`).join('');
  },
  // A diamond with a diamond cut out.
  (_, bg) => `<rect x="${C - 50}" y="${C - 50}" width="100" height="100" rx="14" transform="rotate(45 ${C} ${C})" fill="${WHITE}"/><rect x="${C - 18}" y="${C - 18}" width="36" height="36" rx="6" transform="rotate(45 ${C} ${C})" fill="${bg}"/>`,
  // A four-pointed spark.
  () => `<path d="M${C} ${C - 70} C${C + 10} ${C - 14} ${C + 14} ${C - 10} ${C + 70} ${C} C${C + 14} ${C + 10} ${C + 10} ${C + 14} ${C} ${C + 70} C${C - 10} ${C + 14} ${C - 14} ${C + 10} ${C - 70} ${C} C${C - 14} ${C - 10} ${C - 10} ${C - 14} ${C} ${C - 70}Z" fill="${WHITE}"/>`,
  // Four tiles, one lighter.
  (r) => {
    const light = r.int(0, 3);
    return [0, 1, 2, 3]
      .map((i) => `<rect x="${C - 56 + (i % 2) * 62}" y="${C - 56 + Math.floor(i / 2) * 62}" width="50" height="50" rx="12" fill="${WHITE}"${i === light ? ' fill-opacity="0.5"' : ''}/>`)
      .join('');
  },
  // Two waves.
  () =>
    [-22, 22]
      .map((dy, i) => `<path d="M${C - 66} ${C + dy} q22 -30 44 0 t44 0 t44 0" fill="none" stroke="${WHITE}" stroke-width="16" stroke-linecap="round"${i ? ' stroke-opacity="0.6"' : ''}/>`)
      .join(''),
  // A bolt.
  () => `<path d="M${C + 14} ${C - 72} L${C - 46} ${C + 10} H${C - 4} L${C - 16} ${C + 72} L${C + 46} ${C - 12} H${C + 4}Z" fill="${WHITE}" stroke="${WHITE}" stroke-width="6" stroke-linejoin="round"/>`,
  // A hexagon outline with a dot.
  () => {
    const points = Array.from({ length: 6 }, (_, i) => {
      const a = Math.PI / 6 + (i * Math.PI) / 3;
      return `${(C + 60 * Math.cos(a)).toFixed(1)},${(C + 60 * Math.sin(a)).toFixed(1)}`;
    }).join(' ');
    return `<polygon points="${points}" fill="none" stroke="${WHITE}" stroke-width="16" stroke-linejoin="round"/><circle cx="${C}" cy="${C}" r="16" fill="${WHITE}"/>`;
  },
  // A signal: a dot and two arcs.
  () =>
    `<circle cx="${C - 44}" cy="${C + 44}" r="16" fill="${WHITE}"/>` +
    [50, 90]
      .map((radius, i) => `<path d="M${C - 44} ${C + 44 - radius} A${radius} ${radius} 0 0 1 ${C - 44 + radius} ${C + 44}" fill="none" stroke="${WHITE}" stroke-width="16" stroke-linecap="round"${i ? ' stroke-opacity="0.7"' : ''}/>`)
      .join(''),
  // Two chevrons.
  () =>
    [-20, 24]
      .map((dy, i) => `<path d="M${C - 54} ${C + dy + 18} L${C} ${C + dy - 26} L${C + 54} ${C + dy + 18}" fill="none" stroke="${WHITE}" stroke-width="18" stroke-linecap="round" stroke-linejoin="round"${i ? ' stroke-opacity="0.6"' : ''}/>`)
      .join(''),
  // A leaf: two quarter circles back to back.
  () => `<path d="M${C - 60} ${C + 60} A120 120 0 0 1 ${C + 60} ${C - 60} A120 120 0 0 1 ${C - 60} ${C + 60}Z" fill="${WHITE}"/><path d="M${C - 60} ${C + 60} L${C + 20} ${C - 20}" stroke-opacity="0.35" stroke="#000000" stroke-width="6" stroke-linecap="round"/>`,
  // A pie with a slice out.
  () => `<path d="M${C} ${C} L${C} ${C - 64} A64 64 0 1 1 ${C - 64} ${C}Z" fill="${WHITE}"/><path d="M${C - 10} ${C - 10} L${C - 74} ${C - 10} A64 64 0 0 1 ${C - 10} ${C - 74}Z" fill="${WHITE}" fill-opacity="0.55"/>`,
  // A rounded triangle, pointing a way.
  () => `<path d="M${C - 40} ${C - 62} L${C + 62} ${C} L${C - 40} ${C + 62}Z" fill="${WHITE}" stroke="${WHITE}" stroke-width="20" stroke-linejoin="round"/>`,
];

/** The palette and mark a name gets: for the screenshots, which wear the product's colours. */
export function logoStyle(name: string): { palette: readonly [string, string]; random: Random } {
  const random = createRandom(hashSeed(`logo:${name}`));
  return { palette: LOGO_PALETTES[random.int(0, LOGO_PALETTES.length - 1)], random };
}

/** The logo of a product name: the same name draws the same bytes every time. */
export function logoSvg(name: string): string {
  const { palette, random: r } = logoStyle(name);
  const [from, to] = palette;
  const mark = MARKS[r.int(0, MARKS.length - 1)](r, to);
  // A quarter turn now and then, so two products with the same mark still differ.
  const turn = r.chance(0.35) ? r.int(1, 3) * 90 : 0;
  // The light's direction and a soft circle in a corner: no two names look the same.
  const [x1, y1, x2, y2] = r.pick([[0, 0, 1, 1], [1, 0, 0, 1], [0, 0, 0, 1], [0, 0, 1, 0], [0.5, 0, 0.5, 1], [0, 0.3, 1, 0.7]]);
  const glow = `<circle cx="${r.pick([0, LOGO_ART_SIDE])}" cy="${r.pick([0, LOGO_ART_SIDE])}" r="${r.int(70, 150)}" fill="${WHITE}" fill-opacity="${r.pick(['0.08', '0.12', '0.16'])}"/>`;
  const S = LOGO_ART_SIDE;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${S}" height="${S}" viewBox="0 0 ${S} ${S}"><defs><linearGradient id="g" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient><clipPath id="c"><rect width="${S}" height="${S}" rx="56"/></clipPath></defs><g clip-path="url(#c)"><rect width="${S}" height="${S}" fill="url(#g)"/>${glow}</g><g transform="rotate(${turn} ${C} ${C})">${mark}</g></svg>`;
}
