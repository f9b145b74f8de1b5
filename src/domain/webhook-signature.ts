/**
 * The headers of a webhook request (https://dev.walleypay.com/docs/webhooks/overview, "Headers"):
 * User-Agent, Walley-CorrelationId (the request that triggered it), Walley-Timestamp (UNIX
 * time of the event), Walley-Live (True in production, False in test) and Walley-Signature,
 * the HMAC of the request made with the merchant's webhook HMAC key:
 *
 *   Walley-Signature = lowercase hex HMAC-SHA256( key, Walley-Timestamp + "." + raw body )
 *
 * The key is used as its UTF-8 bytes, the body as the exact bytes sent. The stored copies of
 * the overview page end before its "HMAC validation" section, so the signed text and the
 * encoding are the sandbox's reading of the headers it names (docs/decisions.md); docs/webhooks.md
 * shows a merchant how to check it. Without a key no signature is sent.
 */
import { createHmac } from 'node:crypto';

export const WEBHOOK_USER_AGENT = 'Walleybot 0.1 (+https://dev.walleypay.com)';

function webhookSignature(key: string, timestamp: string, body: string): string {
  return createHmac('sha256', Buffer.from(key, 'utf8')).update(`${timestamp}.${body}`, 'utf8').digest('hex');
}

export interface WebhookHeaderValues {
  correlationId: string;
  /** UNIX seconds of the event. */
  timestamp: number;
  live: boolean;
  /** The merchant's HMAC key; null: no Walley-Signature header. */
  key: string | null;
}

/** The headers a webhook is sent with, for its body as sent, named as the page writes them. */
export function webhookHeaders(body: string, values: WebhookHeaderValues): Record<string, string> {
  const timestamp = String(values.timestamp);
  return {
    'User-Agent': WEBHOOK_USER_AGENT,
    'Walley-CorrelationId': values.correlationId,
    'Walley-Timestamp': timestamp,
    // As the page writes the two values (.NET's Boolean.ToString).
    'Walley-Live': values.live ? 'True' : 'False',
    ...(values.key ? { 'Walley-Signature': webhookSignature(values.key, timestamp, body) } : {}),
  };
}
