import { createMcpHandler, McpServer, ProtocolError, ProtocolErrorCode, type AuthInfo, type ServerContext } from '@modelcontextprotocol/server';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { DomainError } from '../../domain/errors.ts';
import type { Actor } from '../../domain/actor.ts';
import { isRead, type AnyOperation } from '../../operations/define.ts';
import { validationFailed } from '../../operations/validation.ts';
import { authorize } from '../../operations/authorize.ts';
import type { Services } from '../../services.ts';
import { problem, problemFor, type Problem } from '../rest/problem.ts';
import { fastToolCall } from './fast-path.ts';
import { executeOperation } from '../../operations/execute.ts';
import { asServiceUnavailable } from '../../store/unavailable.ts';
import { MCP_VERSIONS } from '../../domain/site/site-info.ts';
import { jsonText } from '../../domain/json-text.ts';


/** Where MCP callers put an Idempotency-Key: the request's _meta, under the HTTP header's name. */
export const IDEMPOTENCY_META_KEY = 'idempotency-key';

export interface McpOptions {
  /** Answer well-formed 2026-07-28 tools/call requests without the SDK (default on). */
  fastPath?: boolean;
  onError?: (err: unknown) => void;
  name: string;
  version: string;
  publicUrl: string;
  instructions: string;
}

/** The tool's argument schema as advertised, with validation left to the tool itself. */
function advertisedSchema(op: AnyOperation) {
  const std = op.input['~standard'];
  return {
    '~standard': {
      version: 1 as const,
      vendor: 'launchyard',
      // Arguments are validated inside the tool so that a bad argument is the same
      // validation_failed problem as on REST, not the SDK's own wording.
      validate: (value: unknown) => ({ value }),
      jsonSchema: std.jsonSchema,
    },
  };
}

function toolError(p: Problem) {
  return { isError: true, content: [{ type: 'text' as const, text: JSON.stringify(p) }], structuredContent: p };
}

/**
 * The service has tools only. Clients ask for prompts and resources all the same (and the
 * caching conformance checks them): they get empty, cacheable lists, and prompts/get or
 * resources/read of any name is -32602, not an unknown method.
 */
function offerNoPromptsOrResources(server: McpServer) {
  const low = server.server;
  low.registerCapabilities({ prompts: {}, resources: {} });
  low.setRequestHandler('prompts/list', () => ({ prompts: [] }));
  low.setRequestHandler('prompts/get', (request) => {
    throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Prompt ${request.params.name} not found`);
  });
  low.setRequestHandler('resources/list', () => ({ resources: [] }));
  low.setRequestHandler('resources/templates/list', () => ({ resourceTemplates: [] }));
  low.setRequestHandler('resources/read', (request) => {
    // SEP-2164: the URI asked for rides in the error's data.
    throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Resource ${request.params.uri} not found`, { uri: request.params.uri });
  });
}

