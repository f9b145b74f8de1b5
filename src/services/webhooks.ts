/**
 * The outbox of webhooks: every event the service has for a merchant becomes a callback record
 * with its body and headers (src/domain/webhook-signature.ts), queued for the merchant's webhook
 * URL and delivered and retried by the dispatcher on the sandbox clock. The services that make
 * events (checkout completion, tokenization, on-hold reviews) commit these records with the
 * change that caused them.
 */
import { randomUUID } from 'node:crypto';
import type { Clock } from '../clock.js';
import { unixSeconds } from '../domain/instants.js';
import type { CallbackRecord } from '../domain/records.js';
import type { WebhookEvent } from '../domain/webhook-events.js';
import { webhookHeaders } from '../domain/webhook-signature.js';
import type { EnvName } from '../hosts.js';
import type { Change } from '../store/state.js';
import type { CallbackLog } from './callbacks.js';
import type { MerchantDirectory } from './merchants.js';

export interface WebhookDeps {
  clock: Clock;
  env: EnvName;
  merchants: MerchantDirectory;
  callbacks: CallbackLog;
  /** Lets the dispatcher send what was queued (never awaited: it may be the caller). */
  wake(): void;
}

/** What a batch of events is about: the admin's subject (authorization, customer token or order) and the checkout, if any. */
export interface WebhookSubject {
  subject: string;
  privateId?: string | null;
  /** The id of the action that triggered them (Walley-CorrelationId), when the caller keeps it too; a new one otherwise. */
  correlationId?: string;
}

export class WebhookOutbox {
  constructor(private readonly deps: WebhookDeps) {}

  /**
   * The changes that queue `events`, in order, for the merchant's webhook URL; none without one
   * (nothing would be sent). Events of one call share the correlation id of what triggered them.
   */
  queue(merchantId: string, events: readonly WebhookEvent[], about: WebhookSubject): Change[] {
    const merchant = this.deps.merchants.byId(merchantId);
    const url = merchant?.webhookUri;
    if (!url || events.length === 0) return [];
    const now = this.deps.clock.iso();
    const correlationId = about.correlationId ?? randomUUID();
    return events.map((event) => {
      const body = JSON.stringify(event);
      const headers = webhookHeaders(body, {
        correlationId,
        timestamp: unixSeconds(event.Timestamp),
        live: this.deps.env === 'prod',
        key: merchant.webhookHmacKey ?? null,
      });
      return this.deps.callbacks.change({
        id: randomUUID(),
        kind: 'webhook',
        privateId: about.privateId ?? null,
        method: 'POST',
        body,
        headers,
        type: event.Type,
        subject: about.subject,
        url,
        createdAt: now,
        state: 'pending',
        nextAttemptAt: now,
        attempts: [],
      });
    });
  }

  /** Every webhook sent or pending in this environment. */
  list(): CallbackRecord[] {
    return this.deps.callbacks.all().filter((record) => record.kind === 'webhook');
  }

  /** Lets the dispatcher send what was queued (after the changes are saved). */
  wake(): void {
    this.deps.wake();
  }
}
