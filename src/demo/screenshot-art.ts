import { createRandom, hashSeed, type Random } from './random.ts';
import { logoStyle } from './logo-art.ts';

/**
 * A demo gallery picture: an app window in the product's colours, drawn as an SVG wireframe
 * (text as grey bars: no fonts needed). Four views, so a gallery of two to four pictures shows
 * four different screens; the same product and view draw the same bytes every time.
 */
export const SCREENSHOT_SIZE = { width: 1280, height: 800 } as const;

export type ScreenView = 'dashboard' | 'table' | 'board' | 'chart';
export const SCREEN_VIEWS: readonly ScreenView[] = ['dashboard', 'table', 'board', 'chart'];

/** What each view shows, for its alt text (a person who cannot see it) and its caption. */
export const SCREEN_WORDS: Record<ScreenView, { alt: string; caption: string }> = {
  dashboard: { alt: 'dashboard with three summary cards above a bar chart of the last twelve weeks and a list of recent activity', caption: 'The dashboard: the week at a glance' },
  table: { alt: 'list view: a table of records with their owner, status and amount, filters above it', caption: 'Every record in one list, filtered your way' },
  board: { alt: 'board view: cards in four columns from "to do" to "done"', caption: 'Plan the work on a board' },
  chart: { alt: 'report view: a line chart of growth over six months with a legend and totals', caption: 'Reports that show the trend' },
};

const W = SCREENSHOT_SIZE.width;
const H = SCREENSHOT_SIZE.height;
const SIDEBAR = 232;
const TOP = 44;
const INK = '#0f172a';
const MUTED = '#cbd5e1';
const CARD = '#ffffff';

const rect = (x: number, y: number, w: number, h: number, fill: string, extra = '') =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${Math.min(10, h / 2)}" fill="${fill}"${extra}/>`;
/** A line of text as a bar. */
const line = (x: number, y: number, w: number, fill = MUTED) => rect(x, y, w, 12, fill);
const card = (x: number, y: number, w: number, h: number) => rect(x, y, w, h, CARD, ' stroke="#e2e8f0"');

function dashboard(r: Random, accent: string, x0: number, y0: number): string {
  const w = W - x0 - 32;
  const cw = (w - 48) / 3;
  let out = '';
  for (let i = 0; i < 3; i++) {
    const x = x0 + i * (cw + 24);
    out += card(x, y0, cw, 120) + line(x + 24, y0 + 26, 90) + rect(x + 24, y0 + 52, r.int(90, 150), 28, INK) + rect(x + 24, y0 + 92, 56, 12, i === 1 ? '#f59e0b' : '#22c55e');
  }
  const cy = y0 + 144;
  const chartW = w * 0.64;
  out += card(x0, cy, chartW, H - cy - 32) + line(x0 + 24, cy + 24, 160, '#94a3b8');
  const base = H - 72;
  const bw = (chartW - 48) / 12;
  for (let i = 0; i < 12; i++) {
    const h = r.int(60, 300) * (0.6 + i / 30);
    out += rect(x0 + 24 + i * bw + 6, base - h, bw - 12, h, accent, i === 11 ? '' : ' fill-opacity="0.55"');
  }
  const lx = x0 + chartW + 24;
  const lw = w - chartW - 24;
  out += card(lx, cy, lw, H - cy - 32) + line(lx + 24, cy + 24, 120, '#94a3b8');
  for (let i = 0; i < 7; i++) {
    const y = cy + 64 + i * 52;
    out += `<circle cx="${lx + 40}" cy="${y + 6}" r="14" fill="${accent}" fill-opacity="${(0.3 + (i % 3) * 0.2).toFixed(1)}"/>` + line(lx + 66, y - 4, r.int(80, lw - 120)) + line(lx + 66, y + 14, r.int(40, 90), '#e2e8f0');
  }
  return out;
}

function table(r: Random, accent: string, x0: number, y0: number): string {
  const w = W - x0 - 32;
  let out = '';
  for (let i = 0; i < 4; i++) out += rect(x0 + i * 132, y0, 116, 32, i === 0 ? accent : '#e2e8f0', i === 0 ? ' fill-opacity="0.9"' : '');
  const ty = y0 + 56;
  out += card(x0, ty, w, H - ty - 32) + rect(x0, ty, w, 48, '#f8fafc');
  for (const [dx, lw] of [[72, 120], [w * 0.45, 80], [w * 0.65, 70], [w - 140, 90]] as const) out += line(x0 + dx, ty + 18, lw, '#94a3b8');
  const statuses = ['#22c55e', '#f59e0b', '#94a3b8', accent];
  for (let i = 0; i < 10; i++) {
    const y = ty + 48 + i * 56;
    if (y + 56 > H - 40) break;
    out += `<line x1="${x0}" x2="${x0 + w}" y1="${y}" y2="${y}" stroke="#eef2f7"/>`;
    out += `<circle cx="${x0 + 40}" cy="${y + 28}" r="14" fill="${accent}" fill-opacity="0.35"/>` + line(x0 + 72, y + 16, r.int(140, 280), '#64748b') + line(x0 + 72, y + 34, r.int(60, 140), '#e2e8f0');
    out += line(x0 + w * 0.45, y + 22, r.int(70, 140));
    out += rect(x0 + w * 0.65, y + 18, 84, 20, statuses[r.int(0, 3)], ' fill-opacity="0.8"');
    out += rect(x0 + w - 140, y + 22, r.int(50, 100), 12, INK, ' fill-opacity="0.7"');
  }
  return out;
}

