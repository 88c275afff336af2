import { sql } from 'kysely';

/** Columns of a listing card, selected by every query that returns summaries. */
export interface SummaryRow {
  id: string;
  slug: string;
  name: string;
  url: string;
  tagline: string | null;
  logo_url: string | null;
  status: 'live' | 'scheduled';
  plan: 'free' | 'paid';
  launch_week: string | null;
  pricing_model: string | null;
  country: string | null;
  stage: string | null;
  votes_count: number;
  /** Counted points (thousandths of a vote). */
  vote_points: string;
  views_count: string;
  follows_count: number;
  comments_count: number;
  published_at: Date | null;
  category_slug: string | null;
  category_name: string | null;
}

/** A listing's view count (listing_views, one row per listing). */
export const viewsCount = sql`coalesce((select lv.views from listing_views lv where lv.listing_id = l.id), 0) as views_count`;

export const summaryColumns = sql`l.id, l.slug, l.name, l.url, l.tagline, l.logo_url, l.status, l.plan,
  l.launch_week, l.pricing_model, l.country, l.stage, l.votes_count, l.vote_points, ${viewsCount}, l.follows_count,
  l.comments_count, l.published_at, pc.slug as category_slug, pc.name as category_name`;
