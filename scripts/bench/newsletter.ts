/**
 * `npm run bench:newsletter`: the figures of issue 30 (the weekly newsletter, sending at scale).
 * Per engine, on a database of its own: the demo directory; building an edition (the editions'
 * builder: compose + render of the next edition, what "preview" and the Monday build do); 100,000
 * confirmed subscribers (one bulk insert); queueing every delivery (start's transaction); sending
 * the edition to a loopback SMTP server (smtp-server, in this process) by the sender in a process
 * of its own (src/testing/newsletter-sender-process.ts: the service's own composition), its rate
 * set high enough not to be the limit, with its peak RSS; then the kill -9 check: an edition to
 * the first --kill-subscribers subscribers, its sender killed with SIGKILL --kills times in the
 * middle of sending and started again, copies counted per subscriber at the SMTP server.
 *
 *   npm run bench:newsletter
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:newsletter -- --only postgres
 *   npm run bench:newsletter -- --subscribers 10000 --kills 3
 *
 * PGlite always (a temporary data directory) unless --only postgres; PostgreSQL too when
 * DATABASE_URL is set, in a scratch database made on that server and dropped after (the database
 * DATABASE_URL names is never written). A report: the exit code is 0 whether goals pass or fail.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { scratchDatabase } from './scratch-database.ts';
import { sql } from 'kysely';
import { loadConfig } from '../../src/config.ts';
import { createApp } from '../../src/app.ts';
import { loadDemoData } from '../../src/demo/load.ts';
import { newsletterDeliveriesStore } from '../../src/store/newsletter-deliveries-store.ts';
import { addEdition, addSubscribers } from '../../src/testing/newsletter-fixtures.ts';
import { startSmtpSink, type SmtpSink } from '../../src/testing/smtp-sink.ts';
import { ENGINE_NAMES, type Engine } from './report.ts';

const { values } = parseArgs({
  options: {
    only: { type: 'string' },
    subscribers: { type: 'string', default: '100000' },
    rate: { type: 'string', default: '2000' },
    kills: { type: 'string', default: '3' },
    'kill-subscribers': { type: 'string', default: '20000' },
  },
});
const SUBSCRIBERS = Number(values.subscribers);
const RATE = Number(values.rate);
const KILLS = Number(values.kills);
const KILL_SUBSCRIBERS = Math.min(SUBSCRIBERS, Number(values['kill-subscribers']));
const SENDER = path.join(import.meta.dirname, '../../src/testing/newsletter-sender-process.ts');
const GOALS = { buildMs: 10_000, queueMs: 60_000, perSecond: 200, rssMiB: 1024 };

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const redact = (url: string) => url.replace(/\/\/([^:/@]+):[^@]*@/, '//$1:***@');

interface EngineFigures {
  engine: Engine;
  where: string;
  demo: string;
  coldBuildMs: number;
  buildMs: number;
  editionBytes: number;
  insertMs: number;
  queueMs: number;
  queued: number;
  send: { ms: number; perSecond: number; peakRssMiB: number; sent: number; copies: { missing: number; extra: number } };
  kill: { kills: number; atKill: number[]; missing: number; extra: number; total: number; ms: number };
}

/** A database of its own: a temporary PGlite data directory, or a scratch database on DATABASE_URL's server. */
async function scratch(engine: Engine): Promise<{ env: Record<string, string>; label: string; remove(): Promise<void> }> {
  if (engine === 'pglite') {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'launchyard-newsletterbench-'));
    return { env: { DATA_DIR: dir }, label: `temporary data directory ${dir}`, remove: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const base = process.env.DATABASE_URL!;
  const db = await scratchDatabase(base, 'launchyard_newsletterbench');
  return { env: { DATABASE_URL: db.url }, label: `scratch database ${db.name} on ${redact(base).replace(/\/[^/]*$/, '')}`, remove: db.drop };
}

