import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pathParams, type AnyOperation } from '../../operations/define.ts';
import type { Services } from '../../services.ts';
import { Problem, problemFor } from './problem.ts';
import { executeOperation } from '../../operations/execute.ts';
import { authorize } from '../../operations/authorize.ts';
import { z } from 'zod';
import { validationFailed } from '../../operations/validation.ts';
import { etagOf, noneMatch } from './encoding.ts';

const NO_BODY = z.strictObject({});
const NO_QUERY = z.strictObject({});

export const API_PREFIX = '/api/v1';

/**
 * Public reads may be served from a cache for as long as the service's own caches keep them
 * (PUBLIC_READ_TTL_SECONDS), and a little stale while one revalidates.
 */
export const PUBLIC_READ_TTL_SECONDS = 5;
const PUBLIC_CACHE_CONTROL = `public, max-age=${PUBLIC_READ_TTL_SECONDS}, stale-while-revalidate=30`;

/** Splits an operation's one input object into the REST parts: path params, then query or body. */
export function restSchemas(op: AnyOperation) {
  const names = pathParams(op);
  const mask = Object.fromEntries(names.map((n) => [n, true as const])) as never;
  const params = names.length ? op.input.pick(mask) : undefined;
  const rest = names.length ? op.input.omit(mask) : op.input;
  const hasRest = Object.keys(rest.shape).length > 0;
  const inQuery = op.method === 'GET' || op.method === 'DELETE';
  return {
    params,
    // Always validated, even when empty, so an unknown query key is a 400: on a write too, where
    // the input is the body (a query string there used to reach the handler unchecked).
    querystring: inQuery ? rest : NO_QUERY,
    body: !inQuery && hasRest ? rest : undefined,
  };
}

/** One Fastify route per operation. The loop is the whole REST transport. */
export function registerOperationRoutes(app: FastifyInstance, operations: AnyOperation[], services: Services) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  for (const op of operations) {
    const { params, querystring, body } = restSchemas(op);
    const bodyless = !body && op.method !== 'GET';
    const cacheable = op.scope === 'public' && op.method === 'GET';
    typed.route({
      method: op.method,
      url: API_PREFIX + op.path.replace(/\{(\w+)\}/g, ':$1'),
      schema: {
        operationId: op.id,
        summary: op.summary,
        description: op.extension ? `${op.description} (Extension beyond the interface spec.)` : op.description,
        tags: [op.tag],
        ...(params && { params }),
        ...(querystring && { querystring }),
        ...(body && { body }),
        ...(op.scope === 'public'
          ? { security: [{}, { apiKey: [] }, { oauth2: [] }] }
          : { security: [{ apiKey: [] }, { oauth2: [op.scope] }] }),
        response: { [op.status]: op.output, '4XX': Problem },
      },
      config: { operation: op },
      // Public reads have nothing to check here, and skip the hook.
      ...((op.scope !== 'public' || op.method !== 'GET') && {
        // Access is checked before the input, so an anonymous caller learns "sign in", not the schema.
        preValidation: async (request: FastifyRequest) => {
          authorize(op, request.actor);
          // A write without body keys (submit_draft, choose_free_listing, delete_milestone…) still
          // rejects a body that carries some, as the spec's "no other keys allowed" asks. {} or no
          // body is fine.
          if (bodyless && request.body != null) {
            const parsed = NO_BODY.safeParse(request.body);
            if (!parsed.success) throw validationFailed(parsed.error.issues);
          }
          // No body at all is an empty one: a PATCH or PUT whose keys are all optional
          // (update_draft, set_founder_story) then changes nothing, as the same call over MCP.
          // A body of JSON null is still not an object.
          if (body && request.body === undefined) request.body = {};
        },
      }),
      handler: async (request, reply) => {
        // Only the parts the route validated: path parameters, then the query (reads) or the body
        // (writes). A DELETE's body is checked empty above and never read.
        const input = {
          ...(request.params as object),
          ...(request.query as object),
          ...(body ? (request.body as object) : {}),
        };
        const key = request.headers['idempotency-key'];
        const outcome = await executeOperation(op, input, { actor: request.actor, services }, Array.isArray(key) ? key.join(',') : key, (err) =>
          problemFor(services.publicUrl, err),
        );
        if (outcome.replayed) reply.header('idempotent-replayed', 'true');
        if (outcome.status >= 400) reply.type('application/problem+json');
        else if (cacheable) {
          // Public reads are the same for everyone for a few seconds (the services' caches): let
          // browsers, proxies and agents keep them, and revalidate with an ETag.
          const etag = etagOf(outcome.body as object);
          reply.header('etag', etag).header('cache-control', PUBLIC_CACHE_CONTROL);
          if (noneMatch(request.headers['if-none-match'], etag)) return reply.code(304).send(undefined as never);
        }
        return reply.code(outcome.status as 200).send(outcome.body as never);
      },
    });
  }
}
