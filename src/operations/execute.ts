import type { DomainError } from '../domain/errors.ts';
import { parseIdempotencyKey } from '../domain/idempotency.ts';
import type { AnyOperation, OperationContext } from './define.ts';
import { runIdempotent, type Outcome } from './idempotent-run.ts';
import { checkInputText } from './validation.ts';
import { isChecked } from '../contract/checked.ts';

/**
 * Runs a validated, authorised operation for any transport: through the Idempotency-Key record
 * when the operation accepts one and the caller sent one, directly otherwise. Other operations
 * ignore the key (reads are idempotent anyway). Input text no operation can take (NUL, unpaired
 * surrogates) is refused here first, so every transport refuses it alike.
 */
export async function executeOperation(
  op: AnyOperation,
  input: unknown,
  ctx: OperationContext,
  rawIdempotencyKey: string | undefined,
  problemOf: (err: DomainError) => { status: number; body: unknown },
): Promise<Outcome> {
  checkInputText(input);
  const run = async () => ({ status: op.status, body: checkedOutput(op, await op.handle(input as never, ctx)) });
  if (!op.idempotent || rawIdempotencyKey === undefined) return { ...(await run()), replayed: false };
  const key = parseIdempotencyKey(rawIdempotencyKey);
  const replay = op.replay;
  return runIdempotent(ctx.services.idempotency, op, ctx.actor, key, input, run, problemOf, replay && { keep: replay.keep, restore: (kept) => replay.restore(kept, ctx) });
}

const checked = new WeakMap<object, unknown>();

/**
 * The output as its schema passes it (unknown keys dropped). A cached read returns the same
 * object for a few seconds; it is checked once.
 */
function checkedOutput(op: AnyOperation, out: unknown): unknown {
  if (typeof out !== 'object' || out === null) return op.output.parse(out);
  if (isChecked(op.output, out)) return out;
  let body = checked.get(out);
  if (body === undefined) checked.set(out, (body = op.output.parse(out)));
  return body;
}
