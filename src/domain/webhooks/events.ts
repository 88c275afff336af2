/**
 * The events a webhook endpoint may ask for. Owner events go to the endpoints of the person whose
 * draft, listing, claim or order it is; public events to every endpoint that asks for them.
 * Names are `thing.happening` (the type in the body); the data of each is documented in the README
 * ("Webhooks") and built by store/webhook-events-store.ts in the transaction of the change.
 */
export const WEBHOOK_EVENTS = {
  'draft.ready': { audience: 'owner', description: 'A draft of yours finished drafting and is ready to edit.' },
  'listing.live': { audience: 'owner', description: 'A listing of yours went live.' },
  'listing.update_posted': { audience: 'owner', description: 'An update was posted on a listing of yours.' },
  'award.won': { audience: 'owner', description: 'A listing of yours won a Launch of the Week place.' },
  'claim.verified': { audience: 'owner', description: 'A claim of yours was verified: the listing is yours.' },
  'order.paid': { audience: 'owner', description: 'An order of yours was paid.' },
  'comment.posted': { audience: 'owner', description: 'A comment was posted under a listing of yours.' },
  'launch_week.closed': { audience: 'public', description: 'A launch week ended (its leaderboard is final once awards are decided).' },
  'awards.decided': { audience: 'public', description: 'A closed week\'s Launch of the Week places were decided.' },
  'category.listing_live': { audience: 'public', description: 'A listing went live in a category (the endpoint\'s categories, or any).' },
} as const satisfies Record<string, { audience: 'owner' | 'public'; description: string }>;

export type WebhookEventType = keyof typeof WEBHOOK_EVENTS;
export const WEBHOOK_EVENT_TYPES = Object.keys(WEBHOOK_EVENTS) as WebhookEventType[];
export const OWNER_EVENT_TYPES = WEBHOOK_EVENT_TYPES.filter((t) => WEBHOOK_EVENTS[t].audience === 'owner');
export const PUBLIC_EVENT_TYPES = WEBHOOK_EVENT_TYPES.filter((t) => WEBHOOK_EVENTS[t].audience === 'public');

export const isWebhookEventType = (name: string): name is WebhookEventType => Object.hasOwn(WEBHOOK_EVENTS, name);
