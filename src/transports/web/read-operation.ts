import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { authorize } from '../../operations/authorize.ts';
import type { AnyOperation, Operation } from '../../operations/define.ts';
import { executeOperation } from '../../operations/execute.ts';
import { validationFailed } from '../../operations/validation.ts';
import type { Services } from '../../services.ts';
import { problemFor } from '../rest/problem.ts';
import { sessionActor } from './context.ts';

/**
 * A page's fixed inputs (frozen constants, e.g. the home page's sections) are parsed once: the
 * home page makes nine reads per request, and parsing was a fair part of its cost.
 */
const parsedInputs = new WeakMap<object, unknown>();

/**
 * Runs an API operation in-process for a page, exactly as REST and MCP run it: the operation's own
 * input schema, the one access check, the same handler (and so the same caches), the output as
 * its schema passes it. A page never reads the directory any other way.
 */
export async function readOperation<I extends z.ZodObject, O extends z.ZodObject>(
  services: Services,
  request: FastifyRequest,
  op: Operation<I, O>,
  /** The operation's input keys; values as they came (query strings), which its schema checks. */
  input: Partial<Record<keyof z.input<I>, unknown>>,
): Promise<z.output<O>> {
  let data = parsedInputs.get(input);
  if (data === undefined) {
    const parsed = op.input.safeParse(input);
    if (!parsed.success) throw validationFailed(parsed.error.issues);
    data = parsed.data;
    if (Object.isFrozen(input)) parsedInputs.set(input, data);
  }
  const actor = request.siteSession ? sessionActor(request, request.siteSession) : request.actor;
  authorize(op, actor);
  const outcome = await executeOperation(op as unknown as AnyOperation, data, { actor, services }, undefined, (err) => problemFor(services.publicUrl, err));
  return outcome.body as z.output<O>;
}
