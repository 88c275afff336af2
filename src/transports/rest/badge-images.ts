import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BADGE_KINDS, BadgeModeParam, BadgeShapeParam, BadgeSizeParam } from '../../contract/badge.ts';
import { Slug } from '../../contract/common.ts';
import { invalid } from '../../domain/errors.ts';
import { isValidDate, mondayOf } from '../../domain/launches/weeks.ts';
import type { Services } from '../../services.ts';

/**
 * The badge images get_badges links to: GET /badges/{slug}/{kind}.svg. Not an API operation (an
 * image, not JSON; absent from OpenAPI and MCP), but validated and failing the same way: 400
 * validation_failed, 404 listing_not_found or badge_not_found, as problem+json.
 */
const Params = z.strictObject({ slug: Slug, kind: z.enum(BADGE_KINDS) });

/** The award week exactly as get_badges writes it: one URL per image keeps caches from splitting. */
const Week = z.string().superRefine((d, ctx) => {
  const message = !isValidDate(d) ? 'must be a calendar date YYYY-MM-DD' : mondayOf(d) !== d ? 'must be the Monday of the award week' : null;
  if (message) ctx.addIssue({ code: 'custom', message });
});

const Query = z.strictObject({
  shape: BadgeShapeParam,
  mode: BadgeModeParam,
  size: BadgeSizeParam,
  week: Week.optional().describe('launch_of_the_week only: the award week.'),
});

/**
 * Embedded on other sites and fetched by each of their visitors: cacheable by browsers and CDNs
 * for an hour, then revalidated cheaply with the ETag. An hour bounds how long a badge a listing
 * lost (or a renamed site) lingers.
 */
export const BADGE_CACHE_CONTROL = 'public, max-age=3600, stale-while-revalidate=86400';

/**
 * Opened directly (not as an <img>), an SVG is a document. Our badges carry no script, but say so
 * anyway: nothing may load or run, only the inline style the auto mode needs.
 */
const SVG_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

const etagOf = (body: string) => `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;

/** If-None-Match matches: "*", or any listed tag, weak or strong (RFC 9110 weak comparison for GET). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === etag;
  });
}

export function registerBadgeImageRoutes(app: FastifyInstance, services: Services) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/badges/:slug/:kind.svg',
    {
      schema: { hide: true, params: Params, querystring: Query },
      // An error (a badge not earned yet, a typo) must not be cached: the badge may exist soon.
      onSend: async (_request, reply, payload) => {
        if (reply.statusCode >= 400) reply.header('cache-control', 'no-store');
        return payload;
      },
    },
    async (request, reply) => {
      const { slug, kind } = request.params;
      const { week, ...style } = request.query;
      if (kind === 'launch_of_the_week' && week === undefined) {
        throw invalid('validation_failed', 'Invalid input: week: required for launch_of_the_week.', [
          { field: 'week', message: 'required for launch_of_the_week' },
        ]);
      }
      if (kind !== 'launch_of_the_week' && week !== undefined) {
        throw invalid('validation_failed', 'Invalid input: week: only for launch_of_the_week.', [
          { field: 'week', message: 'only for launch_of_the_week' },
        ]);
      }
      const svg = await services.badges.image(slug, kind, week, style);
      const etag = etagOf(svg);
      reply
        .header('etag', etag)
        .header('cache-control', BADGE_CACHE_CONTROL)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', SVG_CSP)
        // Pages that require CORP (COEP: require-corp) may still embed the badge.
        .header('cross-origin-resource-policy', 'cross-origin')
        .header('access-control-allow-origin', '*');
      if (matches(request.headers['if-none-match'], etag)) return reply.code(304).send();
      return reply.type('image/svg+xml; charset=utf-8').send(svg);
    },
  );
}
