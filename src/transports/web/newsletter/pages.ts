import type { FastifyInstance } from 'fastify';
import type { Web } from '../context.ts';
import { registerNewsletterFeed } from '../feeds/newsletter-feed.ts';
import { registerNewsletterArchive } from './archive-pages.ts';
import { registerConfirmPage } from './confirm-page.ts';
import { registerSubscribePage } from './subscribe-page.ts';
import { registerUnsubscribePage } from './unsubscribe-page.ts';

/**
 * The newsletter's pages: subscribe, the double opt-in's confirmation, the one-click unsubscribe,
 * the archive of sent editions (their web versions) and its feed.
 */
export function registerNewsletterPages(app: FastifyInstance, web: Web) {
  registerSubscribePage(app, web);
  registerConfirmPage(app, web);
  registerUnsubscribePage(app, web);
  registerNewsletterArchive(app, web);
  registerNewsletterFeed(app, web);
}