/** The sender in a process of its own; `kill` ends it with SIGKILL. */
function sender(editionId: string, env: Record<string, string>, sink: SmtpSink) {
  const child = spawn(process.execPath, [SENDER, editionId], {
    env: { ...process.env, DATABASE_URL: '', REDIS_URL: '', ...env, SMTP_URL: sink.url, NEWSLETTER_RATE_PER_SECOND: String(RATE), NEWSLETTER_TEST_LEASE_MS: '3000', PUBLIC_URL: 'http://localhost:3000' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (err += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    child,
    exited,
    report: () => {
      const line = out.trim().split('\n').pop();
      if (!line) throw new Error(`the sender printed nothing: ${err}`);
      return JSON.parse(line) as { runs: { sent: number }[]; ms: number; peakRssMb: number };
    },
  };
}

const until = async (check: () => boolean) => {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 5));
};

function copies(sink: SmtpSink, count: number, prefix: string) {
  let missing = 0;
  let extra = 0;
  for (let i = 1; i <= count; i++) {
    const n = sink.copies.get(`${prefix}-${i}@bench.example`) ?? 0;
    if (n === 0) missing++;
    if (n > 1) extra += n - 1;
  }
  return { missing, extra };
}

async function runEngine(engine: Engine): Promise<EngineFigures> {
  const db = await scratch(engine);
  const sink = await startSmtpSink({ keepRaw: false });
  try {
    console.log(`\n${ENGINE_NAMES[engine]} (${db.label})`);
    const config = loadConfig({ ...db.env, JOBS: 'off', LOG_LEVEL: 'silent', SHARE_IMAGES: 'off', PUBLIC_URL: 'http://localhost:3000' });
    const app = await createApp(config, { inlineJobs: true });
    let figures: Omit<EngineFigures, 'send' | 'kill'>;
    let editionId: string;
    let killEdition: string;
    try {
      const demo = await loadDemoData(app.database.db, { now: new Date() });
      console.log(`  demo directory: ${demo.summary}`);

      // Building: what the Monday job and the admin preview do (compose from the directory, render).
      let began = performance.now();
      await app.services.newsletterEditions.preview();
      const coldBuildMs = performance.now() - began; // the first: its queries planned, its code compiled
      began = performance.now();
      const built = await app.services.newsletterEditions.preview();
      const buildMs = performance.now() - began;
      const { subject, html, text } = built.rendered;
      console.log(`  building an edition (week ${built.week}): ${Math.round(coldBuildMs)} ms the first time, ${Math.round(buildMs)} ms again, ${html.length + text.length} bytes of HTML and text`);

      began = performance.now();
      await addSubscribers(app.database.db, { count: SUBSCRIBERS, prefix: 'bench', domain: 'bench.example' });
      const insertMs = performance.now() - began;
      console.log(`  ${SUBSCRIBERS} confirmed subscribers inserted: ${seconds(insertMs)}`);
      await sql`analyze newsletter_subscribers`.execute(app.database.db);

      editionId = await addEdition(app.database.db, { subject, html, text });
      began = performance.now();
      const queued = await newsletterDeliveriesStore(app.database.db).queue(editionId, new Date());
      const queueMs = performance.now() - began;
      console.log(`  queueing ${queued.queued} deliveries (draft → sending, insert … select): ${seconds(queueMs)}`);

      // The kill check's edition: the same text, to the first KILL_SUBSCRIBERS subscribers (queued
      // by hand: start() would queue all of them again).
      killEdition = await addEdition(app.database.db, { subject: `${subject} (kill -9 check)`, html, text });
      await sql`update newsletter_editions set status = 'sending', sending_at = now() where id = ${killEdition}`.execute(app.database.db);
      await sql`insert into newsletter_deliveries (edition_id, subscriber_id, next_attempt_at)
        select ${killEdition}, id, now() from newsletter_subscribers where status = 'confirmed' order by id limit ${KILL_SUBSCRIBERS}`.execute(app.database.db);
      figures = { engine, where: db.label, demo: demo.summary, coldBuildMs, buildMs, editionBytes: html.length + text.length, insertMs, queueMs, queued: queued.queued };
    } finally {
      await app.close(); // PGlite: the sender processes open the data directory next
    }

    // Sending: one process, no kill.
    const one = sender(editionId, db.env, sink);
    const timer = setInterval(() => process.stdout.write(`\r  sending: ${sink.count()} / ${SUBSCRIBERS}   `), 2000);
    await one.exited;
    clearInterval(timer);
    const r = one.report();
    const sent = r.runs.reduce((n, x) => n + x.sent, 0);
    const send = { ms: r.ms, perSecond: Math.round(sent / (r.ms / 1000)), peakRssMiB: r.peakRssMb, sent, copies: copies(sink, SUBSCRIBERS, 'bench') };
    console.log(`\r  sending ${sent} messages: ${seconds(r.ms)}, ${send.perSecond} messages/s, sender peak RSS ${r.peakRssMb} MiB; at the server: ${send.copies.missing} without a copy, ${send.copies.extra} extra copies`);

    // kill -9: killed KILLS times at even steps through the edition, then a run to the end.
    sink.reset();
    const began = performance.now();
    const atKill: number[] = [];
    for (let k = 1; k <= KILLS; k++) {
      const goal = Math.round((KILL_SUBSCRIBERS * k) / (KILLS + 1));
      const p = sender(killEdition, db.env, sink);
      await until(() => sink.count() >= goal || p.child.exitCode !== null);
      p.child.kill('SIGKILL');
      await p.exited;
      atKill.push(sink.count());
    }
    const last = sender(killEdition, db.env, sink);
    await last.exited;
    last.report();
    const kill = { kills: KILLS, atKill, ...copies(sink, KILL_SUBSCRIBERS, 'bench'), total: sink.count(), ms: performance.now() - began };
    console.log(`  kill -9 ×${KILLS} (at ${atKill.join(', ')} copies) over ${KILL_SUBSCRIBERS} subscribers: ${kill.total} copies at the server, ${kill.missing} subscribers without one, ${kill.extra} extra copies (${seconds(kill.ms)} with restarts)`);
    return { ...figures, send, kill };
  } finally {
    await sink.close();
    await db.remove();
  }
}

function table(all: EngineFigures[]): string {
  const row = (label: string, f: (e: EngineFigures) => string) => `| ${label} | ${all.map(f).join(' | ')} |`;
  const ok = (pass: boolean) => (pass ? '✓' : '✗');
  return [
    `| ${SUBSCRIBERS.toLocaleString('en')} confirmed subscribers | ${all.map((e) => ENGINE_NAMES[e.engine]).join(' | ')} |`,
    `|---|${all.map(() => '---').join('|')}|`,
    row('building an edition (compose + render, demo directory; first / again; goal ≤ 10 s)', (e) => `${Math.round(e.coldBuildMs)} / ${Math.round(e.buildMs)} ms ${ok(e.coldBuildMs <= GOALS.buildMs)}`),
    row('subscribers inserted (bulk)', (e) => seconds(e.insertMs)),
    row('queueing all deliveries (goal ≤ 60 s)', (e) => `${seconds(e.queueMs)} ${ok(e.queueMs <= GOALS.queueMs)}`),
    row(`sending to a loopback smtp-server (rate setting ${RATE}/s; goal ≥ 200/s)`, (e) => `${e.send.perSecond}/s (${seconds(e.send.ms)}) ${ok(e.send.perSecond >= GOALS.perSecond)}`),
    row('sender peak RSS (goal ≤ 1 GiB)', (e) => `${e.send.peakRssMiB} MiB ${ok(e.send.peakRssMiB <= GOALS.rssMiB)}`),
    row('copies at the server (missing / extra)', (e) => `${e.send.copies.missing} / ${e.send.copies.extra}`),
    row(`kill -9 ×${KILLS} over ${KILL_SUBSCRIBERS.toLocaleString('en')} subscribers (missing / extra)`, (e) => `${e.kill.missing} / ${e.kill.extra} ${ok(e.kill.missing === 0 && e.kill.extra === 0)}`),
  ].join('\n');
}

const engines: Engine[] = values.only ? [values.only as Engine] : ['pglite', ...(process.env.DATABASE_URL ? (['postgres'] as const) : [])];
if (engines.includes('postgres') && !process.env.DATABASE_URL) throw new Error('--only postgres needs DATABASE_URL');
console.log(`bench:newsletter: ${SUBSCRIBERS} subscribers, sender rate setting ${RATE}/s, ${KILLS} kills over ${KILL_SUBSCRIBERS}; node ${process.version}, ${os.cpus().length} CPUs`);
const results: EngineFigures[] = [];
for (const engine of engines) {
  try {
    results.push(await runEngine(engine));
  } catch (err) {
    console.error(`${engine}: ${err instanceof Error ? err.stack : String(err)}`);
    process.exitCode = 1;
  }
}
if (results.length) console.log(`\n${table(results)}`);
