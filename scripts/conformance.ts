/**
 * `npm run conformance`: the official MCP conformance suite (@modelcontextprotocol/conformance,
 * pinned in package.json) against this service, started here on a fresh in-memory database.
 *
 * - Server scenarios run over each protocol wire the service speaks that the scenario is written
 *   for: 2026-07-28 (stateless, per-request _meta) and the initialize-based 2025-11-25 and
 *   2025-06-18 (the suite has no server scenario for 2025-03-26 that can run here, see below).
 * - The authorization-server scenarios run against the OAuth server: its metadata, then a real
 *   authorization-code grant (dynamic registration, PKCE, sign-in, consent, token) in which this
 *   script plays the browser of a signed-in user who approves.
 *
 * Every scenario the suite has is either run or listed below as not applicable, with the reason;
 * a scenario the suite adds that this file does not know fails the run until it is classified.
 * Exit 1 when any scenario that applies fails.
 *
 *   npm run conformance              # prints one row per run and the not-applicable list
 *   npm run conformance -- --keep    # keep the suite's checks.json files (path printed)
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/config.ts';
import { createApp, type App } from '../src/app.ts';
import { SESSION_COOKIE } from '../src/transports/web/site-session.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const SUITE_DIR = path.join(ROOT, 'node_modules/@modelcontextprotocol/conformance');
const SUITE_CLI = path.join(SUITE_DIR, 'dist/index.js');
/** Runs at once: the server is stateless, and a run is mostly the suite's own start-up (CPU). */
const CONCURRENCY = Math.max(1, Math.min(4, os.availableParallelism()));
/**
 * Run alone, before the others: some of their checks wait only 500 ms for an answer, which a
 * busy machine can miss (a timeout there reads as a failure of the server).
 */
const ALONE = new Set(['server-stateless']);
const RUN_TIMEOUT_MS = 90_000;

type Wire = '2026-07-28' | '2025-11-25' | '2025-06-18';

/** Server scenarios that apply, and the wires each is run over. */
const APPLICABLE: [scenario: string, wires: Wire[]][] = [
  ['server-stateless', ['2026-07-28']],
  ['server-initialize', ['2025-11-25', '2025-06-18']],
  ['ping', ['2025-11-25', '2025-06-18']],
  ['tools-list', ['2026-07-28', '2025-11-25', '2025-06-18']],
  ['resources-list', ['2026-07-28', '2025-11-25', '2025-06-18']],
  ['prompts-list', ['2026-07-28', '2025-11-25', '2025-06-18']],
  ['sep-2164-resource-not-found', ['2026-07-28']],
  ['caching', ['2026-07-28']],
  ['http-header-validation', ['2026-07-28']],
  ['dns-rebinding-protection', ['2026-07-28', '2025-11-25']],
  ['server-sse-multiple-streams', ['2026-07-28']],
  ['input-required-result-unsupported-methods', ['2026-07-28']],
];

const FIXTURE_TOOL = "calls a fixture tool of the suite's reference server";
const NO_RESOURCES = 'reads fixture resources (test://…); the service offers no resources (its list is empty)';
const NO_PROMPTS = 'gets fixture prompts; the service offers no prompts (its list is empty)';
const NO_MRTR = 'calls a fixture tool that answers input_required (SEP-2322); no tool of the service asks the client for input';

/**
 * Scenarios (or one wire of one) that are not run, and why. The service is tools only: every tool
 * is a REST operation, it sends no server-to-client requests and keeps no sessions.
 */
