/** Every problem code the API can answer with, and what it means. Rendered at /docs/problems. */
export const PROBLEM_CODES: Record<string, string> = {
  validation_failed: 'An input broke a rule of the schema: a length, a bound, an enumeration, a pattern, a required or an unknown key. errors lists each offending field.',
  invalid_json: 'The request body is not valid JSON.',
  unsupported_media_type: 'The request body has a content type the operation does not accept (send application/json).',
  payload_too_large: 'The request body is larger than 1 MiB.',
  bad_request: 'The request could not be read.',
  route_not_found: 'No operation has this method and path.',
  listing_not_found: 'No public listing has this slug.',
  category_not_found: 'No category has this slug.',
  founder_not_found: 'No founder profile has this slug.',
  blog_post_not_found: 'No published blog post has this slug.',
  unknown_listing: 'A listing named in the query does not exist or is not live.',
  same_listing: 'compare_listings needs two different listings.',
  rate_limited: 'Too many requests in the current window. Wait for Retry-After seconds; RateLimit headers report the budget.',
  internal_error: 'A fault on our side. It is logged; retrying later may help.',
};
