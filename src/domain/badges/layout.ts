import type { BadgeShape, BadgeSize } from '../../contract/badge.ts';
import type { Glyph } from './icons.ts';
import { fitText, textWidth, wrapTwoLines, type FittedText } from './metrics.ts';
import type { Role } from './palette.ts';
import type { BadgeWording } from './wording.ts';

/**
 * Badge geometry, apart from colour and serialisation. Every coordinate and length is a whole CSS
 * pixel, so edges land on pixel boundaries at 1× and stay sharp at 2×; borders are drawn as a
 * filled rectangle under an inset one (or a 2 px stroke on a 1 px inset) for the same reason.
 */
export type Node =
  | { type: 'rect'; x: number; y: number; width: number; height: number; rx: number; fill?: Role; stroke?: Role; crisp?: boolean }
  | { type: 'path'; d: string; fill: Role }
  | { type: 'mark'; x: number; y: number; size: number; glyph: Glyph; circle: Role; ink: Role }
  | {
      type: 'text';
      x: number;
      y: number;
      text: string;
      fontSize: number;
      bold: boolean;
      fill: Role;
      /** textLength: the estimated width the run is pinned to. */
      width: number;
      anchor: 'start' | 'middle';
      letterSpacing: number;
    };

export interface Layout {
  width: number;
  height: number;
  nodes: Node[];
}

/** Cap height of the system fonts we name, as a share of the font size (SF 0.71, Segoe 0.70, Roboto 0.71). */
const CAP = 0.7;
/** Letter spacing of the small upper-case line, in em. */
const TRACKING = 0.06;

/** Two lines beside a round mark: standard, outline and banner. */
const CARD = {
  s: { h: 40, pad: 10, mark: 20, gap: 8, eyebrow: 8, title: 14, radius: 6, lineGap: 4, maxText: 220 },
  m: { h: 54, pad: 12, mark: 28, gap: 10, eyebrow: 10, title: 18, radius: 8, lineGap: 5, maxText: 280 },
  l: { h: 68, pad: 16, mark: 36, gap: 12, eyebrow: 12, title: 22, radius: 10, lineGap: 6, maxText: 360 },
};
/** One line in a capsule. */
const PILL = {
  s: { h: 24, mark: 14, gap: 6, pad: 10, font: 11, maxText: 260 },
  m: { h: 32, mark: 20, gap: 7, pad: 13, font: 14, maxText: 340 },
  l: { h: 40, mark: 26, gap: 8, pad: 16, font: 17, maxText: 420 },
};
/** Stacked and centred in a square. */
const SQUARE = {
  s: { size: 96, pad: 8, mark: 28, gap: 9, eyebrow: 8, title: 15, radius: 10, lineGap: 6 },
  m: { size: 128, pad: 10, mark: 36, gap: 12, eyebrow: 10, title: 19, radius: 12, lineGap: 8 },
  l: { size: 160, pad: 12, mark: 44, gap: 15, eyebrow: 12, title: 24, radius: 14, lineGap: 10 },
};

const upper = (s: string) => s.toUpperCase();

function fitEyebrow(text: string, size: number, maxWidth: number): FittedText {
  return fitText(text, { fontSize: size, minFontSize: size - 1, maxWidth, weight: 'bold', tracking: TRACKING });
}
function fitTitle(text: string, size: number, maxWidth: number): FittedText {
  return fitText(text, { fontSize: size, minFontSize: Math.ceil(size * 0.7), maxWidth, weight: 'bold' });
}

function text(
  x: number,
  y: number,
  value: string,
  fitted: FittedText,
  style: { bold: boolean; fill: Role; anchor?: 'start' | 'middle'; tracked?: boolean },
): Node {
  return {
    type: 'text',
    x,
    y,
    text: value,
    fontSize: fitted.fontSize,
    bold: style.bold,
    fill: style.fill,
    width: fitted.width,
    anchor: style.anchor ?? 'start',
    letterSpacing: style.tracked ? Math.round(fitted.fontSize * TRACKING * 10) / 10 : 0,
  };
}

