/**
 * CPU profiles of the server child, one per measured endpoint (`npm run bench -- --profile`).
 * The server runs with `--inspect=127.0.0.1:0`; we attach over the inspector's WebSocket and
 * start/stop the V8 sampling profiler around each measured run. Each profile is written as a
 * .cpuprofile (open it in Chrome DevTools or speedscope) and summarised as self time by area.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
export interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

export class Inspector {
  #ws: WebSocket;
  #next = 1;
  #pending = new Map<number, { resolve: (v: any) => void; reject: (e: Error) => void }>();

  private constructor(ws: WebSocket) {
    this.#ws = ws;
    ws.addEventListener('message', (event) => {
      const msg = JSON.parse(String(event.data));
      const waiter = msg.id !== undefined ? this.#pending.get(msg.id) : undefined;
      if (!waiter) return;
      this.#pending.delete(msg.id);
      if (msg.error) waiter.reject(new Error(`inspector: ${msg.error.message}`));
      else waiter.resolve(msg.result);
    });
  }

  static async connect(url: string): Promise<Inspector> {
    const ws = new WebSocket(url);
    await new Promise<void>((resolve, reject) => {
      ws.addEventListener('open', () => resolve(), { once: true });
      ws.addEventListener('error', () => reject(new Error(`cannot attach to the inspector at ${url}`)), { once: true });
    });
    const inspector = new Inspector(ws);
    await inspector.send('Profiler.enable');
    await inspector.send('Profiler.setSamplingInterval', { interval: 250 }); // µs
    return inspector;
  }

  send(method: string, params: object = {}): Promise<any> {
    const id = this.#next++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.#ws.send(JSON.stringify({ id, method, params }));
    });
  }

  async start(): Promise<void> {
    await this.send('Profiler.start');
  }

  async stop(): Promise<CpuProfile> {
    return (await this.send('Profiler.stop')).profile as CpuProfile;
  }

  close(): void {
    this.#ws.close();
  }
}

/** The stderr line `Debugger listening on ws://…` of a child started with --inspect. */
export function inspectorUrlFrom(line: string): string | undefined {
  return /Debugger listening on (ws:\/\/\S+)/.exec(line)?.[1];
}

/** Where a frame's time goes: a package, a source folder of ours, node internals, wasm, GC… */
function areaOf(frame: CallFrame, root: string): string {
  const { url, functionName } = frame;
  if (!url) {
    if (functionName === '(garbage collector)') return 'GC';
    if (functionName === '(idle)') return 'idle';
    if (functionName === '(program)') return '(program: native, not JS)';
    return functionName || '(native)';
  }
  if (url.startsWith('wasm://')) return 'wasm (PGlite PostgreSQL)';
  if (url.startsWith('node:')) return `node:${url.slice(5).split('/')[0]}`;
  const file = url.startsWith('file://') ? decodeURIComponent(new URL(url).pathname) : url;
  const nm = file.lastIndexOf('/node_modules/');
  if (nm >= 0) {
    const rest = file.slice(nm + '/node_modules/'.length).split('/');
    const pkg = rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
    return pkg === '@electric-sql/pglite' ? '@electric-sql/pglite (JS glue)' : pkg;
  }
  const rel = path.relative(root, file);
  if (!rel.startsWith('..')) return rel.split('/').slice(0, 2).join('/');
  return file;
}

export interface ProfileSummary {
  totalMs: number;
  /** Self time: where the CPU actually was. */
  byArea: { area: string; ms: number; share: number }[];
  /** Inclusive: share of busy samples with this area anywhere on the stack. */
  onStack: { area: string; ms: number; share: number }[];
  topFunctions: { name: string; where: string; area: string; ms: number; share: number }[];
  /** Inclusive time of our own functions (src/), the entry points that cost the most. */
  topOwnInclusive: { name: string; where: string; ms: number; share: number }[];
}

