import type { AnyOperation } from './define.ts';
import { getAccount } from './account/get-account.ts';
import { getSiteInfo } from './site/get-site-info.ts';
import { searchListings } from './listings/search-listings.ts';
import { getListing } from './listings/get-listing.ts';
import { getAlternatives } from './listings/get-alternatives.ts';
import { compareListings } from './listings/compare-listings.ts';
import { listCategories } from './categories/list-categories.ts';
import { getCategory } from './categories/get-category.ts';
import { listFounders } from './founders/list-founders.ts';
import { getFounder } from './founders/get-founder.ts';
import { listBlogPosts } from './blog/list-blog-posts.ts';
import { getBlogPost } from './blog/get-blog-post.ts';
import { listInterviewQuestions } from './catalog/list-interview-questions.ts';
import { listProducts } from './catalog/list-products.ts';
import { getLaunchWeek } from './launches/get-launch-week.ts';
import { listLaunches } from './launches/list-launches.ts';
import { getLeaderboard } from './launches/get-leaderboard.ts';
import { listAwards } from './launches/list-awards.ts';
import { getBadges } from './badges/get-badges.ts';

/** Every implemented operation. Transports loop over this list; nothing else registers routes or tools. */
export const operations: AnyOperation[] = [
  getSiteInfo,
  searchListings,
  getListing,
  getAlternatives,
  getBadges,
  compareListings,
  listCategories,
  getCategory,
  getLaunchWeek,
  listLaunches,
  getLeaderboard,
  listFounders,
  getFounder,
  listBlogPosts,
  getBlogPost,
  listAwards,
  listInterviewQuestions,
  listProducts,
  getAccount,
] as AnyOperation[];