function board(r: Random, accent: string, x0: number, y0: number): string {
  const w = W - x0 - 32;
  const cw = (w - 3 * 20) / 4;
  const tags = [accent, '#22c55e', '#f59e0b', '#ec4899', '#0ea5e9'];
  let out = '';
  for (let c = 0; c < 4; c++) {
    const x = x0 + c * (cw + 20);
    out += rect(x, y0, cw, H - y0 - 32, '#e9eef5') + line(x + 16, y0 + 18, 80 + c * 10, '#64748b');
    let y = y0 + 48;
    for (let k = 0; k < r.int(2, 5); k++) {
      const h = r.int(84, 128);
      if (y + h > H - 48) break;
      out += card(x + 12, y, cw - 24, h) + rect(x + 28, y + 16, 48, 10, r.pick(tags)) + line(x + 28, y + 38, r.int(100, cw - 70), '#64748b');
      if (h > 100) out += line(x + 28, y + 58, r.int(60, cw - 90));
      out += `<circle cx="${x + cw - 44}" cy="${y + h - 24}" r="11" fill="${accent}" fill-opacity="0.45"/>`;
      y += h + 14;
    }
  }
  return out;
}

function chart(r: Random, accent: string, x0: number, y0: number): string {
  const w = W - x0 - 32;
  let out = '';
  for (let i = 0; i < 3; i++) out += rect(x0 + i * 200, y0, 184, 64, CARD, ' stroke="#e2e8f0"') + line(x0 + i * 200 + 18, y0 + 14, 70) + rect(x0 + i * 200 + 18, y0 + 34, r.int(80, 130), 18, INK);
  const cy = y0 + 88;
  const ch = H - cy - 32;
  out += card(x0, cy, w, ch);
  const left = x0 + 56;
  const right = x0 + w - 32;
  const top = cy + 48;
  const bottom = cy + ch - 48;
  for (let g = 0; g <= 4; g++) {
    const y = top + ((bottom - top) * g) / 4;
    out += `<line x1="${left}" x2="${right}" y1="${y}" y2="${y}" stroke="#eef2f7"/>` + line(x0 + 16, y - 6, 28, '#e2e8f0');
  }
  const points = (level: number) => {
    let v = level;
    return Array.from({ length: 13 }, (_, i) => {
      v = Math.min(0.95, Math.max(0.05, v + (r.next() - 0.35) * 0.12));
      return [left + ((right - left) * i) / 12, bottom - (bottom - top) * v] as const;
    });
  };
  const main = points(0.2);
  const second = points(0.1);
  const path = (p: readonly (readonly [number, number])[]) => p.map(([x, y], i) => `${i ? 'L' : 'M'}${x.toFixed(1)} ${y.toFixed(1)}`).join(' ');
  out += `<path d="${path(main)} L${right} ${bottom} L${left} ${bottom}Z" fill="url(#area)"/>`;
  out += `<path d="${path(main)}" fill="none" stroke="${accent}" stroke-width="4" stroke-linejoin="round"/>`;
  out += `<path d="${path(second)}" fill="none" stroke="#94a3b8" stroke-width="3" stroke-dasharray="10 8"/>`;
  out += rect(right - 220, cy + 18, 12, 12, accent) + line(right - 200, cy + 18, 70) + rect(right - 110, cy + 18, 12, 12, '#94a3b8') + line(right - 90, cy + 18, 70);
  return out;
}

const VIEWS: Record<ScreenView, (r: Random, accent: string, x0: number, y0: number) => string> = { dashboard, table, board, chart };

/** A screenshot-like picture of the product's `view`. */
export function screenshotSvg(name: string, view: ScreenView): string {
  const r = createRandom(hashSeed(`screen:${name}:${view}`));
  const [accent, deep] = logoStyle(name).palette;
  const nav = Array.from({ length: 7 }, (_, i) => rect(20, 128 + i * 44, SIDEBAR - 40 - (i % 3) * 24, 28, '#ffffff', ` fill-opacity="${i === SCREEN_VIEWS.indexOf(view) ? 0.28 : 0.1}"`)).join('');
  const x0 = SIDEBAR + 32;
  const y0 = TOP + 96;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}"><defs><linearGradient id="side" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${deep}"/><stop offset="1" stop-color="${INK}"/></linearGradient><linearGradient id="area" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${accent}" stop-opacity="0.35"/><stop offset="1" stop-color="${accent}" stop-opacity="0"/></linearGradient></defs>
<rect width="${W}" height="${H}" fill="#f4f6fa"/>
<rect width="${W}" height="${TOP}" fill="#e2e8f0"/><circle cx="24" cy="22" r="7" fill="#f87171"/><circle cx="46" cy="22" r="7" fill="#fbbf24"/><circle cx="68" cy="22" r="7" fill="#34d399"/>${rect(W / 2 - 180, 12, 360, 20, '#ffffff')}
<rect y="${TOP}" width="${SIDEBAR}" height="${H - TOP}" fill="url(#side)"/>${rect(20, TOP + 24, 36, 36, accent)}${line(68, TOP + 36, 96, '#ffffff')}${nav}
${line(x0, TOP + 36, 220, '#334155')}${line(x0, TOP + 60, 320)}${rect(W - 32 - 132, TOP + 28, 132, 40, accent)}${rect(W - 32 - 132 - 56, TOP + 28, 40, 40, '#ffffff', ' stroke="#e2e8f0"')}
${VIEWS[view](r, accent, x0, y0)}</svg>`;
}