/** Builds the per-request MCP server: one tool per operation, the same handler as REST. */
export function createMcpNodeHandler(operations: AnyOperation[], services: Services, opts: McpOptions) {
  /** One tool call, whichever path it came by: the SDK's or the fast path. Never throws. */
  async function runTool(op: AnyOperation, args: unknown, actor: Actor, meta: Record<string, unknown> | undefined) {
    try {
      authorize(op, actor);
      const parsed = op.input.safeParse(args ?? {});
      if (!parsed.success) throw validationFailed(parsed.error.issues);
      // MCP carries the Idempotency-Key in the request's _meta, under the header's name.
      const key = meta?.[IDEMPOTENCY_META_KEY];
      const outcome = await executeOperation(op, parsed.data, { actor, services }, typeof key === 'string' ? key : undefined, (err) =>
        problemFor(opts.publicUrl, err),
      );
      const replayed = outcome.replayed ? { _meta: { [IDEMPOTENCY_META_KEY + '/replayed']: true } } : {};
      if (outcome.status >= 400) return { ...toolError(outcome.body as Problem), ...replayed };
      const out = outcome.body as Record<string, unknown>;
      return { content: [{ type: 'text' as const, text: jsonText(out) }], structuredContent: out, ...replayed };
    } catch (err) {
      if (err instanceof DomainError) return toolError(problemFor(opts.publicUrl, err).body);
      // The database being away: the same 503 service_unavailable problem as on REST.
      const unavailable = asServiceUnavailable(err);
      if (unavailable?.code === 'disk_full') opts.onError?.(err);
      if (unavailable) return toolError(problemFor(opts.publicUrl, unavailable).body);
      opts.onError?.(err);
      return toolError(problem(opts.publicUrl, 500, 'internal_error', 'Something went wrong on our side; it has been logged.'));
    }
  }

  const handler = createMcpHandler(
    (ctx) => {
      const actor = (ctx.authInfo?.extra?.actor as Actor | undefined) ?? { kind: 'anonymous', ip: 'unknown' };
      const server = new McpServer(
        { name: opts.name, version: opts.version },
        {
          supportedProtocolVersions: MCP_VERSIONS,
          instructions: opts.instructions,
          cacheHints: {
            'tools/list': { ttlMs: 300_000, cacheScope: 'public' },
            'prompts/list': { ttlMs: 300_000, cacheScope: 'public' },
            'resources/list': { ttlMs: 300_000, cacheScope: 'public' },
            'resources/templates/list': { ttlMs: 300_000, cacheScope: 'public' },
            'server/discover': { ttlMs: 3_600_000, cacheScope: 'public' },
          },
        },
      );
      offerNoPromptsOrResources(server);
      // A tools/call needs only its own tool: registering one instead of all keeps the per-request
      // server cheap (the factory runs for every HTTP request of the stateless protocol). A call of
      // an unknown tool gets them all, so the SDK answers -32602 "Tool … not found" (with no tool
      // registered it would not know tools/call at all: -32601).
      const requested = ctx.authInfo?.extra?.tool as string | undefined;
      const only = requested !== undefined && operations.some((op) => op.id === requested) ? requested : undefined;
      for (const op of operations) {
        if (only !== undefined && op.id !== only) continue;
        server.registerTool(
          op.id,
          {
            title: op.summary,
            description: op.extension ? `${op.description} (Extension beyond the interface spec.)` : op.description,
            inputSchema: advertisedSchema(op),
            outputSchema: op.output,
            annotations: {
              title: op.summary,
              readOnlyHint: isRead(op),
              destructiveHint: op.method === 'DELETE',
              idempotentHint: isRead(op) || op.method === 'PUT' || op.method === 'DELETE',
              openWorldHint: false,
            },
          },
          (args: unknown, toolCtx: ServerContext) => runTool(op, args, actor, toolCtx.mcpReq._meta),
        );
      }
      return server;
    },
    { legacy: 'stateless' },
  );
  const node = toNodeHandler(handler);
  const answers = new WeakMap<object, { head: string; bytes: number }>();
  const serverInfoMeta = JSON.stringify({ 'io.modelcontextprotocol/serverInfo': { name: opts.name, version: opts.version } });
  /** The JSON-RPC answer to a fast-path call, as the SDK would write it, and its length in bytes. */
  function fastAnswer(result: Awaited<ReturnType<typeof runTool>>, id: string | number): [string, number] {
    if (!('_meta' in result) && !('isError' in result)) {
      // A cached read hands back the same object for a few seconds: its whole answer, all but the
      // request id, is encoded and measured once. The text block is the structured content's JSON.
      const out = result.structuredContent;
      let cached = answers.get(out);
      if (cached === undefined) {
        const text = result.content[0].text;
        const head = `{"result":{"content":[{"type":"text","text":${JSON.stringify(text)}}],"structuredContent":${text},"resultType":"complete","_meta":${serverInfoMeta}},"jsonrpc":"2.0","id":`;
        answers.set(out, (cached = { head, bytes: Buffer.byteLength(head) }));
      }
      const tail = `${JSON.stringify(id)}}`;
      return [cached.head + tail, cached.bytes + Buffer.byteLength(tail)];
    }
    const _meta = { ...('_meta' in result ? result._meta : {}), 'io.modelcontextprotocol/serverInfo': { name: opts.name, version: opts.version } };
    const json = JSON.stringify({ result: { ...result, resultType: 'complete', _meta }, jsonrpc: '2.0', id });
    return [json, Buffer.byteLength(json)];
  }

  return {
    /** Serves one HTTP request; the actor reaches the tools through AuthInfo.extra. */
    async serve(raw: import('node:http').IncomingMessage, res: import('node:http').ServerResponse, body: unknown, actor: Actor) {
      const fast = opts.fastPath === false ? undefined : fastToolCall(raw, body, operations);
      if (fast) {
        const result = await runTool(fast.op, fast.args, actor, fast.meta);
        const [json, bytes] = fastAnswer(result, fast.id);
        // A length, not chunked encoding: one write for headers and body, as on REST.
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': bytes });
        res.end(json);
        return;
      }
      const messages = [body].flat() as ({ method?: string; params?: { name?: unknown } } | null)[];
      const tool =
        messages.length === 1 && messages[0]?.method === 'tools/call' && typeof messages[0].params?.name === 'string'
          ? messages[0].params.name
          : undefined;
      const auth: AuthInfo = {
        token: '',
        clientId: actor.kind === 'user' ? actor.userId : 'anonymous',
        scopes: actor.kind === 'user' ? [...actor.scopes] : [],
        extra: { actor, tool },
      };
      return node(Object.assign(raw, { auth }), res, body);
    },
    close: () => handler.close(),
  };
}
