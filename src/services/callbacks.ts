/**
 * The record of every call the service makes to a merchant's URLs (validation,
 * notification, and later webhooks), kept per environment with every attempt, so pending
 * retries survive a restart and the admin API can show what the merchant's endpoints saw.
 */
import type { EnvName } from '../hosts.js';
import type { StateStore } from '../store/store.js';
import { type Change, put } from '../store/state.js';

export const CALLBACK_RECORDS = 'callbacks';

export interface CallbackAttempt {
  attempt: number;
  /** Sandbox time the attempt was due, and when it was made. */
  dueAt: string;
  at: string;
  method: 'GET' | 'POST';
  url: string;
  status: number | null;
  error: string | null;
}

export interface CallbackRecord {
  id: string;
  kind: 'notification' | 'validation' | 'webhook' | 'invoice-status';
  /** The checkout it is about; null for webhooks of authorizations and customer tokens. */
  privateId: string | null;
  /** POST with a JSON body for webhooks; GET when absent. */
  method?: 'GET' | 'POST';
  body?: string;
  /** Webhook type and what it is about (authorizationId or customer token), for the admin views. */
  type?: string;
  subject?: string;
  url: string;
  createdAt: string;
  state: 'pending' | 'delivered' | 'failed';
  nextAttemptAt: string | null;
  attempts: CallbackAttempt[];
}

export class CallbackLog {
  constructor(
    private readonly store: StateStore,
    readonly env: EnvName,
  ) {}

  private records() {
    return this.store.env(this.env).records<CallbackRecord>(CALLBACK_RECORDS);
  }

  /** The change that saves a record, to commit with the change it belongs to. */
  change(record: CallbackRecord): Change {
    return put(this.env, CALLBACK_RECORDS, record);
  }

  /** Saves a new or changed record (records are replaced whole, never edited in place). */
  save(record: CallbackRecord): Promise<void> {
    return this.store.apply([put(this.env, CALLBACK_RECORDS, record)]);
  }

  get(id: string): CallbackRecord | undefined {
    return this.records().get(id);
  }

  pending(): CallbackRecord[] {
    if (!this.store.loaded) return [];
    return this.records()
      .toArray()
      .filter((record) => record.state === 'pending' && record.nextAttemptAt !== null);
  }

  all(): CallbackRecord[] {
    return this.records().toArray();
  }

  forCheckout(privateId: string): CallbackRecord[] {
    return this.records()
      .toArray()
      .filter((record) => record.privateId === privateId);
  }
}
