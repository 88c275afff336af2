import { z } from 'zod';

export const SLUG_PATTERN = /^[a-z0-9][a-z0-9-]{0,219}$/;

export const Slug = z
  .string()
  .max(220)
  .regex(SLUG_PATTERN, 'must match ^[a-z0-9][a-z0-9-]{0,219}$')
  .describe('Lowercase letters, digits and hyphens; starts with a letter or digit; at most 220 characters.');

export const CountryCode = z
  .string()
  .regex(/^[A-Za-z]{2}$/, 'must be two letters (ISO 3166-1 alpha-2)')
  .transform((v) => v.toUpperCase())
  .describe('ISO 3166-1 alpha-2 country code, e.g. DE.');

/**
 * Query strings carry numbers as text; MCP callers send real numbers. Only plain decimal digits
 * are read as a number: "0x10", "1e3", " 5" and true stay invalid instead of being coerced.
 */
export const pageNumber = (max: number, fallback: number, what: string) =>
  z
    .preprocess(
      (v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v),
      z.number().int().min(1).max(max).default(fallback),
    )
    .describe(what);

export const Pagination = {
  page: pageNumber(1000, 1, 'Page number, 1 to 1000.'),
  per_page: pageNumber(100, 20, 'Items per page, 1 to 100.'),
};

/** Query booleans arrive as "true"/"false"; MCP callers send real booleans. */
export const queryBoolean = (fallback: boolean) =>
  z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean().default(fallback));

/** The envelope of every list: the records under items, with the page that was served. */
export function paginated<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    page: z.number().int().min(1),
    per_page: z.number().int().min(1).max(100),
    total: z.number().int().min(0).describe('Number of records across all pages (an estimate when total_is_estimate is true).'),
    total_is_estimate: z
      .boolean()
      .describe('True when total is an estimate: a filtered search or ranking past 1,000 matches, counted exactly only up to there. Paging works either way.'),
  });
}

export const Faq = z
  .object({ question: z.string().max(300), answer: z.string().max(1500) })
  .meta({ id: 'Faq' });

export const Socials = z
  .record(z.string(), z.string())
  .describe('Platform key to link. Keys: the twelve platform keys, plus website and custom.')
  .meta({ id: 'Socials' });

export const Timestamp = z.string().describe('RFC 3339 timestamp in UTC.');
export const CalendarDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/).describe('Calendar date, YYYY-MM-DD.');
