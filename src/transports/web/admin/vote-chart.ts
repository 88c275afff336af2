import type { HeldGroup } from '../../../domain/admin/vote-review.ts';
import { html, type Html } from '../html.ts';
import { plural } from '../numbers.ts';

const W = 720;
const H = 150;
const LEFT = 44;
const TOP = 10;
const BOTTOM = 26;
const hhmm = (d: Date) => `${d.toISOString().slice(11, 16)}`;

/** A hatch for held votes: they differ from counted ones by pattern and outline as well as colour. */
const hatch = (id: string) =>
  html`<defs><pattern id="${id}" width="5" height="5" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><line class="hatch" x1="0" y1="0" x2="0" y2="5"/></pattern></defs>`;

/** The chart in words: what a screen reader reads instead of the bars, and what anyone may check them against. */
export function chartSummary(g: HeldGroup): string {
  const { since, bucketMs, counted, held } = g.chart;
  const until = new Date(since.getTime() + counted.length * bucketMs);
  const total = counted.reduce((a, b) => a + b, 0) + held.reduce((a, b) => a + b, 0);
  let busiest = 0;
  for (let i = 1; i < counted.length; i++) if (counted[i] + held[i] > counted[busiest] + held[busiest]) busiest = i;
  const heldIn = held.reduce((a, b) => a + b, 0);
  const from = since.toISOString().slice(0, 16).replace('T', ' ');
  const to = until.toISOString().slice(0, 16).replace('T', ' ');
  const peak = counted[busiest] + held[busiest];
  const outside = g.votes.filter((v) => new Date(v.created_at) < since || new Date(v.created_at) >= until).length;
  return (
    `From ${from} to ${to} UTC the listing had ${plural(total, 'vote')}, ${heldIn} of them held and waiting for review.` +
    (peak
      ? ` The busiest ${bucketMs / 60_000} minutes, from ${hhmm(new Date(since.getTime() + busiest * bucketMs))} UTC, had ${plural(peak, 'vote')}, ${held[busiest]} of them held.`
      : '') +
    (outside ? ` ${plural(outside, 'held vote')} of this group listed below ${outside === 1 ? 'was' : 'were'} cast outside these hours.` : '')
  );
}

/**
 * Votes per bucket as an inline SVG bar chart (no script, no style attribute: the page's CSP
 * allows neither; colours come from site.css, so light and dark schemes both keep their
 * contrast). Held votes are stacked on the counted ones, hatched and outlined.
 */
export function voteChart(g: HeldGroup, key: string): Html {
  const { since, bucketMs, counted, held } = g.chart;
  const n = counted.length;
  const max = Math.max(1, ...counted.map((c, i) => c + held[i]));
  const plotH = H - TOP - BOTTOM;
  const barW = (W - LEFT) / n;
  const y = (v: number) => (v / max) * plotH;
  const pattern = `hatch-${key}`;
  const bars: Html[] = [];
  for (let i = 0; i < n; i++) {
    const x = (LEFT + i * barW).toFixed(1);
    const c = y(counted[i]);
    const h = y(held[i]);
    const base = TOP + plotH;
    if (c > 0) bars.push(html`<rect class="counted" x="${x}" y="${(base - c).toFixed(1)}" width="${(barW - 1).toFixed(1)}" height="${c.toFixed(1)}"/>`);
    if (h > 0) bars.push(html`<rect class="held" fill="url(#${pattern})" x="${x}" y="${(base - c - h).toFixed(1)}" width="${(barW - 1).toFixed(1)}" height="${h.toFixed(1)}"/>`);
  }
  // A tick every 6 hours of the window.
  const ticks: Html[] = [];
  const every = Math.round((6 * 3_600_000) / bucketMs);
  for (let i = 0; i <= n; i += every) {
    const x = LEFT + i * barW;
    ticks.push(html`<line class="axis" x1="${x.toFixed(1)}" y1="${TOP + plotH}" x2="${x.toFixed(1)}" y2="${TOP + plotH + 5}"/><text x="${x.toFixed(1)}" y="${H - 6}" text-anchor="${i === 0 ? 'start' : i === n ? 'end' : 'middle'}">${hhmm(new Date(since.getTime() + i * bucketMs))}</text>`);
  }
  const summary = chartSummary(g);
  return html`<figure class="vote-chart">
<svg viewBox="0 0 ${W} ${H}" role="img" aria-labelledby="${key}-chart-title" aria-describedby="${key}-chart-summary">
<title id="${key}-chart-title">Votes for this listing per ${bucketMs / 60_000} minutes, held votes hatched</title>
${hatch(pattern)}
<line class="axis" x1="${LEFT}" y1="${TOP + plotH}" x2="${W}" y2="${TOP + plotH}"/>
<line class="axis" x1="${LEFT}" y1="${TOP}" x2="${LEFT}" y2="${TOP + plotH}"/>
<text x="${LEFT - 6}" y="${TOP + 10}" text-anchor="end">${max}</text>
<text x="${LEFT - 6}" y="${TOP + plotH}" text-anchor="end">0</text>
${bars}
${ticks}
</svg>
<ul class="chart-legend" aria-hidden="true">
<li><svg width="14" height="14" viewBox="0 0 14 14"><rect class="counted" width="14" height="14"/></svg>Counted votes</li>
<li><svg width="14" height="14" viewBox="0 0 14 14">${hatch(`${pattern}-key`)}<rect class="held" fill="url(#${pattern}-key)" x="0.5" y="0.5" width="13" height="13"/></svg>Held votes (hatched), waiting for review</li>
</ul>
<figcaption id="${key}-chart-summary">${summary} Times in UTC.</figcaption>
</figure>`;
}
