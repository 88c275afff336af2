import { fileURLToPath } from 'node:url';
import sharp, { type OverlayOptions } from 'sharp';
import { initials, toneOf } from '../transports/web/logo.ts';
import { SHARE_IMAGE_SIZE, type ShareKind } from './share-card-key.ts';

/**
 * The picture a link preview shows (Open Graph / Twitter card, 1200×630): a listing's name,
 * tagline, logo and votes, or a week's, a leaderboard's or a blog post's title, with the site's
 * name. Pure on its inputs: the same card gives the same bytes, so a card is stored once under the
 * hash of its inputs (share-card-key.ts) and made again only when they change. Runs in the worker
 * pool (workers/tasks.ts renderShareImage).
 *
 * Text is drawn by pango from Inter files shipped in an npm package, handed to it by path
 * (`fontfile`): the machine needs no fonts of its own. (libvips' FreeType reads TrueType, not the
 * WOFF files of @fontsource, hence @expo-google-fonts/inter's TTFs.) Glyphs Inter lacks (CJK,
 * emoji) come from the machine's fonts when it has some, else show as boxes.
 */
export interface ShareCard {
  kind: ShareKind;
  /** A listing's name, a week's, a board's or a post's title. */
  title: string;
  /** The tagline or summary: two lines at most, ellipsised. */
  subtitle: string;
  /** A square logo, already processed (any format sharp reads); a listing without one gets its initials. */
  logoPng?: Uint8Array;
  /** The figure in the corner: "120+ votes", "#1 Notionly". */
  figure?: string;
  siteName: string;
}

const W = SHARE_IMAGE_SIZE.width;
const H = SHARE_IMAGE_SIZE.height;
const PAD = 80;
const LOGO = 240;
const RULE_Y = 486;
/** The site's palette (site.css :root, light). */
const FG = '#1b1b1f';
const MUTED = '#5d5d66';
const ACCENT = '#2f5bd3';
const LINE = '#e4e4ea';
/** directory.css .tone-0 … .tone-7: the initials square has the colour it has on the site. */
const TONES = ['#2f4f8f', '#6b3d8f', '#8f3d5c', '#7a4a1f', '#2f6b4a', '#1f5f6b', '#4a4a8f', '#5c5c38'];

const EYEBROW: Record<ShareKind, string> = { listing: '', week: 'LAUNCH WEEK', leaderboard: 'LEADERBOARD', post: 'BLOG' };

const fontFile = (weight: string) => fileURLToPath(import.meta.resolve(`@expo-google-fonts/inter/${weight}/Inter_${weight}.ttf`));
interface Face {
  file: string;
  /** The pango family and style the file answers to. */
  name: string;
}
const BOLD: Face = { file: fontFile('700Bold'), name: 'Inter Bold' };
const REGULAR: Face = { file: fontFile('400Regular'), name: 'Inter' };

interface Style {
  face: Face;
  px: number;
  color: string;
}

/** Cut before measuring: a card shows a few lines, so a longer text only costs work. */
const MAX_GRAPHEMES = 300;
const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/**
 * Outside text as one line of plain characters: controls (which pango's markup refuses) become
 * spaces, and bidi overrides go (a name must not draw as other letters than it has, e.g.
 * "moc.elgoog" shown as "google.com"; right-to-left scripts still run right to left).
 */
export function plainText(s: string): string {
  let out = '';
  let space = false;
  let count = 0;
  for (const { segment } of graphemes.segment(s)) {
    const code = segment.codePointAt(0)!;
    if ((code >= 0x202a && code <= 0x202e) || (code >= 0x2066 && code <= 0x2069)) continue;
    const blank = code <= 0x20 || (code >= 0x7f && code <= 0x9f) || code === 0x2028 || code === 0x2029;
    if (blank) {
      space = out.length > 0;
      continue;
    }
    if (space) out += ' ';
    space = false;
    out += segment;
    if (++count >= MAX_GRAPHEMES) break;
  }
  return out;
}

/** Text for pango's markup: names come from users, and "<b>" or "&" must stay letters. */
export function escapeMarkup(s: string): string {
  return s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&#39;');
}

/**
 * pango's image is cropped to the ink, so its height says little about lines or baselines. A
 * line of invisible "Ég" (accent above, descender below) above and below the text makes the ink
 * box the same for every text: its height is then `empty + lines × advance`, and the first
 * line's baseline sits at a fixed depth.
 */
const STRUT = '<span alpha="1">Ég</span>';

interface Metrics {
  /** Height of the two strut lines alone. */
  empty: number;
  /** One line's advance. */
  advance: number;
  /** From the image's top to the first text line's baseline. */
  baseline: number;
}