/** Self time per area and per function; idle time is left out of the shares. */
export function summarise(profile: CpuProfile, root: string, top = 12): ProfileSummary {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfUs = new Map<number, number>();
  for (let i = 0; i < profile.samples.length; i++) {
    const id = profile.samples[i];
    selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  }
  const areas = new Map<string, number>();
  const fns = new Map<string, { name: string; where: string; area: string; us: number }>();
  let busyUs = 0;
  for (const [id, us] of selfUs) {
    const frame = byId.get(id)!.callFrame;
    const area = areaOf(frame, root);
    if (area === 'idle') continue;
    busyUs += us;
    areas.set(area, (areas.get(area) ?? 0) + us);
    const where = frame.url ? `${frame.url.replace(/^file:\/\//, '').replace(root + '/', '')}:${frame.lineNumber + 1}` : '';
    const key = `${frame.functionName}@${where}`;
    const f = fns.get(key) ?? { name: frame.functionName || '(anonymous)', where, area, us: 0 };
    f.us += us;
    fns.set(key, f);
  }
  // Inclusive views: walk each sample's stack once.
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const nodeArea = new Map(profile.nodes.map((n) => [n.id, areaOf(n.callFrame, root)]));
  const onStack = new Map<string, number>();
  const ownInclusive = new Map<string, { name: string; where: string; us: number }>();
  for (let i = 0; i < profile.samples.length; i++) {
    const us = profile.timeDeltas[i] ?? 0;
    let id: number | undefined = profile.samples[i];
    if (nodeArea.get(id) === 'idle') continue;
    const seenAreas = new Set<string>();
    const seenFns = new Set<string>();
    for (; id !== undefined; id = parent.get(id)) {
      const area = nodeArea.get(id)!;
      if (area === '(root)') continue;
      seenAreas.add(area);
      if (area.startsWith('src/')) {
        const frame = byId.get(id)!.callFrame;
        const where = `${frame.url.replace(/^file:\/\//, '').replace(root + '/', '')}:${frame.lineNumber + 1}`;
        const key = `${frame.functionName}@${where}`;
        if (!seenFns.has(key)) {
          seenFns.add(key);
          const f = ownInclusive.get(key) ?? { name: frame.functionName || '(anonymous)', where, us: 0 };
          f.us += us;
          ownInclusive.set(key, f);
        }
      }
    }
    for (const a of seenAreas) onStack.set(a, (onStack.get(a) ?? 0) + us);
  }
  const share = (us: number) => (busyUs ? us / busyUs : 0);
  return {
    onStack: [...onStack]
      .sort((a, b) => b[1] - a[1])
      .map(([area, us]) => ({ area, ms: us / 1000, share: share(us) })),
    topOwnInclusive: [...ownInclusive.values()]
      .sort((a, b) => b.us - a.us)
      .slice(0, top)
      .map((f) => ({ name: f.name, where: f.where, ms: f.us / 1000, share: share(f.us) })),
    totalMs: busyUs / 1000,
    byArea: [...areas]
      .sort((a, b) => b[1] - a[1])
      .map(([area, us]) => ({ area, ms: us / 1000, share: share(us) })),
    topFunctions: [...fns.values()]
      .sort((a, b) => b.us - a.us)
      .slice(0, top)
      .map((f) => ({ name: f.name, where: f.where, area: f.area, ms: f.us / 1000, share: share(f.us) })),
  };
}

export function writeProfile(dir: string, name: string, profile: CpuProfile): string {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.cpuprofile`);
  writeFileSync(file, JSON.stringify(profile));
  return file;
}

export function formatSummary(s: ProfileSummary, areas = 10): string {
  const pct = (x: number) => `${(x * 100).toFixed(1).padStart(5)} %`;
  const lines = [`    busy CPU ${s.totalMs.toFixed(0)} ms; self time by area:`];
  for (const a of s.byArea.slice(0, areas)) lines.push(`      ${pct(a.share)}  ${a.area}`);
  lines.push('    on the stack (inclusive) by area:');
  for (const a of s.onStack.slice(0, areas)) lines.push(`      ${pct(a.share)}  ${a.area}`);
  lines.push('    top functions (self time):');
  for (const f of s.topFunctions) lines.push(`      ${pct(f.share)}  ${f.name}  ${f.where ? `(${f.where})` : ''}`);
  lines.push('    our functions (src/, inclusive):');
  for (const f of s.topOwnInclusive) lines.push(`      ${pct(f.share)}  ${f.name}  (${f.where})`);
  return lines.join('\n');
}
