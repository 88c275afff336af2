/**
 * Text width estimates for badge layout. An SVG shown as an <img> cannot measure its own text,
 * and the system font differs per viewer (San Francisco, Segoe UI, Roboto…), so we estimate with
 * Helvetica's advance widths and pin each text run to that width with textLength: the layout is
 * then identical everywhere and text never overflows, whatever font the viewer has.
 */

// Advance widths in 1/1000 em for ASCII 32..126 (Helvetica and Helvetica-Bold AFM).
const REGULAR = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, // space … /
  556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556, // 0 … ?
  1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778, // @ … O
  667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556, // P … _
  333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, // ` … o
  556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584, // p … ~
];
const BOLD = [
  278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278,
  556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 333, 333, 584, 584, 584, 611,
  975, 722, 722, 722, 722, 667, 611, 778, 722, 278, 556, 722, 611, 833, 722, 778,
  667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 333, 278, 333, 584, 556,
  333, 556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611,
  611, 611, 389, 556, 333, 611, 556, 778, 556, 556, 500, 389, 280, 389, 584,
];

export type Weight = 'regular' | 'bold';

/** Characters drawn a full em wide: CJK, Hangul, fullwidth forms and emoji (astral planes). */
const WIDE = /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/u;

function advance(ch: string, table: number[]): number {
  const code = ch.codePointAt(0)!;
  if (code >= 32 && code <= 126) return table[code - 32];
  if (code === 0xb7 || code === 0x2022) return 278; // middle dot, bullet
  if (code === 0x2013) return 556; // en dash
  if (code === 0x2014) return 1000; // em dash
  if (code > 0xffff || WIDE.test(ch)) return 1000;
  // Accented Latin letters are about as wide as their base letter.
  const base = ch.normalize('NFD')[0];
  const baseCode = base.codePointAt(0)!;
  if (base !== ch && baseCode >= 32 && baseCode <= 126) return table[baseCode - 32];
  return 600;
}

/** Estimated width in CSS pixels of one line of text, with letter spacing between characters. */
export function textWidth(text: string, fontSize: number, weight: Weight, letterSpacing = 0): number {
  const table = weight === 'bold' ? BOLD : REGULAR;
  let em = 0;
  let count = 0;
  for (const ch of text) {
    em += advance(ch, table);
    count++;
  }
  return (em / 1000) * fontSize + Math.max(0, count - 1) * letterSpacing;
}

export interface FittedText {
  fontSize: number;
  /** Whole pixels: the textLength the run is pinned to. */
  width: number;
}

/**
 * The font size and width at which text fits maxWidth: the preferred size when it fits, else a
 * smaller size down to minFontSize, and at the minimum the run is squeezed to maxWidth.
 */
export function fitText(
  text: string,
  opts: { fontSize: number; minFontSize: number; maxWidth: number; weight: Weight; tracking?: number },
): FittedText {
  const spacing = (size: number) => (opts.tracking ?? 0) * size;
  let fontSize = opts.fontSize;
  let width = textWidth(text, fontSize, opts.weight, spacing(fontSize));
  while (width > opts.maxWidth && fontSize > opts.minFontSize) {
    fontSize--;
    width = textWidth(text, fontSize, opts.weight, spacing(fontSize));
  }
  return { fontSize, width: Math.max(1, Math.min(Math.ceil(width), opts.maxWidth)) };
}

/**
 * Splits text into at most two lines, breaking at the space that best balances them, when it is
 * wider than maxWidth at its natural size. Each line is fitted afterwards.
 */
export function wrapTwoLines(text: string, measure: (line: string) => number, maxWidth: number): string[] {
  if (measure(text) <= maxWidth || !text.includes(' ')) return [text];
  const words = text.split(' ');
  let best = [text];
  let bestWidest = Infinity;
  for (let i = 1; i < words.length; i++) {
    const lines = [words.slice(0, i).join(' '), words.slice(i).join(' ')];
    const widest = Math.max(...lines.map(measure));
    if (widest < bestWidest) {
      best = lines;
      bestWidest = widest;
    }
  }
  return best;
}
