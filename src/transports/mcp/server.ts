import { createMcpHandler, McpServer, type AuthInfo, type ServerContext } from '@modelcontextprotocol/server';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { DomainError } from '../../domain/errors.ts';
import type { Actor } from '../../domain/actor.ts';
import { isRead, type AnyOperation } from '../../operations/define.ts';
import { validationFailed } from '../../operations/validation.ts';
import { authorize } from '../../operations/authorize.ts';
import type { Services } from '../../services.ts';
import { problemFor, type Problem } from '../rest/problem.ts';
import { executeOperation } from '../../operations/execute.ts';
import { MCP_VERSIONS } from '../../domain/site/site-info.ts';


/** Where MCP callers put an Idempotency-Key: the request's _meta, under the HTTP header's name. */
export const IDEMPOTENCY_META_KEY = 'idempotency-key';

export interface McpOptions {
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

/** Builds the per-request MCP server: one tool per operation, the same handler as REST. */
export function createMcpNodeHandler(operations: AnyOperation[], services: Services, opts: McpOptions) {
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
            'server/discover': { ttlMs: 3_600_000, cacheScope: 'public' },
          },
        },
      );
      // A tools/call needs only its own tool: registering one instead of all keeps the per-request
      // server cheap (the factory runs for every HTTP request of the stateless protocol).
      const only = ctx.authInfo?.extra?.tool as string | undefined;
      for (const op of operations) {
        if (only !== undefined && op.id !== only) continue;
        server.registerTool(
          op.id,
          {
            title: op.summary,
            description: op.description,
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
          async (args: unknown, toolCtx: ServerContext) => {
            try {
              authorize(op, actor);
              const parsed = op.input.safeParse(args ?? {});
              if (!parsed.success) throw validationFailed(parsed.error.issues);
              // MCP carries the Idempotency-Key in the request's _meta, under the header's name.
              const key = toolCtx.mcpReq._meta?.[IDEMPOTENCY_META_KEY];
              const outcome = await executeOperation(op, parsed.data, { actor, services }, typeof key === 'string' ? key : undefined, (err) =>
                problemFor(opts.publicUrl, err),
              );
              const replayed = outcome.replayed ? { _meta: { [IDEMPOTENCY_META_KEY + '/replayed']: true } } : {};
              if (outcome.status >= 400) return { ...toolError(outcome.body as Problem), ...replayed };
              const out = outcome.body as Record<string, unknown>;
              return { content: [{ type: 'text' as const, text: JSON.stringify(out) }], structuredContent: out, ...replayed };
            } catch (err) {
              if (err instanceof DomainError) return toolError(problemFor(opts.publicUrl, err).body);
              throw err;
            }
          },
        );
      }
      return server;
    },
    { legacy: 'stateless' },
  );
  const node = toNodeHandler(handler);
  return {
    /** Serves one HTTP request; the actor reaches the tools through AuthInfo.extra. */
    serve(raw: import('node:http').IncomingMessage, res: import('node:http').ServerResponse, body: unknown, actor: Actor) {
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
