/**
 * Errors of the control plane (/__admin): {"error": {"status", "message"}} (the admin dialect,
 * src/http/dialects/status-message.ts), with a message that says how to fix the call.
 */
import type { Context } from 'hono';
import { z } from 'zod';
import { parseInstant } from '../clock.js';
import { parseJson, readBody } from '../http/body.js';
import { adminDialect } from '../http/dialects/status-message.js';
import { Refusal } from '../http/refusal.js';
import { zodBinding } from '../http/zod-binding.js';

/** An ISO-8601 instant in an admin body (the sandbox clock's form). */
export const instantField = z.string().refine((v) => parseInstant(v) !== null, { message: 'expected an ISO-8601 instant such as 2026-10-30T22:59:00Z' });

/** A refusal of an admin call. */
export class AdminError extends Refusal {
  override name = 'AdminError';
  constructor(status: number, message: string) {
    super(status, message);
  }
}

/** Reads a JSON body (empty = {}) with the one body reader and validates it, or throws a 400 naming the field. */
export async function adminBody<T extends z.ZodType>(c: Context, schema: T): Promise<z.infer<T>> {
  const json = parseJson(await readBody(c));
  if (!json.ok) throw adminDialect.malformedJson(json.message);
  const bound = zodBinding(schema)(json.value);
  if (!bound.ok) throw adminDialect.invalidBody(bound.problems);
  return bound.value;
}
