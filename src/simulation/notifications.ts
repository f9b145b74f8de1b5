/**
 * The world's outbox worker: delivery of notification callbacks (docs/real-service.md,
 * "Notification callback": GET to the merchant's notificationUri, retried on anything but 200
 * on the documented schedule), webhooks and invoice-status calls, measured on the sandbox clock.
 *
 * Requests never wait for the network on the merchant's behalf. A request (a purchase, a clock
 * move) only records what is due: the work the clock makes due (scheduled authorizations,
 * on-hold reviews: state changes, no network) is caught up with at once, and each delivery is a
 * callback record (persisted, so pending retries survive a restart). The attempts run here, in
 * the background, one after another in the order they fell due, each bounded by the merchant
 * call's own time limit; a shop that does not answer delays only its own deliveries. While the
 * clock ticks, a timer wakes the worker as retries fall due. `settled()` is how a test (or the
 * admin's settle call) waits until everything due by now has been attempted.
 *
 * One per world (made by createWorld); closing the sandbox stops it (timer cleared, clock
 * listener removed, calls aborted).
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
 * Other work due on the sandbox clock (scheduled authorizations, on-hold reviews): state
 * changes only, done in the order of the instants they fell due; what they queue is delivered
 * by the worker.
 */
export interface DueWork {
  /** The earliest instant (ms) something is due, or null. */
  nextDueMs(): number | null;
  /** Does everything due by `nowMs`. */
  runDue(nowMs: number): Promise<void>;
}

/** Where the deliveries stand: what GET or POST /__admin/deliveries answers. */
export interface DeliveryState {
  /** Attempts due by now and not yet made (one in flight counts). */
  due: number;
  /** Whether an attempt is being made right now. */
  delivering: boolean;
}

/** Timers cannot wait longer than this (about 24.8 days); the timer is simply re-armed. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** A loop that runs again when asked while it runs; callers may await the run in progress. */
class Pass {
  private running: Promise<void> | null = null;
  private again = false;

  constructor(
    private readonly body: () => Promise<void>,
    private readonly after: () => void,
  ) {}

  run(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      do {
        this.again = false;
        await this.body();
      } while (this.again);
    })().finally(() => {
      this.running = null;
      this.after();
    });
    return this.running;
  }

  /** Resolves once no run is in progress (runs asked for meanwhile included). */
  async done(): Promise<void> {
    while (this.running) await this.running;
  }

  get busy(): boolean {
    return this.running !== null;
  }
}

export class NotificationDispatcher {
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  private readonly abort = new AbortController();
  private readonly unsubscribe: () => void;
  private readonly sources: DueWork[] = [];
  private readonly work = new Pass(
    () => this.runDueWork(),
    () => this.arm(),
  );
  private readonly deliveries = new Pass(
    () => this.deliverDue(),
    () => this.arm(),
  );

  constructor(private readonly ctx: NotificationDeps) {
    this.unsubscribe = ctx.clock.onChange(() => void this.catchUp());
    this.arm();
  }

  /** Records a notification for the checkout, due now; the worker makes the attempt. */
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
    this.deliver();
    return record;
  }

  addSource(source: DueWork): void {
    this.sources.push(source);
    this.arm();
  }

  /** Does the clock's work due by now (no network), then lets the worker deliver what is due. */
  async catchUp(): Promise<void> {
    if (this.stopped) return;
    await this.work.run();
    this.deliver();
  }

  /** Something was queued or fell due: catches up in the background. Never awaited by a request. */
  wake(): void {
    void this.catchUp();
  }

  /** Starts a delivery pass in the background, or makes the one running go round again. */
  private deliver(): void {
    if (this.stopped) return;
    void this.deliveries.run();
  }

  /** Resolves once the clock's due work is done and every delivery due by now has been attempted. */
  async settled(): Promise<void> {
    await this.catchUp();
    await this.work.done();
    await this.deliveries.done();
  }

  state(): DeliveryState {
    const nowMs = this.ctx.clock.nowMs();
    return {
      due: this.pending().filter(({ record }) => Date.parse(record.nextAttemptAt!) <= nowMs).length,
      delivering: this.deliveries.busy,
    };
  }

  stop(): void {
    this.stopped = true;
    this.unsubscribe();
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.abort.abort();
  }

  private pending(): { env: EnvName; record: CallbackRecord }[] {
    return ENVIRONMENTS.flatMap((env) =>
      this.ctx
        .callbacks(env)
        .pending()
        .map((record) => ({ env, record })),
    );
  }

  /** The clock's work due by now, earliest first; "now" is read every step, as the clock may move meanwhile. */
  private async runDueWork(): Promise<void> {
    // What made no progress this pass (a save that failed) waits for the next one, instead of being tried again at once.
    const waiting = new Set<DueWork>();
    while (!this.stopped) {
      const nowMs = this.ctx.clock.nowMs();
      let work: DueWork | null = null;
      let workMs = Number.POSITIVE_INFINITY;
      for (const source of this.sources) {
        const due = waiting.has(source) ? null : source.nextDueMs();
        if (due !== null && due <= nowMs && due < workMs) [work, workMs] = [source, due];
      }
      if (!work) return;
      try {
        await work.runDue(workMs);
      } catch {
        // Not saved (a full disk, a closing store): it stays due and is done on the next pass.
        waiting.add(work);
        continue;
      }
      if (work.nextDueMs() === workMs) waiting.add(work);
    }
  }

  /** Every delivery attempt due by now, earliest first; after each, the next is chosen again (an attempt moves a retry on). */
  private async deliverDue(): Promise<void> {
    const waiting = new Set<string>();
    while (!this.stopped) {
      const delivery = this.earliestDelivery(waiting);
      if (!delivery || delivery.dueMs > this.ctx.clock.nowMs()) return;
      if (!(await this.attempt(delivery.env, delivery.record))) waiting.add(delivery.record.id);
    }
  }

  /** The pending delivery due first, of either environment. */
  private earliestDelivery(waiting: ReadonlySet<string>): { env: EnvName; record: CallbackRecord; dueMs: number } | null {
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
    const outcome = await callMerchantRecorded(
      this.ctx.outbound,
      { env, kind: record.kind, method, url: record.url, body: record.body, headers: record.headers },
      this.abort.signal,
    );
    if (this.stopped) return undefined;
    const number = record.attempts.length + 1;
    const attempts = [
      ...record.attempts,
      { attempt: number, dueAt, at: this.ctx.clock.iso(), method, url: record.url, status: outcome.status, error: outcome.error },
    ];
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

  /** While the clock ticks, wake up when the earliest retry or work falls due. A frozen clock only moves by hand. */
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
    this.timer = setTimeout(() => void this.catchUp(), delay);
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
