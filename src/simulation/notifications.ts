/**
 * Delivery of notification callbacks (docs/real-service.md, "Notification callback"): GET to the merchant's
 * notificationUri, retried on anything but 200 on the documented schedule, measured on the
 * sandbox clock. Moving the clock fires every retry that became due; while the clock ticks,
 * a timer fires them as they fall due too. Every attempt is kept in the environment's
 * `callbacks` records (persisted), so pending retries survive a restart.
 *
 * One dispatcher per world (made by createWorld); closing the sandbox
 * stops it (timer cleared, clock listener removed, calls aborted).
 */
import { randomUUID } from 'node:crypto';
import { type Clock, instant } from '../clock.js';
import { deliveredBy, nextAttemptDue, substitutePlaceholders } from '../domain/checkout-callbacks.js';
import type { Checkout } from '../domain/model.js';
import { ENVIRONMENTS, type EnvName } from '../hosts.js';
import type { CallbackRecord } from '../domain/records.js';
import type { CallbackLog } from '../services/callbacks.js';
import type { EventBus } from '../control/events.js';
import { callMerchantRecorded } from './merchant-calls.js';
import type { OutboundRecorder } from '../control/journal.js';


export interface NotificationDeps {
  clock: Clock;
  callbacks(env: EnvName): CallbackLog;
  /** Where each attempt is announced (the dashboard's live updates). */
  events?: Pick<EventBus, 'publish'>;
  /** The request journal: every attempt is an outbound entry. */
  outbound?: OutboundRecorder;
}

/**
 * Other work due on the sandbox clock (scheduled authorizations, on-hold reviews): run in one
 * pass with the deliveries, everything in the order of the instants it fell due, so what it
 * queues goes out in the same pass, after what was due before it.
 */
export interface DueWork {
  /** The earliest instant (ms) something is due, or null. */
  nextDueMs(): number | null;
  /** Does everything due by `nowMs`. */
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

  constructor(private readonly ctx: NotificationDeps) {
    this.unsubscribe = ctx.clock.onChange(() => void this.pump());
    this.arm();
  }

  /** Records a notification for the checkout and makes its first attempt now. */
  async notify(env: EnvName, checkout: Checkout): Promise<CallbackRecord | null> {
    if (!checkout.notificationUri) return null;
    const now = this.ctx.clock.iso();
    const record: CallbackRecord = {
      id: randomUUID(),
      kind: 'notification',
      privateId: checkout.privateId,
      url: substitutePlaceholders(checkout.notificationUri, checkout),
      createdAt: now,
      state: 'pending',
      nextAttemptAt: now,
      attempts: [],
    };
    await this.ctx.callbacks(env).save(record);
    await this.pump();
    return this.ctx.callbacks(env).get(record.id) ?? record;
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

  private pending(): { env: EnvName; record: CallbackRecord }[] {
    return ENVIRONMENTS.flatMap((env) => this.ctx.callbacks(env).pending().map((record) => ({ env, record })));
  }

  /**
   * Everything due by now, earliest first: the other work at its instants, then each delivery
   * attempt at its own; after each step the next is chosen again, since a step queues
   * deliveries and moves a retry on. The clock may move meanwhile: "now" is read every step.
   */
  private async deliverDue(): Promise<void> {
    // What made no progress this pass (a save that failed) waits for the next one, instead of being tried again at once.
    const waiting = new Set<DueWork | string>();
    while (!this.stopped) {
      const nowMs = this.ctx.clock.nowMs();
      let work: DueWork | null = null;
      let workMs = Number.POSITIVE_INFINITY;
      for (const source of this.sources) {
        const due = waiting.has(source) ? null : source.nextDueMs();
        if (due !== null && due <= nowMs && due < workMs) [work, workMs] = [source, due];
      }
      const delivery = this.earliestDelivery(waiting);
      if (work && (!delivery || workMs <= delivery.dueMs)) {
        await work.runDue(workMs);
        if (work.nextDueMs() === workMs) waiting.add(work);
      } else if (delivery && delivery.dueMs <= nowMs) {
        if (!(await this.attempt(delivery.env, delivery.record))) waiting.add(delivery.record.id);
      } else {
        return;
      }
    }
  }

  /** The pending delivery due first, of either environment. */
  private earliestDelivery(waiting: ReadonlySet<unknown>): { env: EnvName; record: CallbackRecord; dueMs: number } | null {
    let earliest: { env: EnvName; record: CallbackRecord; dueMs: number } | null = null;
    for (const { env, record } of this.pending()) {
      if (waiting.has(record.id)) continue;
      const dueMs = Date.parse(record.nextAttemptAt!);
      if (!earliest || dueMs < earliest.dueMs) earliest = { env, record, dueMs };
    }
    return earliest;
  }

  /** One attempt; returns the record as saved after it. */
  private async attempt(env: EnvName, record: CallbackRecord): Promise<CallbackRecord | undefined> {
    const dueAt = record.nextAttemptAt!;
    const method = record.method ?? 'GET';
    const outcome = await callMerchantRecorded(this.ctx.outbound, { env, kind: record.kind, method, url: record.url, body: record.body, headers: record.headers }, this.abort.signal);
    if (this.stopped) return undefined;
    const number = record.attempts.length + 1;
    const attempts = [...record.attempts, { attempt: number, dueAt, at: this.ctx.clock.iso(), method, url: record.url, status: outcome.status, error: outcome.error }];
    const delivered = deliveredBy(record.kind, outcome.status);
    const next = delivered ? null : nextAttemptDue(Date.parse(dueAt), number);
    const updated: CallbackRecord = {
      ...record,
      attempts,
      state: delivered ? 'delivered' : next === null ? 'failed' : 'pending',
      nextAttemptAt: next === null ? null : instant(next).toISOString(),
    };
    try {
      await this.ctx.callbacks(env).save(updated);
    } catch {
      // Not saved: the attempt is made again when next due, as at-least-once delivery allows.
      return undefined;
    }
    this.ctx.events?.publish(callbackAttemptEvent(env, updated));
    return updated;
  }

  /** While the clock ticks, wake up when the earliest retry falls due. A frozen clock only moves by hand. */
  private arm(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.stopped || this.ctx.clock.isFrozen()) return;
    const due = this.pending().map(({ record }) => Date.parse(record.nextAttemptAt!));
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

/** The event-stream entry for a callback's latest attempt (the dashboard's callback list). */
export function callbackAttemptEvent(env: EnvName, record: CallbackRecord): { type: string; [detail: string]: unknown } {
  const attempt = record.attempts[record.attempts.length - 1];
  return {
    type: 'callback.attempt',
    env,
    privateId: record.privateId,
    kind: record.kind,
    url: record.url,
    state: record.state,
    attempt: attempt?.attempt ?? null,
    status: attempt?.status ?? null,
    error: attempt?.error ?? null,
    nextAttemptAt: record.nextAttemptAt,
  };
}
