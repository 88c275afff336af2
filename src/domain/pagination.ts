export interface PageRequest {
  page: number;
  per_page: number;
}

export interface Page<T> {
  items: T[];
  page: number;
  per_page: number;
  total: number;
  /** The total is an estimate (a filtered list past its exact-count bound). */
  total_is_estimate: boolean;
}

export const limitOffset = (p: PageRequest) => ({ limit: p.per_page, offset: (p.page - 1) * p.per_page });

export const pageOf = <T>(items: T[], p: PageRequest, total: number, totalIsEstimate = false): Page<T> => ({
  items,
  page: p.page,
  per_page: p.per_page,
  total,
  total_is_estimate: totalIsEstimate,
});

/**
 * The total of a list query that counts with `count(*) over ()`: carried by its rows, or, for a
 * page past the end (no rows), counted separately.
 */
export async function totalOf(rows: { total?: number }[], page: PageRequest, count: () => Promise<number>): Promise<number> {
  return rows[0]?.total ?? (limitOffset(page).offset === 0 ? 0 : await count());
}
