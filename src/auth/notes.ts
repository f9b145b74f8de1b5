/**
 * How an auth middleware tells the journal its outcome (`scheme:outcome`), the principal and,
 * on failure, the cause and the closest credential. A no-op when no journal is listening
 * (surface apps tested with app.request()).
 */
import type { Context } from 'hono';
import type { NearMiss, Principal } from '../http/notes.js';
import type { Refusal } from '../http/refusal.js';
import { type SurfaceEnv, notesOf } from '../http/types.js';

export function noteAuth(c: Context<SurfaceEnv>, outcome: string, principal?: Principal): void {
  const notes = notesOf(c.env);
  if (!notes) return;
  notes.auth = outcome;
  if (principal) notes.principal = principal;
}

/** Notes the failure and hands the error back, so the caller writes `throw authFailed(…)`. */
export function authFailed(
  c: Context<SurfaceEnv>,
  outcome: string,
  error: Refusal,
  extra: { principal?: Principal; nearMiss?: NearMiss | null } = {},
): Refusal {
  const notes = notesOf(c.env);
  if (notes) {
    notes.auth = outcome;
    notes.authCause = error.message;
    if (extra.principal) notes.principal = extra.principal;
    if (extra.nearMiss) (notes.nearMisses ??= []).push(extra.nearMiss);
  }
  return error;
}
