/** The printed tables and verdicts of `npm run bench:votes`. */
import type { Engine } from './report.ts';
import os from 'node:os';
import { ENGINE_NAMES } from './report.ts';

/** Kendall tau over many seeded organic weeks (votes-sensitivity.ts): how safe the pass is. */
export interface TauSpread {
  weeks: number;
  min: number;
  median: number;
  max: number;
  passing: number;
}

export interface TargetPlaces {
  id: string;
  organic: { weighted: number; unweighted: number };
  attacked: { weighted: number; unweighted: number };
}

export interface ScenarioResult {
  key: string;
  title: string;
  kind: 'attack' | 'legitimate';
  targets: TargetPlaces[];
  /** The scenario's own votes (all listings), and how many of them the job held, by reason. */
  votes: number;
  held: number;
  reasons: Record<string, number>;
  /** Organic votes held in this run beyond those held in the organic run (collateral). */
  collateral: number;
  /** The scenario's votes for its targets: people and counted points (in votes, 1 = 1000 points). */
  targetPeople: number;
  targetCounted: number;
  jobMs: number;
}

export interface OrganicResult {
  listings: number;
  voters: number;
  votes: number;
  held: number;
  reasons: Record<string, number>;
  /** Kendall tau-b of counted points against people, over the week's listings. */
  tauB: number;
  /** Kendall tau of the two board orders (ties broken as the boards break them). */
  tauPlaces: number;
  moved: number;
  largestMove: number;
  /** Mean counted weight of a vote. */
  meanWeight: number;
  jobMs: number;
  /** Tau-b over other seeded organic weeks, weighed in memory (votes-sensitivity.ts). */
  spread: TauSpread;
}

export interface TimingRun {
  votes: number;
  changed: number;
  held: number;
  totalMs: number;
  ms: { read: number; detect: number; write: number };
  /** The machine's 1-minute load average when the run ended (2 CPUs: above 2, others were running too). */
  load: number;
}

export interface TimingResult {
  voters: number;
  listings: number;
  votes: number;
  seedMs: number;
  first: TimingRun;
  repeat: TimingRun;
  reasons: Record<string, number>;
}

export interface EngineVotes {
  engine: Engine;
  database: string;
  week: string;
  rules: string;
  organic: OrganicResult;
  scenarios: ScenarioResult[];
  timing?: TimingResult;
}

export const TIMING_LIMIT_MS = 10_000;
export const TAU_MIN = 0.95;
export const LEGIT_MIN = 0.5;

/** Kendall tau-b: ties in either series count in neither concordant nor discordant pairs. */
export function kendallTauB(x: readonly number[], y: readonly number[]): number {
  let concordant = 0;
  let discordant = 0;
  let tiedX = 0;
  let tiedY = 0;
  for (let i = 0; i < x.length; i++) {
    for (let j = i + 1; j < x.length; j++) {
      const dx = Math.sign(x[i] - x[j]);
      const dy = Math.sign(y[i] - y[j]);
      if (dx === 0 && dy === 0) continue;
      if (dx === 0) tiedX++;
      else if (dy === 0) tiedY++;
      else if (dx === dy) concordant++;
      else discordant++;
    }
  }
  const denominator = Math.sqrt((concordant + discordant + tiedX) * (concordant + discordant + tiedY));
  return denominator === 0 ? 1 : (concordant - discordant) / denominator;
}

export function scenarioPass(s: ScenarioResult): boolean {
  if (s.kind === 'legitimate') return s.targetPeople > 0 && s.targetCounted / s.targetPeople >= LEGIT_MIN;
  return maxMove(s) <= 1;
}

/** Places the attack gained (positive: up the board) at most, over its targets. */
export const maxMove = (s: ScenarioResult) => Math.max(...s.targets.map((t) => t.organic.weighted - t.attacked.weighted));

const int = (n: number) => Math.round(n).toLocaleString('en-US');
const secs = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const reasonsText = (r: Record<string, number>) =>
  Object.entries(r)
    .map(([k, n]) => `${k} ${n}`)
    .join(', ');

function table(headers: string[], rows: string[][]): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const fmt = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i])).join('  ').trimEnd();
  return [fmt(headers), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(fmt)].join('\n');
}

function placesText(ts: TargetPlaces[], which: 'weighted' | 'unweighted'): string {
  if (ts.length === 1) return `#${ts[0].organic[which]} → #${ts[0].attacked[which]}`;
  const gains = ts.map((t) => t.organic[which] - t.attacked[which]);
  const first = Math.min(...ts.map((t) => t.organic.weighted));
  const last = Math.max(...ts.map((t) => t.organic.weighted));
  const [low, high] = [Math.min(...gains), Math.max(...gains)];
  return `#${first}–#${last}: up ${low === high ? `${low} each` : `${low} to ${high}`}`;
}

