import { PROBLEM_CODES } from '../../src/domain/problem-codes.ts';
import type { AnyOperation } from '../../src/operations/define.ts';
import type { Answer } from './fuzz-transport.ts';
import type { Holdings } from './fuzz-world.ts';

/** A broken rule, with what the fuzz needs to tell the reader. */
export class Violation extends Error {}

const brief = (v: unknown) => {
  const text = typeof v === 'string' ? v : JSON.stringify(v);
  return text.length > 600 ? `${text.slice(0, 600)}…` : text;
};

/**
 * The rules every answer keeps, whatever was sent: no 5xx; a 4xx is an RFC 9457 problem with a
 * code of the catalogue (its status and type agreeing); a 2xx is in the operation's output schema.
 * An MCP protocol error (JSON-RPC) is allowed only where `protocolErrorAllowed` (a malformed call).
 */
export function checkAnswer(op: AnyOperation, a: Answer, opts: { protocolErrorAllowed: boolean; head: boolean; elsewhere?: boolean }) {
  const where = `${a.transport} ${op.id}`;
  if (a.status >= 500 || Number.isNaN(a.status)) throw new Violation(`${where}: ${a.status} ${brief(a.body)}`);
  if (a.code?.startsWith('jsonrpc:')) {
    if (!opts.protocolErrorAllowed) throw new Violation(`${where}: a JSON-RPC error (${a.code}) for a well-formed call: ${brief(a.body)}`);
    return;
  }
  if (a.status >= 400) {
    if (!a.problemJson) throw new Violation(`${where}: ${a.status} is not application/problem+json (${a.contentType}): ${brief(a.body)}`);
    if (opts.head) return; // HEAD: the header says it; there is no body to read.
    const p = a.body as { code?: string; status?: number; type?: string; title?: string; detail?: string };
    if (!p.code || !(p.code in PROBLEM_CODES)) throw new Violation(`${where}: code ${p.code} is not in the catalogue: ${brief(p)}`);
    if (p.status !== a.status) throw new Violation(`${where}: problem status ${p.status} on an HTTP ${a.status}`);
    if (!p.type?.endsWith(`#${p.code}`) || typeof p.title !== 'string' || typeof p.detail !== 'string') throw new Violation(`${where}: malformed problem ${brief(p)}`);
    return;
  }
  if (a.status < 200 || a.status >= 300) throw new Violation(`${where}: unexpected status ${a.status}`);
  // A request that reached another route (an empty path segment, another method) is that route's answer.
  if (opts.head || opts.elsewhere) return;
  const parsed = op.output.safeParse(a.body);
  if (!parsed.success) throw new Violation(`${where}: 2xx body outside the output schema: ${brief(parsed.error.issues)} in ${brief(a.body)}`);
}

/** No answer carries a secret of someone other than the caller, unless the caller sent it. */
export function checkNoLeak(op: AnyOperation, a: Answer, sent: string, others: Holdings[]) {
  for (const h of others) {
    for (const secret of h.secrets) {
      if (a.raw.includes(secret) && !sent.includes(secret)) {
        throw new Violation(`${a.transport} ${op.id}: the answer carries ${JSON.stringify(secret)}, another user's, which the request did not send: ${brief(a.raw)}`);
      }
    }
  }
}

/** REST and MCP give the same refusal for the same input; a read that works on one works on the other. */
export function checkSameAnswer(op: AnyOperation, rest: Answer, mcp: Answer) {
  if (rest.status >= 400 || mcp.status >= 400) {
    if (rest.status !== mcp.status || rest.code !== mcp.code) {
      throw new Violation(`${op.id}: REST answered ${rest.status} ${rest.code ?? ''}, MCP ${mcp.status} ${mcp.code ?? ''} for the same input: REST ${brief(rest.body)} MCP ${brief(mcp.body)}`);
    }
  }
}

/** Counts for the closing figures. */
export class Tally {
  total = 0;
  byStatus = new Map<string, number>();
  byOperation = new Map<string, { rest: number; mcp: number; ok: number; rejected: number; ms: number; codes: Map<string, number> }>();
  slowest: { ms: number; what: string }[] = [];
  /** REST answers whose MCP twin was held to the same status and code. */
  pairs = 0;
  /** Refused writes after which the owned tables were compared. */
  footprints = 0;
  byMutation = new Map<string, number>();

  add(op: AnyOperation, a: Answer, mutation: string) {
    this.total++;
    const status = a.code?.startsWith('jsonrpc:') ? a.code : String(a.status);
    this.byStatus.set(status, (this.byStatus.get(status) ?? 0) + 1);
    let row = this.byOperation.get(op.id);
    if (!row) this.byOperation.set(op.id, (row = { rest: 0, mcp: 0, ok: 0, rejected: 0, ms: 0, codes: new Map() }));
    row[a.transport]++;
    row.ms += a.ms;
    if (this.slowest.length < 5 || a.ms > this.slowest[this.slowest.length - 1].ms) {
      this.slowest.push({ ms: a.ms, what: `${a.transport} ${op.id} ${mutation} → ${status} ${a.code ?? ''}` });
      this.slowest.sort((x, y) => y.ms - x.ms);
      this.slowest.length = Math.min(this.slowest.length, 5);
    }
    if (a.status < 300) row.ok++;
    else row.rejected++;
    if (a.code) row.codes.set(a.code, (row.codes.get(a.code) ?? 0) + 1);
    this.byMutation.set(mutation, (this.byMutation.get(mutation) ?? 0) + 1);
  }

  /** The figures as a compact text table. */
  report(seed: number, runs: number, ms: number): string {
    const lines: string[] = [];
    lines.push(`fuzz: seed ${seed}, ${runs} cases per operation, ${this.total} requests in ${(ms / 1000).toFixed(1)} s`);
    lines.push(`REST/MCP pairs compared: ${this.pairs}; refused writes checked for leftover rows: ${this.footprints}`);
    lines.push(`by status: ${[...this.byStatus].sort(([a], [b]) => a.localeCompare(b)).map(([s, n]) => `${s} ${n}`).join(' · ')}`);
    lines.push(`by input: ${[...this.byMutation].sort((a, b) => b[1] - a[1]).map(([m, n]) => `${m} ${n}`).join(' · ')}`);
    lines.push(`slowest: ${this.slowest.map((s) => `${s.what} ${s.ms.toFixed(0)} ms`).join(' · ')}`);
    lines.push('operation                 REST   MCP   2xx   4xx  ms/req  most frequent codes');
    for (const [id, r] of [...this.byOperation].sort(([a], [b]) => a.localeCompare(b))) {
      const codes = [...r.codes].sort((a, b) => b[1] - a[1]).slice(0, 3).map(([c, n]) => `${c} ${n}`).join(', ');
      const ms = (r.ms / Math.max(1, r.rest + r.mcp)).toFixed(1);
      lines.push(`${id.padEnd(24)} ${String(r.rest).padStart(5)} ${String(r.mcp).padStart(5)} ${String(r.ok).padStart(5)} ${String(r.rejected).padStart(5)} ${ms.padStart(7)}  ${codes}`);
    }
    return lines.join('\n');
  }
}
