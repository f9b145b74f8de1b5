/**
 * The world's outbox worker: delivery of notification callbacks (docs/real-service.md,
 * "Notification callback": GET to the merchant's notificationUri, retried on anything but 200
 * on the documented schedule), webhooks and invoice-status calls, measured on the sandbox clock.
 *
 * Requests never wait for the network on the merchant's behalf. A request (a purchase, a clock
 * move) only records what is due: the work the clock makes due (scheduled authorizations,
 * on-hold reviews: state changes, no network) is caught up with at once, and each delivery is a
 * callback record (persisted with the change it announces, so pending retries survive a
 * restart), queued by its next attempt (`LOOKUPS.nextAttempt`, a heap: the earliest is found
 * without visiting the others). The attempts run here, in the background, per destination (a
 * URL's origin): each destination gets one call at a time, earliest due first, and at most
 * MAX_DESTINATIONS_AT_ONCE destinations are called at once, taking turns when more have
 * deliveries due, so a shop that does not answer delays only its own deliveries (and, beyond
 * that many hung shops, another shop's by at most one call's time limit). Between attempts
 * the worker lets requests run, also when an attempt failed without any I/O. While the clock
 * ticks, a timer wakes the worker as retries fall due; at start it makes what is due at once,
 * whatever the clock. `settled()` is how a test (or the admin's settle call) waits until
 * everything due by now has been attempted.
 *
 * One per world (made by createWorld); closing the sandbox stops it (timer cleared, clock
 * listener removed, calls aborted).
 */
import { setImmediate as yieldToRequests } from 'node:timers/promises';
import { type Clock, instant } from '../clock.js';
import { deliveredBy, nextAttemptDue } from '../domain/checkout-callbacks.js';
import { ENVIRONMENTS, type EnvName } from '../hosts.js';
import type { CallbackRecord } from '../domain/records.js';
import type { CallbackLog } from '../services/callbacks.js';
import type { EventBus } from '../journal/events.js';
import { DueQueue } from '../store/due-queue.js';
import { type CallOutcome, callMerchantRecorded } from './merchant-calls.js';
import type { OutboundRecorder } from '../journal/journal.js';

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
}

/**
 * Destinations called at once. One call each, so a shop never gets two of the sandbox's calls
 * at the same time; a destination beyond these waits for a free slot, at most one merchant
 * call's time limit, as destinations with more due take turns after every attempt.
 */
export const MAX_DESTINATIONS_AT_ONCE = 8;

/** A delivery taken out of the queue, waiting in its destination's lane. */
interface InHand {
  env: EnvName;
  record: CallbackRecord;
}

/** Where a call goes, for its lane: the URL's origin (scheme, host, port). */
function destinationOf(url: string): string {
  return URL.canParse(url) ? new URL(url).origin : url;
}

export class NotificationDispatcher {
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  private readonly abort = new AbortController();
  private readonly unsubscribe: () => void;
  private readonly sources: DueWork[] = [];
  /** The earliest instant the sources have work due, as of their last pass. */
  private sourcesDueMs: number | null = null;
  private readonly work = new Pass(
    () => this.runDueWork(),
    () => {
      this.sourcesDueMs = this.nextSourceDue();
      this.arm();
    },
  );
  /** Per destination, the deliveries taken out of the queue and not yet attempted, earliest due first. */
  private readonly lanes = new Map<string, DueQueue<InHand>>();
  /** Destinations with deliveries waiting for a free slot, in the order they asked (a queue: `readyHead` is its front). */
  private ready: string[] = [];
  private readyHead = 0;
  private readonly waiting = new Set<string>();
  /** Destinations being called right now (at most MAX_DESTINATIONS_AT_ONCE). */
  private readonly calling = new Set<string>();
  /** Deliveries whose attempt could not be saved: back in the queue on the next wake, not tried again at once. */
  private readonly parked = new Map<string, InHand>();
  private idleWaiters: (() => void)[] = [];
  /** Attempts being made right now (one per destination called). */
  private inFlight = 0;

  constructor(private readonly ctx: NotificationDeps) {
    this.unsubscribe = ctx.clock.onChange(() => void this.catchUp());
    // The start's catch-up: what fell due while the sandbox was down, on a frozen clock too.
    setImmediate(() => void this.catchUp());
  }

