import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { registerMediaRoute } from './web/media-route.ts';
import cookie from '@fastify/cookie';
import { randomToken } from '../domain/accounts/secrets.ts';
import swagger from '@fastify/swagger';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { RedisLink } from '../store/redis.ts';
import { asServiceUnavailable } from '../store/unavailable.ts';
import { failoverStore } from './rate-limit-store.ts';
import { readinessStatusCode, type Readiness } from './readiness.ts';
import type { z } from 'zod';
import { anonymous, type Actor } from '../domain/actor.ts';
import { DomainError } from '../domain/errors.ts';
import type { AnyOperation } from '../operations/define.ts';
import { validationFailed } from '../operations/validation.ts';
import type { Services } from '../services.ts';
import { createMcpNodeHandler } from './mcp/server.ts';
import { hostCheck, originCheck } from './mcp/host-check.ts';
import { authorize } from '../operations/authorize.ts';
import { problem, STATUS_BY_KIND } from './rest/problem.ts';
import { API_PREFIX, registerOperationRoutes } from './rest/routes.ts';
import { authenticateThrottled, authTarget, bearerChallenge, resourceMetadataUrl } from './authenticate.ts';
import { addRateLimitPolicy, setBudgetHeaders } from './rate-limit-headers.ts';
import { registerResourceMetadata } from './rest/resource-metadata.ts';
import { registerMcpRegistryEntry } from './rest/mcp-registry.ts';
import { openApiInfo } from './rest/openapi.ts';
import { registerDocsRoutes } from './rest/docs.ts';
import { registerBadgeImageRoutes } from './rest/badge-images.ts';
import { paymentWebhooks } from './rest/payment-webhooks.ts';
import { registerMetricsRoute } from './metrics-route.ts';
import { encodeJson } from './rest/encoding.ts';
import { redactedRequest } from './log-redaction.ts';
import { isSitePath, notFoundPage } from './web/not-found-page.ts';

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor;
  }
  interface FastifyContextConfig {
    operation?: AnyOperation;
  }
}

export interface HttpOptions {
  publicUrl: string;
  version: string;
  siteName: string;
  logLevel?: string;
  trustProxy?: boolean;
  rateLimit: { anonymousPerMinute: number; authenticatedPerMinute: number; signInPerMinute: number; failedCredentials: number };
  /** Shared rate limits; while Redis is away each node counts on its own. */
  redis?: RedisLink;
  /** GET /readyz: what the node can serve (readiness.ts). */
  ready?: () => Promise<Readiness>;
  /** Tests turn it off to compare the MCP fast path with the SDK's answers. */
  mcpFastPath?: boolean;
  /** Web origins besides the service's own that may call /mcp from a browser (MCP_ALLOWED_ORIGINS). */
  mcpAllowedOrigins?: string[];
  /** GET /metrics: the Prometheus text, and the token that opens it to non-loopback clients. */
  metrics?: { token?: string; render: () => string };
}

const FASTIFY_CODES: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_BODY_TOO_LARGE: 'payload_too_large',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'invalid_json',
  FST_ERR_CTP_INVALID_JSON_BODY: 'invalid_json',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'bad_request',
};

