import type { components } from './generated/openapi.ts';
import { PROBLEM_CODES, type ProblemCode } from './generated/problem-codes.ts';

/** An error of the API: RFC 9457 problem details, `code` one of the catalogue's (ProblemCode). */
export type Problem = components['schemas']['Problem'];

const CODES: ReadonlySet<string> = new Set(PROBLEM_CODES);

/** True for a problem body with a code of the catalogue (what every 4xx and 5xx of the API carries). */
export function isProblem(value: unknown): value is Problem {
  if (typeof value !== 'object' || value === null) return false;
  const p = value as Record<string, unknown>;
  return typeof p.code === 'string' && CODES.has(p.code) && typeof p.status === 'number' && typeof p.detail === 'string';
}

/** What `unwrap` throws for an error answer: the problem, typed, and the HTTP status. */
export class ProblemError extends Error {
  readonly problem: Problem;
  readonly status: number;
  readonly code: ProblemCode;
  constructor(problem: Problem, status: number) {
    super(`${status} ${problem.code}: ${problem.detail}`);
    this.name = 'ProblemError';
    this.problem = problem;
    this.status = status;
    this.code = problem.code;
  }
}

/**
 * The data of a call, or a ProblemError for its problem. For code that prefers exceptions to
 * checking `error` after each call.
 */
export async function unwrap<D, E>(call: Promise<{ data?: D; error?: E; response: Response }>): Promise<D> {
  const { data, error, response } = await call;
  if (!response.ok) {
    if (isProblem(error)) throw new ProblemError(error, response.status);
    throw new Error(`${response.status} ${response.statusText}: not a problem+json answer`);
  }
  return data as D;
}
