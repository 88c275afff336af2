import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { DomainError } from '../../domain/errors.ts';
import { authorize } from '../../operations/authorize.ts';
import type { AnyOperation, Operation } from '../../operations/define.ts';
import { executeOperation } from '../../operations/execute.ts';
import { fieldErrors } from '../../operations/validation.ts';
import type { Services } from '../../services.ts';
import { problemFor } from '../rest/problem.ts';
import { field, sessionActor, type Web } from './context.ts';
import { html } from './html.ts';

/** The form field that carries a form's Idempotency-Key (one per rendered form). */
export const IDEMPOTENCY_FIELD = 'idempotency_key';

/**
 * The hidden fields of a signed-in form: its CSRF token and a fresh Idempotency-Key, so a double
 * click or a resent post replays the first answer instead of creating a second draft, order or
 * claim. A form shown again after a refusal gets a fresh key: the refusal is kept under the old
 * one, so the corrected form would be answered as a reused key. Only a post refused because its
 * twin is still running (idempotency_in_progress) keeps its key, so a double click stays one effect.
 */
export function formKeys(csrf: string, key?: string) {
  return html`<input type="hidden" name="csrf" value="${csrf}"><input type="hidden" name="${IDEMPOTENCY_FIELD}" value="${key ?? randomUUID()}">`;
}

/** A refused form post: messages by field (dotted paths as the operation names them) and one summary. */
export interface FormRefusal {
  ok: false;
  status: number;
  code: string;
  summary: string;
  fields: Record<string, string>;
  /** The Idempotency-Key to show the form again with: the posted one only while its twin still runs, else none (a fresh one). */
  retryKey?: string;
}

export type FormOutcome<O> = { ok: true; body: O; replayed: boolean } | FormRefusal;

/**
 * Runs an operation for a signed-in form post, exactly as REST and MCP run it: the operation's
 * schema, the one access check, the same handler, the Idempotency-Key from the form. The CSRF
 * token is checked first (web.formSession). Validation errors and refusals the person can act on
 * come back as a FormRefusal for the page to show beside the fields; anything else (404 of
 * another person's object, 401, 429) is thrown to the site's error page.
 */
export async function submitOperation<I extends z.ZodObject, O extends z.ZodObject>(
  web: Web,
  request: FastifyRequest,
  op: Operation<I, O>,
  input: Partial<Record<keyof z.input<I>, unknown>>,
): Promise<FormOutcome<z.output<O>>> {
  const session = web.formSession(request);
  const actor = sessionActor(request, session);
  authorize(op, actor);
  const parsed = op.input.safeParse(input);
  if (!parsed.success) return refusal(new DomainError('invalid', 'validation_failed', 'Please correct the fields marked below.', fieldErrors(parsed.error.issues)), 400);
  const key = field(request, IDEMPOTENCY_FIELD) || undefined;
  const services: Services = web.services;
  const refused = (r: FormRefusal): FormRefusal => (r.code === 'idempotency_in_progress' ? { ...r, retryKey: key } : r);
  try {
    const outcome = await executeOperation(op as unknown as AnyOperation, parsed.data, { actor, services }, key, (err) => problemFor(services.publicUrl, err));
    if (outcome.status >= 400) {
      const body = outcome.body as { code?: string; detail?: string; errors?: { field: string; message: string }[] };
      return refused({ ok: false, status: outcome.status, code: body.code ?? 'error', summary: body.detail ?? 'That did not work.', fields: byField(body.errors ?? []) });
    }
    return { ok: true, body: outcome.body as z.output<O>, replayed: outcome.replayed };
  } catch (err) {
    if (err instanceof DomainError && (err.kind === 'invalid' || err.kind === 'conflict' || err.kind === 'unprocessable')) {
      return refused(refusal(err, err.kind === 'invalid' ? 400 : err.kind === 'conflict' ? 409 : 422));
    }
    throw err;
  }
}

function refusal(err: DomainError, status: number): FormRefusal {
  const fields = byField(err.fields ?? []);
  const summary = err.code === 'validation_failed' ? 'Please correct the fields marked below.' : err.message;
  return { ok: false, status, code: err.code, summary, fields };
}

function byField(errors: readonly { field: string; message: string }[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of errors) out[e.field] ??= e.message;
  return out;
}
