/**
 * The sandbox clock: the one place that reads the machine's time.
 *
 * Every time-dependent decision in the sandbox (token iat/exp, token validation, checkout
 * expiry, the retired host's shutdown, callback retries, order expiry) reads this clock, so
 * moving it moves all of them together. Three modes:
 *  - real time (offset 0, ticking),
 *  - ticking from a set instant (offset != 0),
 *  - frozen at an instant.
 */
import { parse as parseIsoDuration, toSeconds } from 'iso8601-duration';

export interface ClockState {
  now: string;
  frozen: boolean;
}

/** What survives a restart: ticking clocks keep their offset from real time. */
export type ClockSnapshot = { mode: 'offset'; offsetMs: number } | { mode: 'frozen'; at: string };

export interface ClockSetting {
  now?: string | Date;
  frozen?: boolean;
}

type Listener = (now: Date) => void;

/**
 * The latest instant the sandbox clock shows: the end of the four-digit years an instant is
 * written in (PUT /__admin/clock, a scenario's clock); advancing stays within it too.
 */
export const LAST_INSTANT_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/** The farthest a JavaScript Date reaches either side of 1970 (ECMAScript's time values): 8.64e15 ms. */
export const LAST_DATE_MS = 8.64e15;

export class Clock {
  private offsetMs = 0;
  private frozenAtMs: number | null = null;
  private readonly listeners = new Set<Listener>();
  // The last texts made, by the instant they show: a busy server asks many times per ms (log
  // lines) or per second (Date headers), and formatting a Date costs more than the request's routing.
  private isoAt = Number.NaN;
  private isoText = '';
  private httpSecond = Number.NaN;
  private httpText = '';

  constructor(private readonly realNow: () => number = () => Date.now()) {}

  nowMs(): number {
    return this.frozenAtMs ?? this.realNow() + this.offsetMs;
  }

  now(): Date {
    return new Date(this.nowMs());
  }

  iso(): string {
    const ms = this.nowMs();
    if (ms !== this.isoAt) {
      this.isoText = new Date(ms).toISOString();
      this.isoAt = ms;
    }
    return this.isoText;
  }

  /** Now as an HTTP Date header (IMF-fixdate, whole seconds). */
  httpDate(): string {
    const second = Math.floor(this.nowMs() / 1000);
    if (second !== this.httpSecond) {
      this.httpText = httpDate(new Date(second * 1000));
      this.httpSecond = second;
    }
    return this.httpText;
  }

  /** Unix seconds, as JWT claims want them. */
  epochSeconds(): number {
    return Math.floor(this.nowMs() / 1000);
  }

  isFrozen(): boolean {
    return this.frozenAtMs !== null;
  }

  state(): ClockState {
    return { now: this.iso(), frozen: this.isFrozen() };
  }

  /** Set the instant and/or freeze or unfreeze; omitted fields keep their current value. */
  set(setting: ClockSetting): void {
    const target = setting.now === undefined ? this.nowMs() : toMs(setting.now);
    const frozen = setting.frozen ?? this.isFrozen();
    if (frozen) {
      this.frozenAtMs = target;
    } else {
      this.frozenAtMs = null;
      this.offsetMs = target - this.realNow();
    }
    this.emit();
  }

  advance(ms: number): void {
    if (!Number.isFinite(ms)) throw new RangeError('advance needs a finite number of milliseconds');
    if (this.frozenAtMs !== null) this.frozenAtMs += ms;
    else this.offsetMs += ms;
    this.emit();
  }

  /** Back to the machine's time, ticking. */
  reset(): void {
    this.offsetMs = 0;
    this.frozenAtMs = null;
    this.emit();
  }

  snapshot(): ClockSnapshot {
    return this.frozenAtMs !== null
      ? { mode: 'frozen', at: new Date(this.frozenAtMs).toISOString() }
      : { mode: 'offset', offsetMs: this.offsetMs };
  }

  restore(snapshot: ClockSnapshot): void {
    if (snapshot.mode === 'frozen') {
      this.frozenAtMs = toMs(snapshot.at);
    } else {
      this.frozenAtMs = null;
      this.offsetMs = snapshot.offsetMs;
    }
    this.emit();
  }

  /** Called after every set/advance/reset, e.g. to fire callback retries that became due. */
  onChange(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit(): void {
    const now = this.now();
    for (const listener of this.listeners) listener(now);
  }
}

function toMs(value: string | Date): number {
  const ms = value instanceof Date ? value.getTime() : Date.parse(value);
  if (Number.isNaN(ms)) throw new RangeError(`not an ISO-8601 instant: ${String(value)}`);
  return ms;
}

/** Parses an ISO-8601 instant; returns null when it is not one. */
export function parseInstant(value: string): Date | null {
  // Require at least a full date so that "12" or "yes" is not read as a year.
  const date = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!date) return null;
  // V8 rolls 2026-02-30 over to 2 March; a calendar day that does not exist is a typo, not an instant.
  const [year, month, day] = [Number(date[1]), Number(date[2]), Number(date[3])];
  if (month < 1 || month > 12 || day < 1 || day > new Date(Date.UTC(year, month, 0)).getUTCDate()) return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : new Date(ms);
}

/** Milliseconds in an ISO-8601 duration such as PT1H30M; null when it is not one. */
export function parseDurationMs(value: string): number | null {
  try {
    return toSeconds(parseIsoDuration(value)) * 1000;
  } catch {
    return null;
  }
}

/** IMF-fixdate, as the Date, Sunset and Retry-After headers want it. */
export function httpDate(date: Date): string {
  return date.toUTCString();
}

/** Builds a Date from a known instant (never "now": that is the clock's job). */
export function instant(value: string | number): Date {
  return new Date(value);
}

/**
 * Real elapsed time for housekeeping (log compaction age), never for sandbox decisions:
 * a monotonic reading unaffected by the sandbox clock.
 */
export function monotonicMs(): number {
  return performance.now();
}

/** The machine's time as a file-name stamp (backup names), e.g. 20261123T101500Z. */
export function wallClockStamp(): string {
  return new Date()
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
}

/** The machine's time as ISO-8601, for housekeeping records (the journal's real-time stamp, when an isolated sandbox was made), never for sandbox decisions. */
export function wallClockIso(): string {
  return new Date().toISOString();
}

/** The machine's time at a monotonicMs() reading, as ISO-8601 (read late, stamped early). */
export function wallClockIsoAt(mono: number): string {
  return new Date(performance.timeOrigin + mono).toISOString();
}
