import { z } from 'zod';
import type { DomainError, ErrorKind, FieldError } from '../../domain/errors.ts';

/** RFC 9457 problem details, as every error of the API is sent. */
export const Problem = z
  .object({
    type: z.string().describe('URI of the documentation of this problem code.'),
    title: z.string(),
    status: z.number().int(),
    detail: z.string(),
    code: z.string().describe('Stable machine-readable code; see /docs/problems.'),
    errors: z
      .array(z.object({ field: z.string(), message: z.string() }))
      .optional()
      .describe('For validation problems: every offending input.'),
  })
  .meta({ id: 'Problem' });
export type Problem = z.infer<typeof Problem>;

export const STATUS_BY_KIND: Record<ErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  unprocessable: 422,
  rate_limited: 429,
  unavailable: 503,
};

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

export function problem(
  publicUrl: string,
  status: number,
  code: string,
  detail: string,
  errors?: FieldError[],
): Problem {
  return {
    type: `${publicUrl}/docs/problems#${code}`,
    title: TITLES[status] ?? 'Error',
    status,
    detail,
    code,
    ...(errors?.length ? { errors } : {}),
  };
}

/** The problem a domain error becomes, with its status: the same on REST and MCP. */
export function problemFor(publicUrl: string, err: DomainError) {
  const status = STATUS_BY_KIND[err.kind];
  return { status, body: problem(publicUrl, status, err.code, err.message, err.fields) };
}
