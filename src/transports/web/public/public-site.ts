import type { FastifyInstance } from 'fastify';
import type { Web } from '../context.ts';
import { registerAssetRoutes } from '../assets.ts';
import { registerHomePage } from './home-page.ts';
import { registerSearchPage } from './search-page.ts';
import { registerComparePage } from './compare-page.ts';
import { registerCategoryPages } from './category-pages.ts';
import { registerWeekPage } from './week-page.ts';
import { registerLeaderboardPages } from './leaderboard-pages.ts';
import { registerAwardsPage } from './awards-page.ts';
import { registerFounderPages } from './founder-pages.ts';
import { registerBlogPages } from './blog-pages.ts';
import { registerPricingPage } from './pricing-page.ts';
import { registerRankingPage } from './ranking-page.ts';
import { registerInterviewPage } from './interview-page.ts';
import { registerBadgesPage } from './badges-page.ts';
import { registerReportPage } from './report-page.ts';
import { registerPrivacyPage } from './privacy-page.ts';
import { registerFeeds } from '../feeds/feeds.ts';
import { registerSitemap } from '../feeds/sitemap.ts';
import { registerRobotsTxt } from '../feeds/robots-txt.ts';
import { registerLlmsTxt } from '../feeds/llms-txt.ts';

/**
 * The public directory a visitor browses (the listing page itself is in listing-pages.ts, beside
 * its forms): one file per page, each calling the API's operations in-process (read-operation.ts),
 * plus what crawlers, feed readers and agents ask for.
 */
export function registerPublicSite(app: FastifyInstance, web: Web) {
  registerAssetRoutes(app);
  registerHomePage(app, web);
  registerSearchPage(app, web);
  registerComparePage(app, web);
  registerCategoryPages(app, web);
  registerWeekPage(app, web);
  registerLeaderboardPages(app, web);
  registerAwardsPage(app, web);
  registerFounderPages(app, web);
  registerBlogPages(app, web);
  registerPricingPage(app, web);
  registerRankingPage(app, web);
  registerInterviewPage(app, web);
  registerBadgesPage(app, web);
  registerReportPage(app, web);
  registerPrivacyPage(app, web);
  registerFeeds(app, web);
  registerSitemap(app, web);
  registerRobotsTxt(app, web);
  registerLlmsTxt(app, web);
}