/** The one HTTP server: REST under /api/v1, MCP at /mcp, OpenAPI, health. */
export async function buildHttpServer(
  operations: AnyOperation[],
  services: Services,
  opts: HttpOptions,
): Promise<FastifyInstance> {
  const app = Fastify({
    // Request lines are logged with link tokens (checkout, confirmation, invite) redacted.
    logger: opts.logLevel && opts.logLevel !== 'silent' ? { level: opts.logLevel, serializers: { req: redactedRequest } } : false,
    trustProxy: opts.trustProxy ?? false,
    bodyLimit: 1_048_576,
    routerOptions: {
      ignoreTrailingSlash: true,
      // A path parameter of any length reaches the operation's schema, which names the field
      // (validation_failed, as MCP answers for the same argument); the router's own limit answered
      // bad_request past 2,048 characters instead. Over a socket, Node's 16 KiB header limit
      // bounds the request line before any of this runs.
      maxParamLength: 1_048_576,
    },
    // Router-level failures (a malformed %-escape) are problems like any other 4xx.
    frameworkErrors: (err, _request, reply) =>
      (reply as unknown as FastifyReply)
        .code(400)
        .type('application/problem+json')
        .send(problem(opts.publicUrl, 400, 'bad_request', err.message)),
  });

  // Signed cookies for site sessions; the secret is generated once per installation.
  await app.register(cookie, { secret: await services.secrets.getOrCreate('cookie_secret', () => randomToken(32)) });

  app.setValidatorCompiler(({ schema }) => (data) => {
    const result = (schema as z.ZodType).safeParse(data);
    return result.success ? { value: result.data } : { error: validationFailed(result.error.issues) };
  });
  // Every body a route sends is already in its schema's shape: executeOperation passes operation
  // output through op.output (checkedOutput), and problems are built by problem(). Encoding through
  // zod again cost a second full parse per response. Cached reads hand back the same object for a
  // few seconds; each such object is encoded once.
  app.setSerializerCompiler(() => encodeJson);

  app.decorateRequest('actor', null as never);
  // Callback style: most requests carry no credential, and those should not pay for a promise.
  app.addHook('onRequest', (request, _reply, done) => {
    request.actor = anonymous(request.ip); // stays if the credential turns out invalid (rate limiting reads it)
    const header = request.headers.authorization;
    if (!header) return done();
    const target = authTarget(request.url);
    if (target === 'authorization_server' || target === 'metrics') return done(); // their Authorization is not a caller credential
    authenticateThrottled(header, request.ip, services, target).then((actor) => {
      request.actor = actor;
      done();
    }, done);
  });

  app.setErrorHandler((thrown: FastifyError | DomainError, request, reply) => {
    // The database being away (a store error) is a 503 wherever it surfaced: in an operation
    // or in the credential lookup of onRequest.
    const err = thrown instanceof DomainError ? thrown : (asServiceUnavailable(thrown) ?? thrown);
    // The operator must hear of a full disk: the visitor only sees that changes cannot be saved.
    if (err !== thrown && err.code === 'disk_full') request.log.error({ err: thrown }, 'the disk is full: a write was refused');
    let status: number;
    let body;
    if (err instanceof DomainError) {
      status = STATUS_BY_KIND[err.kind];
      body = problem(opts.publicUrl, status, err.code, err.message, err.fields);
      if (err.code === 'idempotency_in_progress') reply.header('retry-after', '1');
      if (err.retryAfterSeconds !== undefined) reply.header('retry-after', String(err.retryAfterSeconds));
      if (err.budget) setBudgetHeaders(reply, err.budget);
      if (status === 401 || status === 403) {
        const resource = request.url.startsWith('/mcp') ? '/mcp' : API_PREFIX;
        reply.header('www-authenticate', bearerChallenge(resourceMetadataUrl(opts.publicUrl, resource), err));
      }
    } else if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      status = err.statusCode;
      body = problem(opts.publicUrl, status, FASTIFY_CODES[err.code] ?? 'bad_request', err.message);
    } else {
      request.log.error({ err }, 'unhandled error');
      status = 500;
      body = problem(opts.publicUrl, 500, 'internal_error', 'Something went wrong on our side; it has been logged.');
    }
    return reply.code(status).type('application/problem+json').send(body);
  });

  // A person who opens an unknown site URL gets a page; API, MCP and protocol URLs keep problem+json.
  const sitePageNotFound = notFoundPage({ services, publicUrl: opts.publicUrl, siteName: opts.siteName, signInPerMinute: opts.rateLimit.signInPerMinute });
  app.setNotFoundHandler((request, reply) =>
    isSitePath(request.url)
      ? sitePageNotFound(request, reply)
      : reply
          .code(404)
          .type('application/problem+json')
          .send(problem(opts.publicUrl, 404, 'route_not_found', `No route for ${request.method} ${request.url.split('?')[0]}.`)),
  );

  await app.register(rateLimit, {
    global: true,
    max: (_request, key) => (key.startsWith('ip:') ? opts.rateLimit.anonymousPerMinute : opts.rateLimit.authenticatedPerMinute),
    timeWindow: 60_000,
    enableDraftSpec: true,
    ...(opts.redis ? { store: failoverStore(opts.redis, 'launchyard:rl:'), skipOnError: true } : {}),
    keyGenerator: (request) => {
      const actor = request.actor;
      // Per credential: two API keys of one person have a budget each, like two OAuth clients.
      return actor?.kind === 'user' ? `cred:${actor.via}:${actor.credential.id}` : `ip:${request.ip}`;
    },
    errorResponseBuilder: (_request, context) =>
      new DomainError('rate_limited', 'rate_limited', `Too many requests; retry in ${Math.ceil(context.ttl / 1000)} s.`),
  });

  // RateLimit-Policy beside the RateLimit headers the plugin sets (draft-ietf-httpapi-ratelimit-headers).
  // Callback style: every request passes both, and a promise each cost more than the header.
  app.addHook('preHandler', (_request, reply, done) => {
    addRateLimitPolicy(reply, 60);
    done();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    addRateLimitPolicy(reply, 60);
    done(null, payload);
  });

  await app.register(swagger, {
    openapi: openApiInfo(opts),
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });

  app.get('/healthz', { config: { rateLimit: false }, schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { config: { rateLimit: false }, schema: { hide: true } }, async (_request, reply) => {
    const readiness: Readiness = (await opts.ready?.()) ?? { status: 'ready', database: 'up', redis: 'not_configured' };
    return reply.code(readinessStatusCode(readiness)).send(readiness);
  });

  if (opts.metrics) registerMetricsRoute(app, opts.metrics);
  registerOperationRoutes(app, operations, services);
  registerDocsRoutes(app, { publicUrl: opts.publicUrl, siteName: opts.siteName });
  registerResourceMetadata(app, { publicUrl: opts.publicUrl, siteName: opts.siteName });
  registerMcpRegistryEntry(app, { publicUrl: opts.publicUrl, siteName: opts.siteName, version: opts.version }); // /.well-known/mcp/server.json
  registerBadgeImageRoutes(app, services);
  registerMediaRoute(app, services.mediaStorage, { publicUrl: opts.publicUrl }); // /media/*: kept pictures, immutable
  await app.register(paymentWebhooks, { services }); // POST /webhooks/stripe: raw body, signature checked
  await app.register((await import('./web/routes.ts')).webRoutes, { services, publicUrl: opts.publicUrl, siteName: opts.siteName, signInPerMinute: opts.rateLimit.signInPerMinute }); // the website: pages and forms
  await app.register((await import('../oauth/plugin.ts')).oauthServer, { services }); // OAuth 2.1 authorization server: /oauth/*, discovery, consent

  const mcp = createMcpNodeHandler(operations, services, {
    name: 'launchyard',
    version: opts.version,
    publicUrl: opts.publicUrl,
    fastPath: opts.mcpFastPath,
    onError: (err) => app.log.error({ err }, 'MCP tool failed'),
    instructions: `${opts.siteName}: a product directory and weekly launch calendar. Every REST operation of ${opts.publicUrl}/api/v1 is a tool here, with the same arguments.`,
  });
  const byId = new Map(operations.map((op) => [op.id, op]));
  const allowedHosts = ['localhost', '127.0.0.1', '[::1]', new URL(opts.publicUrl).hostname];
  await app.register(async (scope) => {
    // DNS-rebinding protection: a browser tricked into calling us under another name is refused.
    scope.addHook('onRequest', hostCheck(allowedHosts));
    scope.addHook('onRequest', originCheck([opts.publicUrl, ...(opts.mcpAllowedOrigins ?? [])]));
    scope.all('/mcp', { schema: { hide: true } }, async (request, reply) => {
      // A signed-in tool called without (enough) credentials is an HTTP 401/403 with a challenge,
      // not a tool result: that is what makes an MCP client start the sign-in flow.
      for (const message of Array.isArray(request.body) ? request.body : [request.body]) {
        const call = message as { method?: string; params?: { name?: string } } | null;
        if (call?.method !== 'tools/call') continue;
        const op = typeof call.params?.name === 'string' ? byId.get(call.params.name) : undefined;
        if (op) authorize(op, request.actor);
      }
      // The MCP handler writes the raw response itself; carry over headers set so far (rate limit).
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (value !== undefined) reply.raw.setHeader(name, value as string);
      }
      reply.hijack();
      await mcp.serve(request.raw, reply.raw, request.body, request.actor);
    });
  });
  app.addHook('onClose', async () => mcp.close());

  return app;
}
