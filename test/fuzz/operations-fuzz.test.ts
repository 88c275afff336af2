import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { createTestApp } from '../../src/testing/harness.ts';
import { txtServer } from '../../src/testing/dns-server.ts';
import { operations } from '../../src/operations/index.ts';
import { pathParams, type AnyOperation } from '../../src/operations/define.ts';
import { inputJsonSchema, validArbitrary, type JsonSchema } from './schema-arbitrary.ts';
import { mutationOf, type Mutated } from './hostile-input.ts';
import { restRequestOf, sendMcp, sendRest, type Answer, type Era, type McpTwist, type RestTwist } from './fuzz-transport.ts';
import { ACTORS, buildWorld, footprint, hintsFor, learnSecrets, sides, type ActorName, type Holdings } from './fuzz-world.ts';
import { checkAnswer, checkNoLeak, checkSameAnswer, Tally, Violation } from './fuzz-checks.ts';

// Bad input at scale: every operation of the list, inputs drawn from its advertised input schema
// and then broken in every way the schema (and HTTP) allows, sent over REST and MCP as nobody, as
// the owner of some objects, as another user aiming at them, and through a read-only key.
// Whatever comes in: no 5xx, catalogued problems, outputs in their schema, the same refusal on
// both transports, no row left behind by a refused write, nobody else's secrets in any answer.
//
// FUZZ_SEED replays a run (the seed is printed at the start and in every failure), FUZZ_RUNS sets
// the cases per operation, FUZZ_OPS=get_listing,update_draft narrows it, FUZZ_LOG=1 shows the
// service's error log.

const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : (Date.now() ^ (Math.random() * 2 ** 31)) >>> 0;
const DEFAULT_RUNS = 160;
const runs = process.env.FUZZ_RUNS ? Number(process.env.FUZZ_RUNS) : DEFAULT_RUNS;
const only = process.env.FUZZ_OPS ? new Set(process.env.FUZZ_OPS.split(',')) : undefined;
const replay = `FUZZ_SEED=${seed}${process.env.FUZZ_RUNS ? ` FUZZ_RUNS=${runs}` : ''} node --test test/fuzz/operations-fuzz.test.ts`;
console.log(`fuzz seed ${seed} (replay: ${replay})`);

const dns = await txtServer();
after(() => dns.close());
const t = await createTestApp({ env: { DNS_SERVERS: dns.address, ...(process.env.FUZZ_LOG ? { LOG_LEVEL: 'error' } : {}) } });
const world = await buildWorld(t);
const tally = new Tally();
const started = performance.now();

type Channel = { kind: 'both' } | { kind: 'rest'; twist: RestTwist } | { kind: 'mcp'; twist: McpTwist };
interface FuzzCase extends Mutated {
  actor: ActorName;
  channel: Channel;
  era: Era;
  idempotencyKey?: string;
}

const actorArb = fc.oneof(
  { weight: 4, arbitrary: fc.constant<ActorName>('owner') },
  { weight: 3, arbitrary: fc.constant<ActorName>('other') },
  { weight: 2, arbitrary: fc.constant<ActorName>('anonymous') },
  { weight: 1, arbitrary: fc.constant<ActorName>('reader') },
);