export function formatEngineVotes(r: EngineVotes): string {
  const o = r.organic;
  const head =
    `${ENGINE_NAMES[r.engine]} — ${r.database}\n` +
    `launch week ${r.week}: ${o.listings} live listings, ${int(o.voters)} organic voters, ${int(o.votes)} votes; rules: ${r.rules}`;
  const rows = r.scenarios.map((s) => {
    const pass = scenarioPass(s);
    const goal = s.kind === 'legitimate' ? `keeps ≥ ${LEGIT_MIN * 100} % of its weight` : 'target moves ≤ 1 place';
    const result =
      s.kind === 'legitimate'
        ? `${(s.targetCounted).toFixed(1)} of ${s.targetPeople} = ${((100 * s.targetCounted) / s.targetPeople).toFixed(0)} %`
        : `up ${maxMove(s)}`;
    return [
      s.title,
      placesText(s.targets, 'weighted'),
      placesText(s.targets, 'unweighted'),
      `${s.held}/${s.votes}${s.held ? ` (${reasonsText(s.reasons)})` : ''}${s.collateral ? `; +${s.collateral} organic` : ''}`,
      goal,
      result,
      pass ? 'PASS' : 'FAIL',
    ];
  });
  const scenarios = table(['scenario', 'weighted place (organic → attacked)', 'unweighted place', 'its votes held', 'goal', 'result', 'verdict'], rows);
  const details = r.scenarios
    .filter((s) => s.targets.length > 1)
    .map((s) => `  ${s.title.slice(0, 3)} places, weighted (unweighted): ${s.targets.map((t) => `${t.organic.weighted}→${t.attacked.weighted} (${t.organic.unweighted}→${t.attacked.unweighted})`).join(', ')}`);
  const tauPass = o.tauB >= TAU_MIN;
  const organic =
    `organic ranking: Kendall tau-b (counted points vs people) ${o.tauB.toFixed(3)} — goal ≥ ${TAU_MIN} — ${tauPass ? 'PASS' : 'FAIL'}; ` +
    `tau of the two board orders ${o.tauPlaces.toFixed(3)}; ${o.moved} of ${o.listings} listings change place (largest move ${o.largestMove}); ` +
    `mean weight of a vote ${o.meanWeight.toFixed(3)}; organic votes held ${o.held}${o.held ? ` (${reasonsText(o.reasons)})` : ''}; job ${secs(o.jobMs)}\n` +
    `  the same organic week from ${o.spread.weeks} other seeds, weighed in memory by the formula alone: tau-b min ${o.spread.min.toFixed(3)}, ` +
    `median ${o.spread.median.toFixed(3)}, max ${o.spread.max.toFixed(3)}; ≥ ${TAU_MIN} in ${o.spread.passing} of ${o.spread.weeks}`;
  const out = [head, '', scenarios, ...details, '', organic];
  const t = r.timing;
  if (t) {
    const line = (label: string, x: TimingRun) => [
      label,
      int(x.votes),
      int(x.changed),
      int(x.held),
      secs(x.totalMs),
      secs(x.ms.read),
      secs(x.ms.detect),
      secs(x.ms.write),
      x.load.toFixed(1),
      x.totalMs <= TIMING_LIMIT_MS ? 'PASS' : 'FAIL',
    ];
    out.push(
      '',
      `detection job on a week of ${int(t.votes)} votes (${int(t.voters)} voters, ${t.listings} listings, Zipf; seeded in ${secs(t.seedMs)}), detection in the worker pool; goal ≤ ${TIMING_LIMIT_MS / 1000} s`,
      table(['run', 'votes', 'changed', 'held', 'total', 'read', 'detect', 'write', 'load avg', 'verdict'], [
        line('first: every vote re-weighed (the run after the upgrade)', t.first),
        line('next: 10 minutes later (every run after)', t.repeat),
      ]),
      `  held at this scale: ${t.first.held ? reasonsText(t.reasons) : 'none'}; load avg = the machine's 1-minute load when the run ended (${os.availableParallelism()} CPUs: more means other work shared them)`,
    );
  }
  return out.join('\n');
}

export interface VoteVerdict {
  status: 'PASS' | 'FAIL';
  target: string;
  detail: string;
}

export function voteVerdicts(results: EngineVotes[]): VoteVerdict[] {
  const out: VoteVerdict[] = [];
  for (const r of results) {
    const name = ENGINE_NAMES[r.engine];
    for (const s of r.scenarios) {
      out.push({
        status: scenarioPass(s) ? 'PASS' : 'FAIL',
        target: `${name}: ${s.title}: ${s.kind === 'legitimate' ? `keeps ≥ ${LEGIT_MIN * 100} % of its weight` : 'target moves ≤ 1 place'}`,
        detail:
          s.kind === 'legitimate'
            ? `${((100 * s.targetCounted) / s.targetPeople).toFixed(0)} % counted`
            : `up ${maxMove(s)} (unweighted it would have gone up ${Math.max(...s.targets.map((t) => t.organic.unweighted - t.attacked.unweighted))})`,
      });
    }
    out.push({
      status: r.organic.tauB >= TAU_MIN ? 'PASS' : 'FAIL',
      target: `${name}: organic ranking unchanged, Kendall tau ≥ ${TAU_MIN}`,
      detail: `tau-b ${r.organic.tauB.toFixed(3)} (other seeded weeks: median ${r.organic.spread.median.toFixed(3)}, ${r.organic.spread.passing}/${r.organic.spread.weeks} ≥ ${TAU_MIN})`,
    });
    if (r.timing) {
      const t = r.timing;
      const parts = (x: TimingRun) => `${secs(x.totalMs)} (read ${secs(x.ms.read)}, detect ${secs(x.ms.detect)}, write ${secs(x.ms.write)}; load ${x.load.toFixed(1)})`;
      out.push(
        {
          status: t.repeat.totalMs <= TIMING_LIMIT_MS ? 'PASS' : 'FAIL',
          target: `${name}: detection job ≤ ${TIMING_LIMIT_MS / 1000} s for a week of ${int(t.votes)} votes (a run 10 min after the last)`,
          detail: parts(t.repeat),
        },
        {
          status: t.first.totalMs <= TIMING_LIMIT_MS ? 'PASS' : 'FAIL',
          target: `${name}: the same, first run after the upgrade (every vote rewritten)`,
          detail: parts(t.first),
        },
      );
    }
  }
  return out;
}

export function formatVoteVerdicts(vs: VoteVerdict[]): string {
  const width = Math.max(...vs.map((v) => v.target.length));
  return ['Goals (issue 28)', ...vs.map((v) => `  ${v.status.padEnd(4)}  ${v.target.padEnd(width)}  ${v.detail}`)].join('\n');
}