const NOT_APPLICABLE: { scenario: string; at?: Wire; reason: string }[] = [
  { scenario: 'server-session-lifecycle', reason: 'needs Mcp-Session-Id; the legacy leg is stateless (the suite itself skips it). It is also the only server scenario written for 2025-03-26' },
  { scenario: 'server-sse-multiple-streams', at: '2025-11-25', reason: 'on the initialize-based wire it needs a session ID and only warns without one (run on 2026-07-28)' },
  { scenario: 'server-sse-polling', reason: 'pending in the suite; needs resumable SSE streams (event IDs, Last-Event-ID), which a stateless server answering in JSON does not have' },
  { scenario: 'logging-set-level', reason: 'no logging capability: the service sends no log notifications' },
  { scenario: 'completion-complete', reason: 'no completions capability: no prompts or resource templates to complete' },
  ...['tools-call-simple-text', 'tools-call-image', 'tools-call-audio', 'tools-call-embedded-resource', 'tools-call-mixed-content', 'tools-call-error', 'tools-call-with-progress', 'tools-call-with-logging'].map(
    (scenario) => ({ scenario, reason: `${FIXTURE_TOOL} (test_*); the service's tools are its REST operations` }),
  ),
  ...['tools-call-sampling', 'tools-call-elicitation', 'elicitation-sep1034-defaults', 'elicitation-sep1330-enums'].map((scenario) => ({
    scenario,
    reason: `${FIXTURE_TOOL} that sends sampling or elicitation requests to the client; the service never does`,
  })),
  { scenario: 'json-schema-2020-12', reason: `${FIXTURE_TOOL} (json_schema_2020_12_tool); pending in the suite` },
  ...['resources-read-text', 'resources-read-binary', 'resources-templates-read', 'resources-subscribe', 'resources-unsubscribe'].map((scenario) => ({ scenario, reason: NO_RESOURCES })),
  ...['prompts-get-simple', 'prompts-get-with-args', 'prompts-get-embedded-resource', 'prompts-get-with-image'].map((scenario) => ({ scenario, reason: NO_PROMPTS })),
  { scenario: 'http-custom-header-server-validation', reason: 'needs a tool with x-mcp-header parameters (SEP-2243 Mcp-Param-*); no tool declares one. Pending in the suite' },
  ...[
    'input-required-result-basic-elicitation',
    'input-required-result-basic-sampling',
    'input-required-result-basic-list-roots',
    'input-required-result-request-state',
    'input-required-result-multiple-input-requests',
    'input-required-result-multi-round',
    'input-required-result-non-tool-request',
    'input-required-result-result-type',
    'input-required-result-tampered-state',
    'input-required-result-capability-check',
  ].map((scenario) => ({ scenario, reason: NO_MRTR })),
  ...['input-required-result-missing-input-response', 'input-required-result-ignore-extra-params', 'input-required-result-validate-input'].map((scenario) => ({
    scenario,
    reason: `${NO_MRTR}; without it the scenario only sees "tool not found" and would pass or warn vacuously`,
  })),
  ...['sep-2640-skills-directory', 'sep-2640-skills-enumeration', 'sep-2640-skills-manifest'].map((scenario) => ({ scenario, reason: 'skills extension (SEP-2640), not offered' })),
  ...[
    'tasks-lifecycle',
    'tasks-capability-negotiation',
    'tasks-wire-fields',
    'tasks-request-state-removal',
    'tasks-mrtr-input',
    'tasks-request-headers',
    'tasks-dispatch-and-envelope',
    'tasks-status-notifications',
    'tasks-required-task-error',
    'tasks-mrtr-composition',
  ].map((scenario) => ({ scenario, reason: 'tasks extension (SEP-2663), not offered' })),
];

/**
 * Checks of an applicable scenario that need a diagnostic tool of the suite's reference server.
 * Excused only while the suite reports them as "Not testable"; any other failure counts.
 */
const NOT_APPLICABLE_CHECKS: { scenario: string; check: string; reason: string }[] = [
  { scenario: 'server-stateless', check: 'sep-2575-server-rejects-undeclared-capability', reason: 'needs the fixture tool test_missing_capability (a tool that requires the sampling capability)' },
  { scenario: 'server-stateless', check: 'sep-2575-missing-capability-http-400', reason: 'same fixture tool (-32021 with HTTP 400); no tool of the service requires a client capability' },
  { scenario: 'server-stateless', check: 'sep-2575-http-server-no-independent-requests-on-stream', reason: 'needs the fixture tool test_streaming_elicitation; the service sends no requests to clients' },
  { scenario: 'server-stateless', check: 'sep-2575-server-no-log-without-loglevel', reason: 'needs the fixture tool test_logging_tool; the service sends no log notifications' },
];

const AUTHORIZATION = ['authorization-server-metadata-endpoint', 'authorization-code-grant'];

interface Check {
  id: string;
  status: 'SUCCESS' | 'FAILURE' | 'WARNING' | 'INFO' | 'SKIPPED';
  errorMessage?: string;
}

interface Outcome {
  scenario: string;
  wire: string;
  checks: Check[];
  /** A problem running the scenario itself (the suite crashed, timed out, wrote no results). */
  error?: string;
  ms: number;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** Runs the suite's CLI; `onLine` sees its stdout line by line (the authorize URL comes that way). */
function suite(args: string[], opts: { onLine?: (line: string) => void; signal?: AbortSignal } = {}): Promise<{ code: number | null; output: string; timedOut: boolean }> {
  const { onLine, signal } = opts;
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [SUITE_CLI, ...args], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      signal,
      // Two dozen runs load the same large bundle: compiling it once saves a good part of each start.
      env: { ...process.env, NO_COLOR: '1', NODE_COMPILE_CACHE: path.join(os.tmpdir(), 'launchyard-conformance-compile-cache') },
    });
    let output = '';
    let partial = '';
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, RUN_TIMEOUT_MS);
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk;
      const lines = (partial + chunk).split('\n');
      partial = lines.pop()!;
      for (const line of lines) onLine?.(line);
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.on('error', () => {}); // an abort; 'close' follows
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output, timedOut });
    });
  });
}

