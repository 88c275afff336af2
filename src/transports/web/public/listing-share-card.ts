import type { FastifyInstance } from 'fastify';
import { SITE_ROUTE, type Web } from '../context.ts';
import { getListing } from '../../../operations/listings/get-listing.ts';
import { readOperation } from '../read-operation.ts';
import { listingHref } from '../listing-card.ts';
import { listingShareCard, shareCardPng } from '../share-images.ts';

/** How long a fetched card may be kept: it changes with the listing's name, tagline, logo and votes. */
const CARD_MAX_AGE_S = 300;

/** The address a listing page gives as its og:image: the same while the card changes. */
export const listingShareCardPath = (slug: string) => `${listingHref(slug)}/share.png`;

/**
 * The listing's share card, drawn when asked for (link previews fetch it when a link is shared),
 * not when its page is viewed (share-images.ts, shareImageOnRequest).
 */
export function registerListingShareCard(app: FastifyInstance, web: Web) {
  const { services } = web;
  app.get('/listings/:slug/share.png', SITE_ROUTE, async (request, reply) => {
    const { slug } = request.params as { slug: string };
    // An unknown or private listing: the operation's 404.
    const profile = await readOperation(services, request, getListing, { slug });
    const png = await shareCardPng(services, listingShareCard(profile, web.siteName), request.log);
    if (!png) {
      const drawingFailed = services.mediaStorage && services.shareImages;
      return reply
        .code(drawingFailed ? 503 : 404)
        .header('cache-control', 'no-store')
        .headers(drawingFailed ? { 'retry-after': '60' } : {})
        .type('text/plain; charset=utf-8')
        .send(drawingFailed ? 'The card could not be drawn just now.\n' : 'This site draws no share cards.\n');
    }
    return reply.type('image/png').header('cache-control', `public, max-age=${CARD_MAX_AGE_S}`).header('x-content-type-options', 'nosniff').send(png);
  });
}
