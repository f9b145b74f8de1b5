/**
 * The admin API, the dashboard's only source. The page carries the answers of the first
 * refresh (src/admin/ui.ts, #first-paint): each is taken once, so the first paint needs no
 * round trip; every later read is a call like any other admin client's.
 */
import { $ } from './page.js';

const firstPaint = new Map<string, unknown>(Object.entries(JSON.parse($('first-paint').textContent || '{}') as Record<string, unknown>));

/** A refused call: the admin API's own message, and the status (a recorder answers 409 for what it has no world for). */
export class AdminCallError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** The admin API's error envelope, as far as the dashboard reads it. */
interface Refusal {
  error?: { message?: string };
}

/** One admin call. T is the answer's type (./answers.ts): what the admin API declares for the path, taken on its word. */
export async function api<T>(method: 'GET' | 'PUT' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<T> {
  if (method === 'GET' && firstPaint.has(path)) {
    const answer = firstPaint.get(path);
    firstPaint.delete(path);
    return answer as T;
  }
  const init: RequestInit = { method, headers: { 'content-type': 'application/json' } };
  if (body !== undefined) init.body = JSON.stringify(body);
  const response = await fetch(path, init);
  const json = (await response.json()) as unknown;
  if (!response.ok) {
    const message = (json as Refusal).error?.message;
    throw new AdminCallError(message || `HTTP ${response.status}`, response.status);
  }
  return json as T;
}

/** The message of a failed call, whatever failed. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
