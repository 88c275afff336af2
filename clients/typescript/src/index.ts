export { createLaunchyardClient, takesIdempotencyKey, type LaunchyardClient, type LaunchyardClientOptions } from './client.ts';
export { isProblem, ProblemError, unwrap, type Problem } from './problem.ts';
export { retryAfterSeconds, retrying, type RetryOptions } from './retry.ts';
export { PROBLEM_CODES, type ProblemCode } from './generated/problem-codes.ts';
export { OPERATIONS, type OperationId } from './generated/operations.ts';
export type { components, operations, paths } from './generated/openapi.ts';