/** The checks.json the suite wrote for `scenario` under `dir` (one result directory per scenario). */
function readChecks(dir: string, scenario: string): Check[] | undefined {
  const found = readdirSync(dir).find((name) => name.includes(scenario));
  if (!found) return undefined;
  return JSON.parse(readFileSync(path.join(dir, found, 'checks.json'), 'utf8')) as Check[];
}

function lastLines(text: string, n = 15) {
  return text.trim().split('\n').slice(-n).join('\n');
}

async function runServerScenario(url: string, outDir: string, scenario: string, wire: Wire): Promise<Outcome> {
  const started = performance.now();
  const dir = path.join(outDir, `${wire}-${scenario}`);
  const run = await suite(['server', '--url', url, '--scenario', scenario, '--spec-version', wire, '-o', dir]);
  const ms = performance.now() - started;
  const checks = readChecksSafe(dir, scenario);
  if (run.timedOut) return { scenario, wire, checks: checks ?? [], error: `timed out after ${RUN_TIMEOUT_MS / 1000} s`, ms };
  if (!checks) return { scenario, wire, checks: [], error: `the suite wrote no results (exit ${run.code}):\n${lastLines(run.output)}`, ms };
  return { scenario, wire, checks, ms };
}

function readChecksSafe(dir: string, scenario: string) {
  try {
    return readChecks(dir, scenario);
  } catch {
    return undefined;
  }
}

/** Cookies by name, as a browser keeps them for one origin (paths are not told apart here). */
class CookieJar {
  readonly cookies = new Map<string, string>();
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  take(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attrs.some((a) => /^\s*max-age=0\s*$/i.test(a) || (/^\s*expires=/i.test(a) && Date.parse(a.split('=')[1]) < Date.now()));
      if (!value || expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}

/**
 * The user's browser during the authorization-code scenario, over real HTTP: it opens the
 * authorize URL the suite printed, follows the service's redirects, approves on the consent page,
 * and delivers whatever reaches the client's redirect URI (a code, or an error the suite reports)
 * to the suite's callback server. Returns a description of where it got stuck, if it did.
 */
async function approveInBrowser(authorizeUrl: string, origin: string, jar: CookieJar): Promise<string | undefined> {
  let method: 'GET' | 'POST' = 'GET';
  let url = authorizeUrl;
  let form: URLSearchParams | undefined;
  let approved = false;
  for (let hops = 0; hops < 20; hops++) {
    const res: Response = await fetch(url, {
      method,
      redirect: 'manual',
      headers: {
        cookie: jar.header(),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded', origin } : {}),
      },
      body: form?.toString(),
    });
    jar.take(res);
    const location = res.headers.get('location');
    if (res.status >= 300 && res.status < 400 && location) {
      const next = new URL(location, url);
      if (next.origin !== origin) {
        // The client's redirect URI: the suite's callback server takes it from here.
        await fetch(next, { redirect: 'manual' }).then((r) => r.arrayBuffer());
        return undefined;
      }
      if (next.pathname === '/sign-in') return `sent to ${next.pathname}: the seeded site session was not accepted`;
      method = 'GET';
      url = next.href;
      form = undefined;
      continue;
    }
    const body: string = await res.text();
    const action = /<form method="post" action="([^"]+)"/.exec(body)?.[1];
    const csrf = /name="csrf" value="([^"]+)"/.exec(body)?.[1];
    if (res.status !== 200 || approved || !action || !csrf) {
      return `stopped on ${url} (HTTP ${res.status}): ${body.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 300)}`;
    }
    approved = true;
    method = 'POST';
    url = new URL(action.replace(/&amp;/g, '&'), url).href;
    form = new URLSearchParams({ csrf, decision: 'approve' });
  }
  return 'too many redirects';
}

/**
 * Both authorization-server scenarios in one run of the suite, as it requires: the code grant
 * takes the endpoints from the metadata scenario's result.
 */
