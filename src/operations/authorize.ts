import type { Actor } from '../domain/actor.ts';
import { insufficientScope, unauthenticated } from '../domain/errors.ts';
import type { AnyOperation } from './define.ts';

/** The one access check, run by every transport before an operation's handler. */
export function authorize(op: Pick<AnyOperation, 'scope'>, actor: Actor) {
  if (op.scope === 'public') return;
  if (actor.kind !== 'user') throw unauthenticated(op.scope);
  if (!actor.scopes.includes(op.scope)) throw insufficientScope(op.scope);
}