  addSource(source: DueWork): void {
    this.sources.push(source);
    this.sourcesDueMs = this.nextSourceDue();
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

  /** Resolves once the clock's due work is done and every delivery due by now has been attempted. */
  async settled(): Promise<void> {
    await this.catchUp();
    await this.work.done();
    while (!this.stopped && this.busy) await new Promise<void>((resolve) => this.idleWaiters.push(resolve));
  }

  state(): DeliveryState {
    const nowMs = this.ctx.clock.nowMs();
    let due = this.parked.size;
    for (const env of ENVIRONMENTS) due += this.ctx.callbacks(env).countDue(nowMs);
    for (const lane of this.lanes.values()) due += lane.size;
    return { due: due + this.inFlight, delivering: this.calling.size > 0 };
  }

  stop(): void {
    this.stopped = true;
    this.unsubscribe();
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.abort.abort();
    for (const resolve of this.idleWaiters.splice(0)) resolve();
  }

  private get busy(): boolean {
    return this.calling.size > 0 || this.readyHead < this.ready.length;
  }

  /** Gives parked deliveries back to the queue and takes what is due. */
  private deliver(): void {
    if (this.stopped) return;
    for (const { env, record } of this.parked.values()) this.ctx.callbacks(env).requeue(record);
    this.parked.clear();
    this.pump();
  }

  /**
   * Takes every delivery due by now out of the queue into its destination's lane, starts
   * lanes while slots are free, and sets the timer for the next one due. Each step costs the
   * deliveries it takes, never the ones still waiting.
   */
  private pump(): void {
    if (this.stopped) return;
    const nowMs = this.ctx.clock.nowMs();
    for (let taken = this.takeEarliest(nowMs); taken; taken = this.takeEarliest(nowMs)) {
      const key = `${taken.env}/${taken.record.id}`;
      // Its save failed (and a rollback queued it again): it waits for the next wake.
      if (this.parked.has(key)) continue;
      const destination = destinationOf(taken.record.url);
      let lane = this.lanes.get(destination);
      if (!lane) this.lanes.set(destination, (lane = new DueQueue<InHand>()));
      lane.set(key, taken.dueMs, taken);
      this.askForSlot(destination);
    }
    while (this.calling.size < MAX_DESTINATIONS_AT_ONCE && this.readyHead < this.ready.length) void this.call(this.nextReady());
    this.arm();
    if (!this.busy) for (const resolve of this.idleWaiters.splice(0)) resolve();
  }

  /** The delivery due first of either environment, taken out of its queue, if it is due by `nowMs`. */
  private takeEarliest(nowMs: number): (InHand & { dueMs: number }) | null {
    let env: EnvName | null = null;
    let dueMs = Number.POSITIVE_INFINITY;
    for (const candidate of ENVIRONMENTS) {
      const next = this.ctx.callbacks(candidate).nextDue();
      if (next && next.dueMs <= nowMs && next.dueMs < dueMs) [env, dueMs] = [candidate, next.dueMs];
    }
    if (env === null) return null;
    const taken = this.ctx.callbacks(env).takeDue(nowMs);
    return taken ? { env, record: taken.record, dueMs: taken.dueMs } : null;
  }

  private askForSlot(destination: string): void {
    if (this.calling.has(destination) || this.waiting.has(destination)) return;
    this.waiting.add(destination);
    this.ready.push(destination);
  }

  private nextReady(): string {
    const destination = this.ready[this.readyHead++]!;
    this.waiting.delete(destination);
    if (this.readyHead > 1024 && this.readyHead * 2 > this.ready.length) {
      this.ready = this.ready.slice(this.readyHead);
      this.readyHead = 0;
    }
    return destination;
  }

  /**
   * Calls one destination: its deliveries one after another, earliest due first. After each
   * attempt it lets requests run, and gives its slot up to a destination waiting for one.
   */
  private async call(destination: string): Promise<void> {
    this.calling.add(destination);
    try {
      const lane = this.lanes.get(destination);
      while (lane && !this.stopped) {
        const next = lane.take(Number.POSITIVE_INFINITY);
        if (!next) break;
        const { env, record } = next.row;
        // Replaced or gone since it was taken (a reset): nothing to attempt.
        if (!this.ctx.callbacks(env).isCurrent(record)) continue;
        await this.attempt(env, record);
        // Requests run between attempts, also when this one awaited nothing but memory.
        await yieldToRequests();
        this.pump();
        // Another destination waits for a slot: this one takes its turn again after it.
        if (this.readyHead < this.ready.length && lane.size > 0) break;
      }
    } finally {
      this.calling.delete(destination);
      const lane = this.lanes.get(destination);
      if (lane && lane.size > 0 && !this.stopped) this.askForSlot(destination);
      else this.lanes.delete(destination);
      this.pump();
    }
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

  /** One attempt, and its outcome saved (a record that could not be saved is parked). */
  private async attempt(env: EnvName, record: CallbackRecord): Promise<void> {
    const dueAt = record.nextAttemptAt!;
    const method = record.method ?? 'GET';
    this.inFlight += 1;
    let outcome: CallOutcome;
    try {
      outcome = await callMerchantRecorded(
        this.ctx.outbound,
        {
          env,
          kind: record.kind,
          method,
          url: record.url,
          body: record.body,
          headers: record.headers,
          privateId: record.privateId ?? undefined,
          startedAtMs: this.ctx.clock.nowMs(),
        },
        this.abort.signal,
      );
    } finally {
      this.inFlight -= 1;
    }
    // Stopped, or the record went meanwhile (a reset): an outcome for no one.
    if (this.stopped || !this.ctx.callbacks(env).isCurrent(record)) return;
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
      // Not saved: the attempt is made again on the next wake, as at-least-once delivery allows.
      this.parked.set(`${env}/${record.id}`, { env, record });
      return;
    }
    this.ctx.events?.publish(callbackAttemptEvent(env, updated));
  }

  private nextSourceDue(): number | null {
    let earliest: number | null = null;
    for (const source of this.sources) {
      const due = source.nextDueMs();
      if (due !== null && (earliest === null || due < earliest)) earliest = due;
    }
    return earliest;
  }

  /** While the clock ticks, wake up when the earliest retry or work falls due. A frozen clock only moves by hand. */
  private arm(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.stopped || this.ctx.clock.isFrozen()) return;
    let due = this.sourcesDueMs;
    for (const env of ENVIRONMENTS) {
      const next = this.ctx.callbacks(env).nextDue();
      if (next && (due === null || next.dueMs < due)) due = next.dueMs;
    }
    if (due === null) return;
    const delay = Math.min(Math.max(0, due - this.ctx.clock.nowMs()), MAX_TIMER_MS);
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