async function runAuthorization(app: App, origin: string, outDir: string): Promise<Outcome[]> {
  const started = performance.now();
  const callbackPort = await freePort();
  // A public client registered the way MCP clients do it (RFC 7591), for the suite's callback.
  const reg = await fetch(`${origin}/oauth/reg`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      client_name: 'MCP conformance suite',
      redirect_uris: [`http://127.0.0.1:${callbackPort}/callback`],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      application_type: 'native',
    }),
  });
  if (reg.status !== 201) {
    const error = `dynamic client registration answered ${reg.status}: ${(await reg.text()).slice(0, 300)}`;
    return AUTHORIZATION.map((scenario) => ({ scenario, wire: 'oauth', checks: [], error, ms: performance.now() - started }));
  }
  const { client_id: clientId } = (await reg.json()) as { client_id: string };

  // The user is already signed in on the site: sign-in itself is the site's business, not the
  // authorization server's, so the browser starts with a session cookie as after /sign-in.
  const userId = await app.services.accounts.createUser({ email: 'conformance@example.com', name: 'Conformance User', password: null });
  const { token } = await app.services.sessions.start(userId, { userAgent: 'conformance' });
  const jar = new CookieJar();
  jar.cookies.set(SESSION_COOKIE, encodeURIComponent(app.http.signCookie(token)));

  const dir = path.join(outDir, 'authorization');
  let browsing: Promise<string | undefined> | undefined;
  // Stuck short of the redirect URI, the browser never calls back; the suite would wait 5 minutes.
  const giveUp = new AbortController();
  const run = await suite(['authorization', '--url', origin, '--client-id', clientId, '--resource', `${origin}/mcp`, '--port', String(callbackPort), '-o', dir], {
    signal: giveUp.signal,
    onLine: (line) => {
      if (!browsing && line.startsWith(`${origin}/`) && line.includes('code_challenge=')) {
        browsing = approveInBrowser(line.trim(), origin, jar)
          .catch((err: Error) => `browser failed: ${err.message}`)
          .then((stuck) => {
            if (stuck) giveUp.abort();
            return stuck;
          });
      }
    },
  });
  const stuck = await browsing;
  const ms = performance.now() - started;
  return AUTHORIZATION.map((scenario) => {
    const checks = readChecksSafe(dir, scenario) ?? [];
    let error: string | undefined;
    if (scenario === 'authorization-code-grant' && stuck) error = `the browser did not get back to the client (the suite was stopped): ${stuck}`;
    else if (run.timedOut) error = `timed out after ${RUN_TIMEOUT_MS / 1000} s`;
    else if (!checks.length) error = `the suite wrote no results (exit ${run.code}):\n${lastLines(run.output)}`;
    return { scenario, wire: 'oauth', checks, error, ms };
  });
}

/** Scenario names the installed suite knows, from `list`. */
async function listed(kind: '--server' | '--authorization') {
  const { output } = await suite(['list', kind]);
  return [...output.matchAll(/^\s+- (\S+)/gm)].map((m) => m[1]);
}

interface Verdict {
  ok: boolean;
  passed: number;
  failed: number;
  warnings: Check[];
  excused: Check[];
  failures: Check[];
}

function judge(o: Outcome): Verdict {
  const excusable = new Set(NOT_APPLICABLE_CHECKS.filter((c) => c.scenario === o.scenario).map((c) => c.check));
  const excused = o.checks.filter((c) => c.status === 'FAILURE' && excusable.has(c.id) && /^Not testable/i.test(c.errorMessage ?? ''));
  const failures = o.checks.filter((c) => c.status === 'FAILURE' && !excused.includes(c));
  const passed = o.checks.filter((c) => c.status === 'SUCCESS').length;
  // A scenario that checked nothing (it skipped itself) has not passed.
  return { ok: !o.error && failures.length === 0 && passed > 0, passed, failed: failures.length, warnings: o.checks.filter((c) => c.status === 'WARNING'), excused, failures };
}

function table(head: string[], rows: string[][]) {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i])).join('  ').trimEnd();
  return [line(head), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

async function pool<T, R>(items: T[], size: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(size, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await work(items[i]);
      }
    }),
  );
  return results;
}

