import fc from 'fast-check';
import { pathParams, type AnyOperation } from '../../src/operations/define.ts';
import { inputJsonSchema, validArbitrary, type JsonSchema } from './schema-arbitrary.ts';
import { mutationOf, type Mutated } from './hostile-input.ts';
import type { Era, McpTwist, RestTwist } from './fuzz-transport.ts';
import { ACTORS, hintsFor, type ActorName, type World } from './fuzz-world.ts';

export type Channel = { kind: 'both' } | { kind: 'rest'; twist: RestTwist } | { kind: 'mcp'; twist: McpTwist };
export interface FuzzCase extends Mutated {
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

/**
 * One case of an operation: who calls, with which input (well-formed or broken), how it is sent
 * (REST and then the same input over MCP, or only one of them with a twist), in which MCP era,
 * with which Idempotency-Key.
 */
export function caseArbitrary(op: AnyOperation, world: World): fc.Arbitrary<FuzzCase> {
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

/** The case in one line, for a failure message. */
export const describeCase = (c: FuzzCase) =>
  `${c.actor} ${c.channel.kind}${c.channel.kind !== 'both' ? `:${JSON.stringify(c.channel.twist).slice(0, 200)}` : ''} ${c.mutation}${c.at ? `@${c.at}` : ''} ${c.era}${c.idempotencyKey !== undefined ? ` key=${JSON.stringify(c.idempotencyKey.slice(0, 40))}` : ''} input=${JSON.stringify(c.input)?.slice(0, 400)}`;