/** A bordered rounded rectangle: border colour underneath, background inset by one pixel. */
function card(width: number, height: number, rx: number): Node[] {
  return [
    { type: 'rect', x: 0, y: 0, width, height, rx, fill: 'border' },
    { type: 'rect', x: 1, y: 1, width: width - 2, height: height - 2, rx: Math.max(0, rx - 1), fill: 'bg' },
  ];
}

/** Baselines of a small line over a large one, the pair centred on its cap heights. */
function twoBaselines(height: number, small: number, large: number, gap: number) {
  const block = small * CAP + gap + large * CAP;
  const first = Math.round((height - block) / 2 + small * CAP);
  return [first, Math.round(first + gap + large * CAP)];
}

function cardLike(shape: 'standard' | 'outline' | 'banner', w: BadgeWording, glyph: Glyph, size: BadgeSize): Layout {
  const m = CARD[size];
  const eyebrow = fitEyebrow(upper(w.eyebrow), m.eyebrow, m.maxText);
  const title = fitTitle(w.title, m.title, m.maxText);
  const [eyebrowY, titleY] = twoBaselines(m.h, m.eyebrow, m.title, m.lineGap);
  // The banner's mark sits in a square colour block; the others' mark sits on the background.
  const textX = shape === 'banner' ? m.h + m.gap + 2 : m.pad + m.mark + m.gap;
  const textEnd = textX + Math.max(eyebrow.width, title.width);
  const markAt = shape === 'banner' ? Math.round((m.h - m.mark) / 2) : m.pad;
  const mark: Node = {
    type: 'mark',
    x: markAt,
    y: Math.round((m.h - m.mark) / 2),
    size: m.mark,
    glyph,
    circle: shape === 'banner' ? 'onAccent' : 'accent',
    ink: shape === 'banner' ? 'accent' : 'onAccent',
  };
  const words = [
    text(textX, eyebrowY, upper(w.eyebrow), eyebrow, { bold: true, fill: 'muted', tracked: true }),
    text(textX, titleY, w.title, title, { bold: true, fill: 'text' }),
  ];

  if (shape === 'banner') {
    let width = textEnd + m.pad + 4;
    const extra: Node[] = [];
    if (w.caption) {
      // A divider, then the week: "WEEK OF / Mar 2, 2026".
      const dividerX = textEnd + m.pad + 2;
      const capX = dividerX + m.pad + 2;
      const capEyebrow = fitEyebrow(upper(w.caption.eyebrow), m.eyebrow, m.maxText);
      const capValue = fitTitle(w.caption.value, m.title - 4, m.maxText);
      extra.push(
        { type: 'rect', x: dividerX, y: m.pad, width: 1, height: m.h - 2 * m.pad, rx: 0, fill: 'border', crisp: true },
        text(capX, eyebrowY, upper(w.caption.eyebrow), capEyebrow, { bold: true, fill: 'muted', tracked: true }),
        text(capX, titleY, w.caption.value, capValue, { bold: true, fill: 'text' }),
      );
      width = capX + Math.max(capEyebrow.width, capValue.width) + m.pad + 4;
    }
    const r = m.radius;
    // The colour block: the left end of the card, rounded on its outer corners only.
    const block: Node = { type: 'path', fill: 'accent', d: `M${r} 0H${m.h}V${m.h}H${r}A${r} ${r} 0 0 1 0 ${m.h - r}V${r}A${r} ${r} 0 0 1 ${r} 0Z` };
    return { width, height: m.h, nodes: [...card(width, m.h, r), block, mark, ...words, ...extra] };
  }

  const width = textEnd + m.pad + 2;
  const frame: Node[] =
    shape === 'outline'
      ? [{ type: 'rect', x: 1, y: 1, width: width - 2, height: m.h - 2, rx: m.radius - 1, stroke: 'accent' }]
      : card(width, m.h, m.radius);
  return { width, height: m.h, nodes: [...frame, mark, ...words] };
}

