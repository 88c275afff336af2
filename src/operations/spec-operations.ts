/**
 * The 41 operations of the interface spec (section 4), by tool name, method and path. The
 * contract test checks every implemented one against REST, OpenAPI and MCP, and that the
 * pending ones are exposed nowhere (no stubs).
 */
export const SPEC_OPERATIONS = [
  // 4.1 Public reads
  ['get_site_info', 'GET', '/site'],
  ['search_listings', 'GET', '/listings'],
  ['get_listing', 'GET', '/listings/{slug}'],
  ['get_alternatives', 'GET', '/listings/{slug}/alternatives'],
  ['compare_listings', 'GET', '/compare'],
  ['list_categories', 'GET', '/categories'],
  ['get_category', 'GET', '/categories/{slug}'],
  ['get_launch_week', 'GET', '/launches/weeks/{week}'],
  ['list_launches', 'GET', '/launches'],
  ['get_leaderboard', 'GET', '/leaderboards/{board}'],
  ['list_founders', 'GET', '/founders'],
  ['get_founder', 'GET', '/founders/{slug}'],
  ['list_blog_posts', 'GET', '/blog'],
  ['get_blog_post', 'GET', '/blog/{slug}'],
  ['list_awards', 'GET', '/awards'],
  ['get_badges', 'GET', '/listings/{slug}/badges'],
  ['list_interview_questions', 'GET', '/interview-questions'],
  ['list_products', 'GET', '/products'],
  // 4.2 Account and drafts
  ['get_account', 'GET', '/me'],
  ['submit_listing', 'POST', '/drafts'],
  ['list_my_drafts', 'GET', '/drafts'],
  ['get_draft', 'GET', '/drafts/{id}'],
  ['update_draft', 'PATCH', '/drafts/{id}'],
  ['invite_cofounder', 'POST', '/drafts/{id}/invites'],
  ['submit_draft', 'POST', '/drafts/{id}/submit'],
  // 4.3 Owner's listings
  ['list_my_listings', 'GET', '/me/listings'],
  ['get_my_listing', 'GET', '/me/listings/{listing_id}'],
  ['update_my_listing', 'PATCH', '/me/listings/{listing_id}'],
  ['post_listing_update', 'POST', '/me/listings/{listing_id}/updates'],
  ['add_milestone', 'POST', '/me/listings/{listing_id}/milestones'],
  ['delete_milestone', 'DELETE', '/me/listings/{listing_id}/milestones/{milestone_id}'],
  ['set_founder_story', 'PUT', '/me/listings/{listing_id}/story'],
  ['answer_interview', 'PUT', '/me/interview'],
  ['choose_free_listing', 'POST', '/me/listings/{listing_id}/free'],
  // 4.4 Claims
  ['claim_listing', 'POST', '/claims'],
  ['verify_claim', 'POST', '/claims/{claim_id}/verify'],
  ['list_my_claims', 'GET', '/claims'],
  // 4.5 Orders
  ['quote_order', 'POST', '/orders/quote'],
  ['create_checkout', 'POST', '/orders/checkout'],
  ['list_my_orders', 'GET', '/orders'],
  ['get_order', 'GET', '/orders/{number}'],
] as const;

export type SpecOperationId = (typeof SPEC_OPERATIONS)[number][0];
