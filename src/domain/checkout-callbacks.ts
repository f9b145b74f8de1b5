/**
 * Pure rules of the calls the service makes to the merchant (docs/real-service.md, "Calls to the merchant"): placeholder
 * substitution in the merchant's URIs and the notification retry schedule.
 */

/**
 * Delays between notification attempts: retried until a 200, "after 5 s, 10 s, 3 min, 1 h,
 * 4 h, 8 h, 16 h, 24 h". Each delay counts from the previous attempt's due time, so moving
 * the sandbox clock far ahead fires every retry that would have happened meanwhile.
 */
const NOTIFICATION_RETRY_DELAYS_SECONDS = [5, 10, 180, 3600, 4 * 3600, 8 * 3600, 16 * 3600, 24 * 3600] as const;

/** When attempt `attempt + 1` is due, after attempt number `attempt` (1-based) failed; null when none is left. */
export function nextAttemptDue(previousDueMs: number, attempt: number): number | null {
  const delay = NOTIFICATION_RETRY_DELAYS_SECONDS[attempt - 1];
  return delay === undefined ? null : previousDueMs + delay * 1000;
}

/**
 * Whether an attempt's answer ends the retries. Notifications need exactly 200: WooCommerce
 * answers 400 when it has already queued a check, and that must be retried. Webhooks and the
 * invoice-status call count any 2xx (WC's webhook endpoint answers 200, or 422 to be retried).
 */
export function deliveredBy(kind: string, status: number | null): boolean {
  if (status === null) return false;
  return kind === 'notification' ? status === 200 : status >= 200 && status < 300;
}

/**
 * `{checkout.id}` → privateId and `{checkout.publictoken}` → publicToken, also in their
 * percent-encoded forms (`%7Bcheckout.id%7D`), wherever they occur (query or path). Values
 * are inserted as they are: GUIDs and public tokens need no encoding.
 */
export function substitutePlaceholders(uri: string, checkout: { privateId: string; publicToken: string }): string {
  return uri
    .replace(/(?:\{|%7B)checkout\.id(?:\}|%7D)/gi, checkout.privateId)
    .replace(/(?:\{|%7B)checkout\.publictoken(?:\}|%7D)/gi, checkout.publicToken);
}