function pill(w: BadgeWording, glyph: Glyph, size: BadgeSize): Layout {
  const m = PILL[size];
  // The words before the site name take what they need (at most half the line); the name gets the rest.
  const space = Math.round(textWidth(' ', m.font, 'regular'));
  const lead = fitText(w.lead, { fontSize: m.font, minFontSize: m.font - 2, maxWidth: m.maxText / 2, weight: 'regular' });
  const strong = fitTitle(w.title, m.font, m.maxText - lead.width - space);
  // The mark is concentric with the capsule's rounded end.
  const inset = (m.h - m.mark) / 2;
  const leadX = inset + m.mark + m.gap;
  const strongX = leadX + lead.width + space;
  const width = strongX + strong.width + m.pad;
  const y = Math.round(m.h / 2 + (m.font * CAP) / 2);
  return {
    width,
    height: m.h,
    nodes: [
      ...card(width, m.h, m.h / 2),
      { type: 'mark', x: inset, y: inset, size: m.mark, glyph, circle: 'accent', ink: 'onAccent' },
      text(leadX, y, w.lead, lead, { bold: false, fill: 'muted' }),
      text(strongX, y, w.title, strong, { bold: true, fill: 'text' }),
    ],
  };
}

function square(w: BadgeWording, glyph: Glyph, size: BadgeSize): Layout {
  const m = SQUARE[size];
  const inner = m.size - 2 * m.pad;
  const cx = m.size / 2;
  // A long eyebrow ("#1 LAUNCH OF THE WEEK") takes two lines rather than shrinking out of reach.
  const lines = wrapTwoLines(upper(w.eyebrow), (l) => textWidth(l, m.eyebrow, 'bold', m.eyebrow * TRACKING), inner);
  const eyebrows = lines.map((l) => fitEyebrow(l, m.eyebrow, inner));
  // A long site name wraps too, once it no longer fits at 85 % of the size.
  const titleLines = wrapTwoLines(w.title, (l) => textWidth(l, Math.round(m.title * 0.85), 'bold'), inner);
  const titles = titleLines.map((l) => fitTitle(l, titleLines.length > 1 ? m.title - 2 : m.title, inner));
  const lineHeight = m.eyebrow + 3;
  const titleLineHeight = m.title;
  const height =
    m.mark + m.gap + m.eyebrow * CAP + (lines.length - 1) * lineHeight + m.lineGap + m.title * CAP + (titleLines.length - 1) * titleLineHeight;
  const top = Math.round((m.size - height) / 2);
  const firstEyebrowY = Math.round(top + m.mark + m.gap + m.eyebrow * CAP);
  const titleY = Math.round(firstEyebrowY + (lines.length - 1) * lineHeight + m.lineGap + m.title * CAP);
  return {
    width: m.size,
    height: m.size,
    nodes: [
      ...card(m.size, m.size, m.radius),
      { type: 'mark', x: cx - m.mark / 2, y: top, size: m.mark, glyph, circle: 'accent', ink: 'onAccent' },
      ...lines.map((l, i) =>
        text(cx, firstEyebrowY + i * lineHeight, l, eyebrows[i], { bold: true, fill: 'muted', anchor: 'middle', tracked: true }),
      ),
      ...titleLines.map((l, i) => text(cx, titleY + i * titleLineHeight, l, titles[i], { bold: true, fill: 'text', anchor: 'middle' })),
    ],
  };
}

export function layoutBadge(shape: BadgeShape, size: BadgeSize, wording: BadgeWording, glyph: Glyph): Layout {
  if (shape === 'pill') return pill(wording, glyph, size);
  if (shape === 'square') return square(wording, glyph, size);
  return cardLike(shape, wording, glyph, size);
}

/** Heights per shape and size (square: also the width). Documented, and checked by the tests. */
export const BADGE_HEIGHTS: Record<BadgeShape, Record<BadgeSize, number>> = {
  standard: { s: CARD.s.h, m: CARD.m.h, l: CARD.l.h },
  outline: { s: CARD.s.h, m: CARD.m.h, l: CARD.l.h },
  banner: { s: CARD.s.h, m: CARD.m.h, l: CARD.l.h },
  pill: { s: PILL.s.h, m: PILL.m.h, l: PILL.l.h },
  square: { s: SQUARE.s.size, m: SQUARE.m.size, l: SQUARE.l.size },
};