async function main() {
  const keep = process.argv.includes('--keep');
  const started = performance.now();
  const version = (JSON.parse(readFileSync(path.join(SUITE_DIR, 'package.json'), 'utf8')) as { version: string }).version;

  // PUBLIC_URL is the issuer and the MCP resource, so it has to be the address the suite calls.
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    DATA_DIR: 'memory://',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: origin,
    LOG_LEVEL: 'error',
    JOBS: 'off',
    WORKER_THREADS: '1',
    // Hundreds of requests within seconds from one address: the default limits would answer
    // 429 and measure the rate limiter instead of the protocol.
    RATE_LIMIT_ANONYMOUS_PER_MINUTE: '1000000',
    RATE_LIMIT_AUTHENTICATED_PER_MINUTE: '1000000',
  });
  // No scenario starts background work, so the job queue (pg-boss) is left out: a job would run inline.
  const app = await createApp(config, { inlineJobs: true });
  const outDir = mkdtempSync(path.join(os.tmpdir(), 'launchyard-conformance-'));
  let outcomes: Outcome[] = [];
  let unclassified: string[] = [];
  try {
    await app.http.listen({ port, host: '127.0.0.1' });
    const ready = performance.now();
    console.log(`@modelcontextprotocol/conformance ${version} against ${origin}/mcp (service up in ${((ready - started) / 1000).toFixed(1)} s)\n`);

    const runs = APPLICABLE.flatMap(([scenario, wires]) => wires.map((wire) => ({ scenario, wire })));
    const serverRun = ({ scenario, wire }: (typeof runs)[number]) => runServerScenario(`${origin}/mcp`, outDir, scenario, wire);
    const known = new Set([...APPLICABLE.map(([s]) => s), ...NOT_APPLICABLE.map((n) => n.scenario), ...AUTHORIZATION]);
    unclassified = (await Promise.all([listed('--server'), listed('--authorization')])).flat().filter((s) => !known.has(s));
    const alone = await pool(runs.filter((r) => ALONE.has(r.scenario)), 1, serverRun);
    const [rest, authorization] = await Promise.all([pool(runs.filter((r) => !ALONE.has(r.scenario)), CONCURRENCY, serverRun), runAuthorization(app, origin, outDir)]);
    outcomes = [...alone, ...rest, ...authorization];
  } finally {
    await app.close({ deadlineMs: 5_000 });
  }

  const verdicts = outcomes.map((o) => ({ o, v: judge(o) }));
  console.log(
    table(
      ['scenario', 'wire', 'result', 'checks', 'time', 'notes'],
      verdicts.map(({ o, v }) => [
        o.scenario,
        o.wire,
        v.ok ? 'pass' : 'FAIL',
        `${v.passed} ok${v.failed ? `, ${v.failed} failed` : ''}${v.warnings.length ? `, ${v.warnings.length} warning${v.warnings.length > 1 ? 's' : ''}` : ''}`,
        `${(o.ms / 1000).toFixed(1)} s`,
        [v.excused.length ? `${v.excused.length} check${v.excused.length > 1 ? 's' : ''} not applicable` : '', o.error ? 'did not run' : ''].filter(Boolean).join('; '),
      ]),
    ),
  );

  console.log('\nNot applicable to this service (not run):\n');
  console.log(table(['scenario', 'wire', 'why'], NOT_APPLICABLE.map((n) => [n.scenario, n.at ?? 'all', n.reason])));
  console.log('\nChecks not applicable within a scenario that runs (excused only while the suite says "Not testable"):\n');
  console.log(table(['scenario', 'check', 'why'], NOT_APPLICABLE_CHECKS.map((n) => [n.scenario, n.check, n.reason])));

  const warned = verdicts.filter(({ v }) => v.warnings.length);
  if (warned.length) {
    console.log('\nWarnings (SHOULD-level, reported but not failing):');
    for (const { o, v } of warned) for (const w of v.warnings) console.log(`  ${o.scenario} [${o.wire}] ${w.id}: ${w.errorMessage ?? ''}`);
  }
  const failed = verdicts.filter(({ v }) => !v.ok);
  if (failed.length) {
    console.log('\nFailures:');
    for (const { o, v } of failed) {
      if (o.error) console.log(`  ${o.scenario} [${o.wire}]: ${o.error}`);
      for (const f of v.failures) console.log(`  ${o.scenario} [${o.wire}] ${f.id}: ${f.errorMessage ?? ''}`);
      if (!o.error && !v.failures.length && !v.passed) console.log(`  ${o.scenario} [${o.wire}]: no check ran (${o.checks.map((c) => `${c.id} ${c.status}`).join(', ') || 'no checks'})`);
    }
  }
  if (unclassified.length) {
    console.log(`\nScenarios of the suite this script does not classify (add them to APPLICABLE or NOT_APPLICABLE in scripts/conformance.ts):\n  ${unclassified.join('\n  ')}`);
  }

  const ok = failed.length === 0 && unclassified.length === 0;
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`\n${ok ? 'conformance: all' : 'conformance: FAILED,'} ${verdicts.length - failed.length}/${verdicts.length} applicable runs passed, ${NOT_APPLICABLE.length} not applicable, in ${seconds} s`);
  if (keep || !ok) console.log(`checks.json files: ${outDir}`);
  else rmSync(outDir, { recursive: true, force: true });
  process.exitCode = ok ? 0 : 1;
}

await main();
