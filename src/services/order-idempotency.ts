/**
 * Safe retries for order administration writes (docs/real-service.md, "Idempotency"). Two keys
 * name a write:
 *  - the `X-idempotency` header (also read as `Idempotency-Key` / `Walley-Idempotency-Key`),
 *    scoped to the merchant: one key is one request, whatever its order and operation. It is
 *    kept a day of sandbox time and its answer an hour, as the idempotent requests page says;
 *  - the body's `actionReference`, scoped to the merchant, the order and the order action
 *    (the docs reuse one reference across capture and reauthorize examples), kept with the state.
 * A key seen before with the same request replays the stored response (the write happened
 * once); with a different request it is refused with 409. Only successful writes are
 * stored: a refused call changed nothing, and the capture page asks to retry failed requests
 * with the same key, so repeating it re-evaluates it.
 */
import { createHash } from 'node:crypto';
import type { OrderAction } from '../domain/order-admin.js';
import { OrderViolation } from '../domain/order-violation.js';
import type { IdempotencyRecord, StoredResult } from '../domain/records.js';
import type { Collection } from '../store/collection.js';

export interface IdempotentRequest {
  headerKey: string | null;
  actionReference: string | null;
  /** Identifies the request: order action, order and body (see fingerprintOf). */
  fingerprint: string;
}

/** Stable JSON: object keys sorted, so a re-serialised body with the same content compares equal. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export function fingerprintOf(action: OrderAction, orderId: string, body: unknown): string {
  return createHash('sha256')
    .update(`${action}\n${orderId.toLowerCase()}\n${canonical(body ?? null)}`)
    .digest('hex');
}

export function idempotencyKeys(merchantId: string, orderId: string, action: OrderAction, request: IdempotentRequest): string[] {
  const keys: string[] = [];
  if (request.headerKey) keys.push(`${merchantId}|header|${request.headerKey}`);
  if (request.actionReference) keys.push(`${merchantId}|${orderId.toLowerCase()}|${action}|${request.actionReference}`);
  return keys;
}

/** How long a header key names its request, and how long its answer is kept for a repeat (sandbox time). */
const HEADER_KEY_LIFETIME_MS = 24 * 3600 * 1000;
const HEADER_ANSWER_LIFETIME_MS = 3600 * 1000;

export class IdempotencyRecords {
  constructor(private readonly records: Collection<IdempotencyRecord>) {}

  /**
   * The stored answer for a repeated request, null for a new one; 409 when a key names another
   * request, or when a header key's answer is over an hour old (a day after it, the key is new).
   */
  lookup(keys: string[], fingerprint: string, nowMs: number): StoredResult | null {
    let replay: StoredResult | null = null;
    for (const key of keys) {
      const record = this.records.get(key);
      if (!record) continue;
      const [, kind] = key.split('|');
      const header = kind === 'header';
      const ageMs = nowMs - Date.parse(record.createdAt);
      if (header && ageMs >= HEADER_KEY_LIFETIME_MS) continue;
      if (record.fingerprint !== fingerprint) {
        const what = header ? 'X-idempotency key' : 'actionReference';
        throw new OrderViolation(
          'conflict',
          'IDEMPOTENCY_KEY_REUSED',
          `This ${what} was already used on ${record.createdAt} (sandbox time) for a different request. ` +
            `Send a new ${what} for a new action; repeat the exact same request to retry.`,
        );
      }
      if (header && ageMs >= HEADER_ANSWER_LIFETIME_MS) {
        throw new OrderViolation(
          'conflict',
          'IDEMPOTENCY_RESPONSE_EXPIRED',
          `The answer to this X-idempotency key (${record.createdAt}, sandbox time) was kept for an hour and has expired; the request was made then and is not made again. ` +
            'Read the order (GET /manage/orders/{orderId}) to see its state, and send a new key for a new action.',
        );
      }
      replay ??= record.result;
    }
    return replay;
  }

  /** The records that make the keys known; the caller saves them with the change they belong to. */
  remember(keys: string[], fingerprint: string, result: StoredResult, createdAt: string): IdempotencyRecord[] {
    return keys.map((key) => ({ id: key, key, fingerprint, result, createdAt }));
  }
}
