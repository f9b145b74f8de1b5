/**
 * Errors of the control plane (/__admin): {"error": {"status", "message"}}, with a message
 * that says how to fix the call.
 */
import type { Context } from 'hono';
import type { z } from 'zod';
import { MAX_JSON_DEPTH, nestingDepth } from '../http/body.js';
import { jsonResponse } from '../http/envelope.js';

export class AdminError extends Error {
  override name = 'AdminError';
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export function renderAdminError(error: AdminError): Response {
  return jsonResponse({ error: { status: error.status, message: error.message } }, error.status);
}

/** Reads a JSON body (empty = {}) and validates it, or throws a 400 naming the field. */
export async function adminBody<T extends z.ZodType>(c: Context, schema: T): Promise<z.infer<T>> {
  const text = await c.req.text();
  let raw: unknown = {};
  if (text.trim() !== '') {
    if (nestingDepth(text) > MAX_JSON_DEPTH) throw new AdminError(400, `The body is nested deeper than ${MAX_JSON_DEPTH} levels. Send a flatter JSON object.`);
    try {
      raw = JSON.parse(text);
    } catch (error) {
      throw new AdminError(400, `The body is not valid JSON (${(error as Error).message}). Send a JSON object.`);
    }
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path.length ? issue.path.join('.') : 'body';
    throw new AdminError(400, `${field}: ${issue?.message ?? 'invalid'}`);
  }
  return parsed.data;
}