interface Block {
  /** The text drawn (the input, or its cut with "…"). */
  text: string;
  input: Buffer;
  raw: { width: number; height: number; channels: 4 };
  /** Ink width of the text (the struts are narrower than any line that matters). */
  width: number;
  lines: number;
  metrics: Metrics;
}

async function pango(markup: string, style: Style, width?: number) {
  const { data, info } = await sharp({
    text: { text: markup, font: `${style.face.name} ${style.px}px`, fontfile: style.face.file, width, wrap: 'word-char', rgba: true, dpi: 72 },
  })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

const metricsCache = new Map<string, Promise<Metrics>>();
function metricsOf(style: Style): Promise<Metrics> {
  const id = `${style.face.name} ${style.px}`;
  let m = metricsCache.get(id);
  if (!m) {
    m = (async () => {
      const empty = (await pango(`${STRUT}\n${STRUT}`, style)).height;
      const one = (await pango(`${STRUT}\nx\n${STRUT}`, style)).height;
      // "É" has a flat bottom on the baseline: its ink height is the strut's depth to it.
      const ascent = (await pango('É', style)).height;
      return { empty, advance: one - empty, baseline: ascent + (one - empty) };
    })();
    metricsCache.set(id, m);
  }
  return m;
}

async function block(text: string, style: Style, width: number): Promise<Block> {
  const metrics = await metricsOf(style);
  const img = await pango(`${STRUT}\n<span foreground="${style.color}">${escapeMarkup(text)}</span>\n${STRUT}`, style, width);
  return {
    text,
    input: img.data,
    raw: { width: img.width, height: img.height, channels: 4 },
    width: img.width,
    lines: Math.round((img.height - metrics.empty) / metrics.advance),
    metrics,
  };
}

/** Drops what should not end a line before an ellipsis: spaces and light punctuation. */
function trimForEllipsis(s: string): string {
  let end = s.length;
  while (end > 0 && ' ,;:.-–—'.includes(s[end - 1])) end--;
  return s.slice(0, end);
}

/** The text in at most `maxLines` lines of `width`, cut with "…" (at a word when one ends near the cut) if it needs more. */
async function fitted(text: string, style: Style, width: number, maxLines: number): Promise<Block> {
  const whole = await block(text, style, width);
  if (whole.lines <= maxLines) return whole;
  const parts = [...graphemes.segment(text)].map((g) => g.segment);
  const cut = (n: number) => {
    let s = parts.slice(0, n).join('');
    const space = s.lastIndexOf(' ');
    if (space > 0 && s.length - space <= 16) s = s.slice(0, space);
    return `${trimForEllipsis(s)}…`;
  };
  // The longest cut that fits: fitting only gets harder as the cut grows.
  let lo = 0;
  let hi = parts.length - 1;
  let best: Block | undefined;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const b = await block(cut(mid), style, width);
    if (b.lines <= maxLines) {
      best = b;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return best ?? block('…', style, width);
}

/** Places a block so that its first line's baseline is at `baseline`. */
const at = (b: Block, left: number, baseline: number): OverlayOptions => ({ input: b.input, raw: b.raw, left: Math.round(left), top: Math.round(baseline - b.metrics.baseline) });

/** The logo as a rounded square, or null when the bytes are not a picture (the initials stand in). */
async function roundedLogo(bytes: Uint8Array): Promise<Buffer | null> {
  const mask = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${LOGO}" height="${LOGO}"><rect width="${LOGO}" height="${LOGO}" rx="36" fill="#fff"/></svg>`);
  try {
    return await sharp(bytes, { limitInputPixels: 4096 * 4096, failOn: 'error', animated: false })
      .resize(LOGO, LOGO, { fit: 'cover' })
      .ensureAlpha()
      .composite([{ input: mask, blend: 'dest-in' }])
      .png()
      .toBuffer();
  } catch {
    return null;
  }
}

/** The card as a 1200×630 PNG. */
export async function renderShareImage(card: ShareCard): Promise<Uint8Array> {
  return (await drawShareCard(card)).png;
}

/** What a text became on the card: as drawn (cut with "…" when it did not fit) and its lines. */
export interface DrawnText {
  text: string;
  lines: number;
}

/** The card, and what its texts became (for tests: a cut is visible there, not in the pixels). */
export async function drawShareCard(card: ShareCard): Promise<{ png: Uint8Array; title: DrawnText; subtitle?: DrawnText; figure?: DrawnText; siteName: DrawnText }> {
  const title = plainText(card.title) || plainText(card.siteName) || '?';
  const subtitle = plainText(card.subtitle);
  const figure = plainText(card.figure ?? '');
  const siteName = plainText(card.siteName);
  const eyebrow = EYEBROW[card.kind];
  const logo = card.logoPng?.length ? await roundedLogo(card.logoPng) : null;
  const square = card.kind === 'listing'; // weeks, boards and posts have no picture of their own
  const textLeft = square ? PAD + LOGO + 56 : PAD;
  const textWidth = W - PAD - textLeft;

  // The footer: the figure in a pill on the right, the site's name on the left in what is left.
  const fig = figure ? await fitted(figure, { face: BOLD, px: 32, color: '#ffffff' }, 520, 1) : null;
  const pill = fig ? { w: fig.width + 56, h: 64, y: 515 } : null;
  const site = await fitted(siteName || ' ', { face: BOLD, px: 34, color: FG }, W - 2 * PAD - (pill ? pill.w + 40 : 0), 1);

  const titleStyle: Style = { face: BOLD, px: square ? 68 : 76, color: FG };
  const subtitleStyle: Style = { face: REGULAR, px: 36, color: MUTED };
  const eyebrowStyle: Style = { face: BOLD, px: 26, color: ACCENT };
  const [head, sub, brow] = await Promise.all([
    fitted(title, titleStyle, textWidth, 2),
    subtitle ? fitted(subtitle, subtitleStyle, textWidth, 2) : null,
    eyebrow ? block(eyebrow, eyebrowStyle, textWidth) : null,
  ]);

  // The text group, from the eyebrow's (or title's) cap top to the last baseline, centred on the
  // logo square, or in the space above the rule when there is none.
  const cap = (s: Style) => Math.round(s.px * 0.73);
  const browGap = brow ? cap(eyebrowStyle) + 34 : 0;
  const titleSpan = cap(titleStyle) + (head.lines - 1) * head.metrics.advance;
  const subGap = sub ? 64 + (sub.lines - 1) * sub.metrics.advance : 0;
  const groupHeight = browGap + titleSpan + subGap;
  const logoTop = Math.round((12 + RULE_Y) / 2 - LOGO / 2);
  const groupTop = square ? logoTop + Math.max(0, (LOGO - groupHeight) / 2) : Math.max(70, (12 + RULE_Y) / 2 - groupHeight / 2);
  const titleBaseline = groupTop + browGap + cap(titleStyle);
  const titleLast = titleBaseline + (head.lines - 1) * head.metrics.advance;

  const tone = TONES[toneOf(card.title)];
  const background = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">
<rect width="${W}" height="${H}" fill="#ffffff"/>
<circle cx="${W - 70}" cy="70" r="280" fill="${ACCENT}" fill-opacity="0.06"/>
<rect width="${W}" height="12" fill="${ACCENT}"/>
<rect x="${PAD}" y="${RULE_Y}" width="${W - 2 * PAD}" height="2" fill="${LINE}"/>
${square && !logo ? `<rect x="${PAD}" y="${logoTop}" width="${LOGO}" height="${LOGO}" rx="36" fill="${tone}"/>` : ''}
${square && logo ? `<rect x="${PAD - 2}" y="${logoTop - 2}" width="${LOGO + 4}" height="${LOGO + 4}" rx="38" fill="${LINE}"/>` : ''}
${pill ? `<rect x="${W - PAD - pill.w}" y="${pill.y}" width="${pill.w}" height="${pill.h}" rx="${pill.h / 2}" fill="${ACCENT}"/>` : ''}
</svg>`);

  const layers: OverlayOptions[] = [];
  if (square && logo) layers.push({ input: logo, left: PAD, top: logoTop });
  if (square && !logo) {
    const letters = await pango(`<span foreground="#ffffff">${escapeMarkup(initials(title))}</span>`, { face: BOLD, px: 104, color: '#ffffff' });
    layers.push({
      input: letters.data,
      raw: { width: letters.width, height: letters.height, channels: 4 },
      left: Math.round(PAD + (LOGO - letters.width) / 2),
      top: Math.round(logoTop + (LOGO - letters.height) / 2),
    });
  }
  if (brow) layers.push(at(brow, textLeft, groupTop + cap(eyebrowStyle)));
  layers.push(at(head, textLeft, titleBaseline));
  if (sub) layers.push(at(sub, textLeft, titleLast + 64));
  const footerBaseline = 560;
  layers.push(at(site, PAD, footerBaseline));
  if (fig && pill) layers.push(at(fig, W - PAD - pill.w + 28, pill.y + pill.h / 2 + cap({ face: BOLD, px: 32, color: '' }) / 2));

  // A card is flat colours and anti-aliased text: 256 colours (libimagequant, dithered) look the
  // same and weigh about half (44 → 20 kB in bench:pictures), for ~90 ms more, once per card.
  const png = await sharp(background).composite(layers).removeAlpha().png({ palette: true, compressionLevel: 9, effort: 10 }).toBuffer();
  const drawn = (b: Block): DrawnText => ({ text: b.text, lines: b.lines });
  return { png, title: drawn(head), subtitle: sub ? drawn(sub) : undefined, figure: fig ? drawn(fig) : undefined, siteName: drawn(site) };
}
