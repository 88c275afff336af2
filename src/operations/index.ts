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
import { submitListing } from './drafts/submit-listing.ts';
import { listMyDrafts } from './drafts/list-my-drafts.ts';
import { getDraft } from './drafts/get-draft.ts';
import { updateDraft } from './drafts/update-draft.ts';
import { submitDraft } from './drafts/submit-draft.ts';
import { inviteCofounder } from './drafts/invite-cofounder.ts';
import { listMyListings } from './owner-listings/list-my-listings.ts';
import { getMyListing } from './owner-listings/get-my-listing.ts';
import { updateMyListing } from './owner-listings/update-my-listing.ts';
import { postListingUpdate } from './owner-listings/post-listing-update.ts';
import { addMilestone } from './owner-listings/add-milestone.ts';
import { deleteMilestone } from './owner-listings/delete-milestone.ts';
import { setFounderStory } from './owner-listings/set-founder-story.ts';
import { answerInterview } from './owner-listings/answer-interview.ts';
import { chooseFreeListing } from './owner-listings/choose-free-listing.ts';
import { quoteOrder } from './orders/quote-order.ts';
import { createCheckout } from './orders/create-checkout.ts';
import { listMyOrders } from './orders/list-my-orders.ts';
import { getOrder } from './orders/get-order.ts';
import { claimListing } from './claims/claim-listing.ts';
import { verifyClaim } from './claims/verify-claim.ts';
import { listMyClaims } from './claims/list-my-claims.ts';
import { listComments } from './discussions/list-comments.ts';
import { createWebhook } from './webhooks/create-webhook.ts';
import { listWebhooks } from './webhooks/list-webhooks.ts';
import { deleteWebhook } from './webhooks/delete-webhook.ts';
import { listWebhookDeliveries } from './webhooks/list-webhook-deliveries.ts';
import { redeliverWebhook } from './webhooks/redeliver-webhook.ts';

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
  submitListing,
  listMyDrafts,
  getDraft,
  updateDraft,
  submitDraft,
  listMyListings,
  getMyListing,
  updateMyListing,
  postListingUpdate,
  addMilestone,
  deleteMilestone,
  setFounderStory,
  answerInterview,
  chooseFreeListing,
  inviteCofounder,
  quoteOrder,
  createCheckout,
  listMyOrders,
  getOrder,
  claimListing,
  verifyClaim,
  listMyClaims,
  // Extensions beyond the spec (each marked extension: true).
  listComments,
  createWebhook,
  listWebhooks,
  deleteWebhook,
  listWebhookDeliveries,
  redeliverWebhook,
] as AnyOperation[];
