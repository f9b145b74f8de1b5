/**
 * The record of every call the service makes to a merchant's URLs (validation,
 * notification, webhooks, invoice status), kept per environment with every attempt, so
 * pending retries survive a restart and the admin API can show what the merchant's endpoints
 * saw. A record with an attempt to make is queued by when it is due (`LOOKUPS.nextAttempt`);
 * the worker takes them from there, earliest first. Whatever queues a call hands its change
 * to the store with the change that causes it (`change`).
 */
import { randomUUID } from 'node:crypto';
import { substitutePlaceholders } from '../domain/checkout-callbacks.js';
import type { Checkout } from '../domain/model.js';
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

  /** A GET to `url` due at `at`, not yet attempted: the record the worker delivers. */
  pendingCall(kind: CallbackRecord['kind'], privateId: string | null, url: string, at: string): CallbackRecord {
    return { id: randomUUID(), kind, privateId, url, method: 'GET', createdAt: at, state: 'pending', nextAttemptAt: at, attempts: [] };
  }

  /**
   * The checkout's notification call due at `at` (null without a notificationUri), committed
   * with the change it announces, so that no crash can keep one without the other.
   */
  notification(checkout: Checkout, at: string): CallbackRecord | null {
    if (!checkout.notificationUri) return null;
    return this.pendingCall('notification', checkout.privateId, substitutePlaceholders(checkout.notificationUri, checkout), at);
  }

  /** The change that saves a record, to commit with the change it belongs to. */
  change(record: CallbackRecord): Change {
    return put(this.env, 'callbacks', record);
  }

  /** Saves a new or changed record (records are replaced whole, never edited in place). */
  save(record: CallbackRecord): Promise<void> {
    return this.store.apply([put(this.env, 'callbacks', record)]);
  }

  /** The record whose attempt is due first (the queue's head, left in it), if any. */
  nextDue(): { record: CallbackRecord; dueMs: number } | null {
    if (!this.store.loaded) return null;
    const next = this.records().nextDue(LOOKUPS.nextAttempt);
    return next ? { record: next.row, dueMs: next.due } : null;
  }

  /** Takes the record due first out of the queue if it is due by `nowMs`: the worker has it in hand until it saves the attempt. */
  takeDue(nowMs: number): { record: CallbackRecord; dueMs: number } | null {
    if (!this.store.loaded) return null;
    const next = this.records().takeDue(LOOKUPS.nextAttempt, nowMs);
    return next ? { record: next.row, dueMs: next.due } : null;
  }

  /** Gives back a record taken with takeDue whose attempt was not saved (it is due again). */
  requeue(record: CallbackRecord): void {
    if (this.store.loaded) this.records().requeue(LOOKUPS.nextAttempt, record);
  }

  /** How many attempts are due by `nowMs` and not in the worker's hands. */
  countDue(nowMs: number): number {
    return this.store.loaded ? this.records().countDue(LOOKUPS.nextAttempt, nowMs) : 0;
  }

  /** Whether `record` is still the record stored (not replaced since, nor gone with a reset). */
  isCurrent(record: CallbackRecord): boolean {
    return this.store.loaded && this.records().get(record.id) === record;
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
