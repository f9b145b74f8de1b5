/**
 * Delivery of notification callbacks (service-facts §8.2): GET to the merchant's
 * notificationUri, retried on anything but 200 on the documented schedule, measured on the
 * sandbox clock. Moving the clock fires every retry that became due; while the clock ticks,
 * a timer fires them as they fall due too. Every attempt is kept in the environment's
 * `callbacks` journal (persisted), so pending retries survive a restart.
 *
 * Webhooks (POST, JSON body) and the legacy invoice-status GET go through the same
 * dispatcher and journal (kinds 'webhook', 'invoice-status'), and other clock-driven work
 * (scheduled authorization attempts, on-hold resolutions) registers as a DueWork source, so
 * one clock listener and one timer drive everything due on the sandbox clock.
 *
 * One dispatcher per sandbox (ctx.notifications, made by createSandbox); sandbox.close()
 * stops it (timer cleared, clock listener removed, calls aborted).
 */
import type { SandboxContext } from '../context.js';
import { instant } from '../clock.js';
import { deliveredBy, nextAttemptDue, substitutePlaceholders } from '../domain/checkout-callbacks.js';
import type { Checkout } from '../domain/model.js';
import { ENVIRONMENTS, type EnvName } from '../hosts.js';
import { callMerchant } from './merchant-calls.js';

export const CALLBACK_JOURNAL = 'callbacks';

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

/** Other work due on the sandbox clock: run before deliveries, so what it queues goes out in the same pass. */
export interface DueWork {
  /** The earliest instant (ms) something is due, or null. */
  nextDueMs(): number | null;
  runDue(nowMs: number): Promise<void>;
}

/** Timers cannot wait longer than this (about 24.8 days); the timer is simply re-armed. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export class NotificationDispatcher {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private rerun = false;
  private stopped = false;
  private readonly abort = new AbortController();
  private readonly unsubscribe: () => void;
  private readonly sources: DueWork[] = [];

  constructor(private readonly ctx: Pick<SandboxContext, 'clock' | 'store'>) {
    this.unsubscribe = ctx.clock.onChange(() => void this.pump());
    this.arm();
  }

  /** Records a notification for the checkout and makes its first attempt now. */
  async notify(env: EnvName, checkout: Checkout): Promise<CallbackRecord | null> {
    if (!checkout.notificationUri) return null;
    const now = this.ctx.clock.iso();
    const record: CallbackRecord = {
      kind: 'notification',
      privateId: checkout.privateId,
      url: substitutePlaceholders(checkout.notificationUri, checkout),
      createdAt: now,
      state: 'pending',
      nextAttemptAt: now,
      attempts: [],
    };
    this.ctx.store.journal<CallbackRecord>(env, CALLBACK_JOURNAL).push(record);
    await this.ctx.store.write();
    await this.pump();
    return record;
  }

  /**
   * Records any callback (webhook, invoice status) for delivery when due. The caller persists
   * and then calls pump() without awaiting it: it may itself be running inside a pump (DueWork).
   */
  record(env: EnvName, record: CallbackRecord): void {
    this.ctx.store.journal<CallbackRecord>(env, CALLBACK_JOURNAL).push(record);
  }

  addSource(source: DueWork): void {
    this.sources.push(source);
    this.arm();
  }

  /** Resolves once no delivery is in flight (the admin's callback list waits for it). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  /** Delivers every due attempt; concurrent calls join the run in progress, which then goes round again. */
  pump(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.running) {
      this.rerun = true;
      return this.running;
    }
    this.running = (async () => {
      do {
        this.rerun = false;
        await this.deliverDue();
      } while (this.rerun && !this.stopped);
    })().finally(() => {
      this.running = null;
      this.arm();
    });
    return this.running;
  }

  stop(): void {
    this.stopped = true;
    this.unsubscribe();
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.abort.abort();
  }

  private pending(): CallbackRecord[] {
    if (!this.ctx.store.loaded) return [];
    return ENVIRONMENTS.flatMap((env) => this.ctx.store.journal<CallbackRecord>(env, CALLBACK_JOURNAL)).filter(
      (record) => record.state === 'pending' && record.nextAttemptAt !== null,
    );
  }

  private async deliverDue(): Promise<void> {
    for (const source of this.sources) if (!this.stopped) await source.runDue(this.ctx.clock.nowMs());
    for (const record of this.pending()) {
      while (!this.stopped && record.state === 'pending' && record.nextAttemptAt && Date.parse(record.nextAttemptAt) <= this.ctx.clock.nowMs()) {
        await this.attempt(record);
      }
    }
  }

  private async attempt(record: CallbackRecord): Promise<void> {
    const dueAt = record.nextAttemptAt!;
    const method = record.method ?? 'GET';
    const outcome = await callMerchant(method, record.url, this.abort.signal, record.body);
    if (this.stopped) return;
    const number = record.attempts.length + 1;
    record.attempts.push({ attempt: number, dueAt, at: this.ctx.clock.iso(), method, url: record.url, status: outcome.status, error: outcome.error });
    if (deliveredBy(record.kind, outcome.status)) {
      record.state = 'delivered';
      record.nextAttemptAt = null;
    } else {
      const next = nextAttemptDue(Date.parse(dueAt), number);
      record.state = next === null ? 'failed' : 'pending';
      record.nextAttemptAt = next === null ? null : instant(next).toISOString();
    }
    await this.ctx.store.write();
  }

  /** While the clock ticks, wake up when the earliest retry falls due. A frozen clock only moves by hand. */
  private arm(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.stopped || this.ctx.clock.isFrozen()) return;
    const due = this.pending().map((record) => Date.parse(record.nextAttemptAt!));
    for (const source of this.sources) {
      const next = source.nextDueMs();
      if (next !== null) due.push(next);
    }
    if (due.length === 0) return;
    const delay = Math.min(Math.max(0, Math.min(...due) - this.ctx.clock.nowMs()), MAX_TIMER_MS);
    this.timer = setTimeout(() => void this.pump(), delay);
    // Never keep the process alive just for a retry.
    this.timer.unref();
  }
}
