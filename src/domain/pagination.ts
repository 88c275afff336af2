export interface PageRequest {
  page: number;
  per_page: number;
}

export interface Page<T> {
  items: T[];
  page: number;
  per_page: number;
  total: number;
}

export const limitOffset = (p: PageRequest) => ({ limit: p.per_page, offset: (p.page - 1) * p.per_page });

export const pageOf = <T>(items: T[], p: PageRequest, total: number): Page<T> => ({
  items,
  page: p.page,
  per_page: p.per_page,
  total,
});
