/**
 * Errors of the control plane (/__admin): {"error": {"status", "message"}}, with a message
 * that says how to fix the call.
 */
import type { Context } from 'hono';
import { z } from 'zod';
import { parseInstant } from '../clock.js';
import { MAX_BODY_BYTES, parseJson, readCapped } from '../http/body.js';
import { jsonResponse } from '../http/envelope.js';
import { type GatewayBindings, notesOf } from '../http/types.js';

/** An ISO-8601 instant in an admin body (the sandbox clock's form). */
export const instantField = z.string().refine((v) => parseInstant(v) !== null, { message: 'expected an ISO-8601 instant such as 2026-10-30T22:59:00Z' });

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
  // The same reader as the surfaces: BOM skipped, nesting limited, empty body = {}.
  const bytes = await readCapped(c.req.raw);
  const notes = notesOf(c.env as GatewayBindings | undefined);
  if (notes && bytes) notes.requestBody = bytes;
  if (bytes === null) throw new AdminError(413, `The body is larger than ${MAX_BODY_BYTES} bytes; admin calls take small JSON objects.`);
  const json = parseJson(bytes);
  if (!json.ok) throw new AdminError(400, `The body is not valid JSON (${json.message}). Send a JSON object.`);
  const raw = json.value === undefined ? {} : json.value;
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path.length ? issue.path.join('.') : 'body';
    throw new AdminError(400, `${field}: ${issue?.message ?? 'invalid'}${acceptedKeysHint(schema, issue)}`);
  }
  return parsed.data;
}

/** For an unknown key at the top level ({"minutes": 5}), the keys the call does accept. */
function acceptedKeysHint(schema: z.ZodType, issue: z.core.$ZodIssue | undefined): string {
  if (issue?.code !== 'unrecognized_keys' || issue.path.length > 0 || !(schema instanceof z.ZodObject)) return '';
  const keys = Object.keys(schema.shape);
  return keys.length === 0 ? '; this call takes no body' : `; accepted keys: ${keys.join(', ')}`;
}
