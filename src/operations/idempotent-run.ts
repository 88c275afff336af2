import type { Actor } from '../domain/actor.ts';
import { DomainError } from '../domain/errors.ts';
import { IDEMPOTENCY_LOCK_MS, IDEMPOTENCY_TTL_MS, requestFingerprint } from '../domain/idempotency.ts';
import type { IdempotencyStore } from '../store/idempotency-store.ts';
import type { AnyOperation } from './define.ts';
import { openUnit } from '../store/unit-of-work.ts';

/** What a transport sends: the operation's result or problem, first-hand or replayed. */
export interface Outcome {
  status: number;
  body: unknown;
  replayed: boolean;
}

/**
 * Runs an operation at most once per (caller, Idempotency-Key): the same key and payload replays
 * the stored response (success or 4xx problem); the same key with another payload or operation
 * is 422; a duplicate while the first is still running is 409. A fault on our side (5xx)
 * forgets the key so the client can retry. `run` returns the status and body to store; a
 * `DomainError` it throws is stored as its problem (via `problemOf`) and rethrown.
 */
export async function runIdempotent(
  deps: { store: IdempotencyStore; now: () => Date },
  op: AnyOperation,
  actor: Actor,
  key: string,
  input: unknown,
  run: () => Promise<{ status: number; body: unknown }>,
  problemOf: (err: DomainError) => { status: number; body: unknown },
  /** A success body's secret stays out of the record: kept without it, restored on replay. */
  secret?: { keep(body: unknown): unknown; restore(kept: unknown): Promise<unknown> },
): Promise<Outcome> {
  if (actor.kind !== 'user') throw new DomainError('unauthenticated', 'unauthenticated', 'Sign in to use Idempotency-Key.');
  const principal = `user:${actor.userId}`;
  const hash = requestFingerprint(op.id, input);
  const claim = () =>
    deps.store.claim({ principal, key, operation: op.id, hash, now: deps.now(), lockMs: IDEMPOTENCY_LOCK_MS, ttlMs: IDEMPOTENCY_TTL_MS });

  let attempt = await claim();
  if (!attempt.claimed && attempt.existing && attempt.existing.expires_at <= deps.now()) {
    await deps.store.forgetExpired(principal, key, deps.now());
    attempt = await claim();
  }
  if (!attempt.claimed) {
    const existing = attempt.existing;
    if (!existing) return runIdempotent(deps, op, actor, key, input, run, problemOf, secret); // deleted meanwhile: try again
    if (existing.operation !== op.id || existing.request_hash !== hash) {
      throw new DomainError('unprocessable', 'idempotency_key_reused', 'This Idempotency-Key was used with a different request.');
    }
    if (existing.state === 'completed') {
      const status = existing.status_code!;
      const body = secret && status < 400 ? await secret.restore(existing.response_body) : existing.response_body;
      return { status, body, replayed: true };
    }
    const stale = existing.locked_until <= deps.now() && (await deps.store.takeOver(principal, key, deps.now(), IDEMPOTENCY_LOCK_MS));
    if (!stale) throw new DomainError('conflict', 'idempotency_in_progress', 'A request with this Idempotency-Key is still being processed; retry shortly.');
  }

  // The write and its stored answer commit together (one unit of work): a crash before the commit
  // leaves neither (the key's lock expires and a retry runs it), after it both (a retry replays).
  const unit = openUnit();
  try {
    const result = await unit.run(async () => {
      const r = await run();
      await deps.store.complete(principal, key, r.status, secret ? secret.keep(r.body) : r.body);
      return r;
    });
    await unit.commit();
    return { ...result, replayed: false };
  } catch (err) {
    await unit.rollback().catch(() => {});
    // A refusal is an answer too, stored on its own (whatever the run wrote before it is undone).
    if (err instanceof DomainError) {
      const p = problemOf(err);
      await deps.store.complete(principal, key, p.status, p.body);
    } else {
      await deps.store.release(principal, key).catch(() => {});
    }
    throw err;
  }
}