const INVALID_JSON = ['{', '{"a":', '{"a":1,}', "{'a':1}", 'NaN', '[1,2', '\uFEFF{}', '{"a":1}{"b":2}', '{"a":"\\x00"}', '{"__proto__":{"admin":true}}', '{"constructor":{"prototype":{"x":1}}}', 'null', '"text"', '12', '[]', '{"a":1e999999}'];
const CONTENT_TYPES = [undefined, 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml', 'application/json; charset=latin1', 'application/jsonx', 'APPLICATION/JSON', 'application/merge-patch+json', '*/*', 'application/json, text/plain'];
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'];

function channelArb(op: AnyOperation, schema: JsonSchema): fc.Arbitrary<Channel> {
  const reads = op.method === 'GET' || op.method === 'DELETE';
  const params = pathParams(op);
  const keys = [...Object.keys(schema.properties ?? {}), 'page', 'x'];
  const twists: fc.Arbitrary<RestTwist>[] = [
    fc.constantFrom(...METHODS.filter((m) => m !== op.method)).map((method) => ({ kind: 'method' as const, method })),
  ];
  if (params.length) twists.push(fc.constantFrom('..', '../..', '%2e%2e', '..%2F..%2Fsite', '%00', 'a%00', '%', '%zz', '%C0%AE', '%ED%A0%80', '.', 'x/../../site').map((raw) => ({ kind: 'raw_path' as const, raw })));
  if (reads) {
    twists.push(
      fc.tuple(fc.constantFrom(...keys), fc.array(fc.string({ maxLength: 8 }), { minLength: 2, maxLength: 3 })).map(([key, values]) => ({ kind: 'duplicate_query' as const, key, values })),
      fc.constant({ kind: 'body_on_read' as const }),
    );
  } else {
    twists.push(
      fc.tuple(fc.constantFrom(...keys, ...params), fc.constantFrom('1', 'x', '', '00000000-0000-4000-8000-000000000000', '%00', '999999999')).map(([key, value]) => ({ kind: 'query_on_write' as const, key, value })),
      fc.constantFrom(...CONTENT_TYPES).map((type) => ({ kind: 'content_type' as const, type })),
      fc.constantFrom(...INVALID_JSON).map((text) => ({ kind: 'invalid_json' as const, text })),
      fc.constantFrom(undefined, 'application/json', 'text/plain').map((type) => ({ kind: 'empty_body' as const, type })),
    );
  }
  const rest = fc.oneof(...twists).map((twist) => ({ kind: 'rest' as const, twist }));
  const mcp = fc
    .oneof(
      { weight: 3, arbitrary: fc.constant<McpTwist>({ kind: 'native' }) },
      { weight: 1, arbitrary: fc.constantFrom<unknown>([], 'text', 5, null, [{}], true).map((value): McpTwist => ({ kind: 'arguments', value })) },
      { weight: 1, arbitrary: fc.constantFrom<unknown>(5, {}, [], '', 'k'.repeat(300), null).map((value): McpTwist => ({ kind: 'meta_key', value })) },
    )
    .map((twist) => ({ kind: 'mcp' as const, twist }));
  // Rarely: a body over the 1 MiB limit (each is a megabyte to build and parse).
  const oversize = fc.constant<Channel>({ kind: 'rest', twist: { kind: 'oversize_body' } });
  return fc.oneof(
    { weight: 24, arbitrary: fc.constant<Channel>({ kind: 'both' }) },
    { weight: 8, arbitrary: rest },
    { weight: 4, arbitrary: mcp },
    { weight: reads ? 0 : 1, arbitrary: oversize },
  );
}

const keyArb = (op: AnyOperation): fc.Arbitrary<string | undefined> =>
  op.idempotent
    ? fc.oneof(
        { weight: 8, arbitrary: fc.constant(undefined) },
        { weight: 2, arbitrary: fc.uuid().map((u) => `fuzz-${u}`) },
        { weight: 1, arbitrary: fc.constantFrom('reused-1', 'reused-2') },
        { weight: 1, arbitrary: fc.constantFrom('', ' ', 'k'.repeat(256), 'has space', 'é', 'tab\there') },
      )
    : fc.oneof({ weight: 6, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: fc.constantFrom('fuzz-key', '') });

function caseArb(op: AnyOperation): fc.Arbitrary<FuzzCase> {
  const schema = inputJsonSchema(op.input);
  const params = pathParams(op);
  // Built once per actor: an arbitrary of a regular expression costs tens of milliseconds to build.
  const valid = new Map(ACTORS.map((actor) => [actor, validArbitrary(schema, hintsFor(world, actor))]));
  const how = fc.record({ channel: channelArb(op, schema), era: fc.constantFrom<Era>('modern', 'legacy'), idempotencyKey: keyArb(op) });
  return actorArb.chain((actor) =>
    valid
      .get(actor)!
      .chain((input) => mutationOf(input as Record<string, unknown>, schema, params))
      .chain((m) => how.map((rest) => ({ actor, ...m, ...rest }))),
  );
}

/** The people whose secrets this actor must never see. */
function othersOf(actor: ActorName): Holdings[] {
  const { own } = sides(world, actor);
  return Object.values(world.people).filter((h) => !own.includes(h));
}

/** What the caller learns from a success: new objects join its pools, their secrets its secrets. */
async function learn(op: AnyOperation, actor: ActorName, a: Answer) {
  if (a.status >= 300 || actor === 'anonymous') return;
  const me = sides(world, actor).own[0];
  const body = a.body as Record<string, any>;
  if (op.id === 'submit_listing' && typeof body.id === 'string' && !me.draftIds.includes(body.id)) me.draftIds.push(body.id);
  if (op.id === 'create_checkout' && typeof body.number === 'string') {
    me.orderNumbers.push(body.number);
    me.secrets.add(new URL(body.checkout_url).search.slice(1));
  }
  if (op.id === 'claim_listing' && typeof body.id === 'number' && !me.claimIds.includes(body.id)) me.claimIds.push(body.id);
  if (op.id === 'add_milestone' && typeof body.id === 'number') me.milestoneIds.push(body.id);
  if (op.id === 'submit_draft' && typeof body.listing_id === 'number' && !me.listingIds.includes(body.listing_id)) me.listingIds.push(body.listing_id);
  if (['submit_listing', 'create_checkout', 'claim_listing'].includes(op.id)) await learnSecrets(t, me);
}

/** A refused write leaves every owned table as it was (jobs of earlier successes settled first). */
async function unchangedSince(op: AnyOperation, before: Record<string, string> | undefined, a: Answer) {
  if (!before || a.status < 400) return;
  tally.footprints++;
  await t.jobsIdle();
  const now = await footprint(t);
  const changed = Object.keys(before).filter((k) => before[k] !== now[k]);
  if (changed.length) throw new Violation(`${a.transport} ${op.id}: refused with ${a.status} ${a.code} but changed ${changed.map((k) => `${k} ${before[k]} → ${now[k]}`).join(', ')}`);
}

async function snapshot(op: AnyOperation) {
  if (op.method === 'GET') return undefined;
  await t.jobsIdle();
  return footprint(t);
}

async function runCase(op: AnyOperation, c: FuzzCase) {
  const auth = world.auth[c.actor];
  const others = othersOf(c.actor);
  if (c.channel.kind !== 'mcp') {
    const headers = { ...auth, ...(c.idempotencyKey !== undefined && { 'idempotency-key': c.idempotencyKey }) };
    const twist = c.channel.kind === 'rest' ? c.channel.twist : ({ kind: 'plain' } as const);
    const req = restRequestOf(op, c.input, headers, twist);
    const before = await snapshot(op);
    const rest = await sendRest(t, req);
    tally.add(op, rest, c.channel.kind === 'rest' ? `rest:${twist.kind}` : c.mutation);
    checkAnswer(op, rest, { protocolErrorAllowed: false, head: req.method === 'HEAD', elsewhere: req.elsewhere });
    checkNoLeak(op, rest, req.text, others);
    await unchangedSince(op, before, rest);
    await learn(op, c.actor, rest);
    if (c.channel.kind !== 'both' || !req.comparable) return;

    // The same input, as the REST route read it, as a tool call.
    const mcpBefore = await snapshot(op);
    const mcp = await sendMcp(t, op, req.view, { era: c.era, headers: auth, idempotencyKey: c.idempotencyKey });
    tally.add(op, mcp, c.mutation);
    checkAnswer(op, mcp, { protocolErrorAllowed: false, head: false });
    checkNoLeak(op, mcp, mcp.text, others);
    await unchangedSince(op, mcpBefore, mcp);
    await learn(op, c.actor, mcp);
    // A write that worked on REST has changed what the second call meets (submitted, queued…).
    if (op.method === 'GET' || rest.status >= 400) {
      checkSameAnswer(op, rest, mcp);
      tally.pairs++;
    }
    return;
  }
  const twist = c.channel.twist;
  const args = twist.kind === 'arguments' ? twist.value : c.input;
  const key = twist.kind === 'meta_key' ? twist.value : c.idempotencyKey;
  const before = await snapshot(op);
  const mcp = await sendMcp(t, op, args, { era: c.era, headers: auth, idempotencyKey: key });
  tally.add(op, mcp, `mcp:${twist.kind}`);
  // Arguments that are not an object, or an Idempotency-Key that is not a string, break the
  // protocol's own shapes: a JSON-RPC error is a fair answer there.
  checkAnswer(op, mcp, { protocolErrorAllowed: twist.kind !== 'native', head: false });
  checkNoLeak(op, mcp, mcp.text, others);
  await unchangedSince(op, before, mcp);
  await learn(op, c.actor, mcp);
}

/** A per-operation seed, so that FUZZ_OPS replays one operation exactly as in the full run. */
const seedOf = (id: string) => [...id].reduce((h, ch) => Math.imul(h ^ ch.charCodeAt(0), 16777619) >>> 0, seed);

const describeCase = (c: FuzzCase) =>
  `${c.actor} ${c.channel.kind}${c.channel.kind !== 'both' ? `:${JSON.stringify(c.channel.twist).slice(0, 200)}` : ''} ${c.mutation}${c.at ? `@${c.at}` : ''} ${c.era}${c.idempotencyKey !== undefined ? ` key=${JSON.stringify(c.idempotencyKey.slice(0, 40))}` : ''} input=${JSON.stringify(c.input)?.slice(0, 400)}`;

for (const op of operations) {
  if (only && !only.has(op.id)) continue;
  test(`fuzz ${op.id} (${op.method} ${op.path}): ${runs} generated cases over REST and MCP`, async () => {
    const property = fc.asyncProperty(caseArb(op), async (c) => {
      try {
        await runCase(op, c);
      } catch (err) {
        if (err instanceof Violation) throw new Violation(`${err.message}\n  case: ${describeCase(c)}`);
        throw err;
      }
    });
    const result = await fc.check(property, { seed: seedOf(op.id), numRuns: runs, endOnFailure: process.env.FUZZ_SHRINK === '0' });
    if (result.failed) {
      assert.fail(`${op.id} failed after ${result.numRuns} cases (replay: ${replay}${only ? '' : ` FUZZ_OPS=${op.id}`}):\n${String((result.errorInstance as Error)?.message ?? result.errorInstance)}\n  shrunk ${result.numShrinks} times; counterexample: ${fc.stringify(result.counterexample)}`);
    }
  });
}

test('the run reached its budget and prints its figures', (ctx) => {
  const report = tally.report(seed, runs, performance.now() - started);
  console.log(report);
  ctx.diagnostic(report.split('\n')[0]);
  if (!only && runs >= DEFAULT_RUNS) assert.ok(tally.total >= 10_000, `only ${tally.total} requests`);
  assert.equal(tally.byStatus.get('500') ?? 0, 0);
});
