import { readFileSync } from 'node:fs';
import type { FastifyError, FastifyInstance } from 'fastify';
import formbody from '@fastify/formbody';
import { DomainError } from '../../domain/errors.ts';
import { STATUS_BY_KIND } from '../rest/problem.ts';
import { asServiceUnavailable } from '../../store/unavailable.ts';
import { readSiteSession } from './site-session.ts';
import { createWeb, type WebOptions } from './context.ts';
import { html } from './html.ts';
import { withReturnTo } from './return-to.ts';
import { registerAuthPages } from './account/auth-pages.ts';
import { registerAccountPages } from './account/account-pages.ts';
import { registerApiKeyPages } from './account/api-keys-pages.ts';
import { registerWebhookPages } from './account/webhooks-pages.ts';
import { registerConnectedAppsPages } from './account/connected-apps.ts';
import { registerSocialSignIn } from './account/social-sign-in.ts';
import { registerSignInMethodsPages } from './account/sign-in-methods.ts';
import { registerAdminPages } from './admin/pages.ts';
import { registerAdminProductPages } from './admin/products.ts';
import { registerAdminCategoryPages } from './admin/categories.ts';
import { registerCheckoutPages } from './workspace/checkout-pages.ts';
import { registerListingPages } from './public/listing-pages.ts';
import { registerInvitePages } from './drafts/invite-pages.ts';
import { registerSubmitPage } from './drafts/submit-page.ts';
import { registerDraftPages } from './drafts/draft-pages.ts';
import { registerClaimPages } from './claims/confirm-page.ts';
import { registerClaimFlowPages } from './claims/flow-pages.ts';
import { registerMyListingsPages } from './workspace/listings-page.ts';
import { registerMyListingEditor } from './workspace/editor.ts';
import { registerMyListingUpdates } from './workspace/updates.ts';
import { registerMyListingStory } from './workspace/story.ts';
import { registerMyListingPictures } from './workspace/pictures.ts';
import { registerMyListingBadges } from './workspace/badges.ts';
import { registerLaunchPages } from './workspace/launch-pages.ts';
import { registerOrderPages } from './workspace/order-pages.ts';
import { registerBotPage } from './public/bot-page.ts';
import { registerPublicSite } from './public/public-site.ts';
import { registerNewsletterPages } from './newsletter/pages.ts';

const CSS = readFileSync(new URL('./site.css', import.meta.url), 'utf8');

const TITLES: Record<number, string> = {
  400: 'Please check your input',
  401: 'Please sign in',
  403: 'Not allowed',
  404: 'Not found',
  409: 'That did not work',
  413: 'Too large',
  415: 'Unsupported form',
  429: 'Too many requests',
  500: 'Something went wrong',
  503: 'Temporarily unavailable',
};

/**
 * The website: server-rendered HTML pages and url-encoded form posts, in their own plugin scope.
 * The form parser and the HTML error pages live only here, so the JSON API still refuses every
 * other content type and still answers problem+json.
 */
export async function webRoutes(app: FastifyInstance, opts: WebOptions) {
  const web = createWeb(opts);
  await app.register(formbody, { bodyLimit: 65_536 });

  app.decorateRequest('siteSession', undefined);
  app.addHook('onRequest', async (request) => {
    if (request.url.startsWith('/assets/')) return;
    request.siteSession = await readSiteSession(request, opts.services);
  });

  app.setErrorHandler((thrown: FastifyError | DomainError, request, reply) => {
    // The database being away (the session lookup, a page's query) is a 503 page, not a 500.
    const err = thrown instanceof DomainError ? thrown : (asServiceUnavailable(thrown) ?? thrown);
    // The operator must hear of a full disk: the visitor only sees that changes cannot be saved.
    if (err !== thrown && err.code === 'disk_full') request.log.error({ err: thrown }, 'the disk is full: a write was refused');
    let status: number;
    if (err instanceof DomainError) {
      status = STATUS_BY_KIND[err.kind];
      if (err.retryAfterSeconds !== undefined) reply.header('retry-after', String(err.retryAfterSeconds));
    } else if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) status = err.statusCode;
    else {
      request.log.error({ err }, 'unhandled error');
      status = 500;
    }
    const message = status === 500 ? 'Something went wrong on our side; it has been logged. Please try again later.' : err.message;
    const title = TITLES[status] ?? 'That did not work';
    const signIn = status === 401 ? html`<p><a href="${withReturnTo('/sign-in', request.method === 'GET' ? request.url : undefined)}">Sign in</a></p>` : '';
    return web.page(request, reply, { title, status, body: html`<h1>${title}</h1><p>${message}</p>${signIn}` });
  });

  app.get('/assets/site.css', { schema: { hide: true }, config: { rateLimit: false } }, async (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=3600').header('x-content-type-options', 'nosniff').send(CSS),
  );

  registerAuthPages(app, web);
  registerAccountPages(app, web);
  registerApiKeyPages(app, web);
  registerWebhookPages(app, web);
  registerConnectedAppsPages(app, web);
  registerSocialSignIn(app, web);
  registerSignInMethodsPages(app, web);
  registerAdminPages(app, web);
  registerAdminProductPages(app, web);
  registerAdminCategoryPages(app, web);
  registerCheckoutPages(app, web);
  registerListingPages(app, web);
  registerInvitePages(app, web);
  registerSubmitPage(app, web);
  registerDraftPages(app, web);
  registerClaimPages(app, web);
  registerClaimFlowPages(app, web);
  registerMyListingsPages(app, web);
  registerMyListingEditor(app, web);
  registerMyListingUpdates(app, web);
  registerMyListingStory(app, web);
  registerMyListingPictures(app, web);
  registerMyListingBadges(app, web);
  registerLaunchPages(app, web);
  registerOrderPages(app, web);
  registerBotPage(app, web);
  registerNewsletterPages(app, web);
  registerPublicSite(app, web);
}
