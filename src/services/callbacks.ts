/**
 * The record of every call the service makes to a merchant's URLs (validation,
 * notification, and later webhooks), kept per environment with every attempt, so pending
 * retries survive a restart and the admin API can show what the merchant's endpoints saw.
 */
import type { CallbackRecord } from '../domain/records.js';
import type { EnvName } from '../hosts.js';
import type { StateStore } from '../store/store.js';
import { type Change, LOOKUPS, put } from '../store/state.js';

export class CallbackLog {
  constructor(
    private readonly store: StateStore,
    readonly env: EnvName,
  ) {}

  private records() {
    return this.store.env(this.env).records('callbacks');
  }

  /** The change that saves a record, to commit with the change it belongs to. */
  change(record: CallbackRecord): Change {
    return put(this.env, 'callbacks', record);
  }

  /** Saves a new or changed record (records are replaced whole, never edited in place). */
  save(record: CallbackRecord): Promise<void> {
    return this.store.apply([put(this.env, 'callbacks', record)]);
  }

  get(id: string): CallbackRecord | undefined {
    return this.records().get(id);
  }

  /** The records with an attempt still to make. */
  pending(): CallbackRecord[] {
    if (!this.store.loaded) return [];
    return [...this.records().subset(LOOKUPS.due)];
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
