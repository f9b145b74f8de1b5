import { describe, expect, it } from 'vitest';
import { Clock, httpDate, parseDurationMs, parseInstant } from '../../src/clock.js';

/** A controllable "machine" time so ticking can be tested without waiting. */
function machine(startMs: number): { now: () => number; tick: (ms: number) => void } {
  let t = startMs;
  return { now: () => t, tick: (ms) => (t += ms) };
}

describe('Clock', () => {
  it('follows real time by default', () => {
    const real = machine(Date.parse('2026-11-22T10:00:00Z'));
    const clock = new Clock(real.now);
    expect(clock.iso()).toBe('2026-11-22T10:00:00.000Z');
    real.tick(1500);
    expect(clock.iso()).toBe('2026-11-22T10:00:01.500Z');
    expect(clock.state()).toEqual({ now: '2026-11-22T10:00:01.500Z', frozen: false });
  });

  it('ticks from a set instant', () => {
    const real = machine(Date.parse('2026-11-22T10:00:00Z'));
    const clock = new Clock(real.now);
    clock.set({ now: '2026-10-30T22:59:00Z' });
    real.tick(60_000);
    expect(clock.iso()).toBe('2026-10-30T23:00:00.000Z');
    expect(clock.isFrozen()).toBe(false);
  });

  it('freezes, advances while frozen, and unfreezes where it stands', () => {
    const real = machine(Date.parse('2026-11-22T10:00:00Z'));
    const clock = new Clock(real.now);
    clock.set({ now: '2026-10-30T22:59:00Z', frozen: true });
    real.tick(3_600_000);
    expect(clock.iso()).toBe('2026-10-30T22:59:00.000Z');
    clock.advance(90_000);
    expect(clock.iso()).toBe('2026-10-30T23:00:30.000Z');
    clock.set({ frozen: false });
    real.tick(1000);
    expect(clock.iso()).toBe('2026-10-30T23:00:31.000Z');
  });

  it('moves backwards too, and resets to machine time', () => {
    const real = machine(Date.parse('2026-11-22T10:00:00Z'));
    const clock = new Clock(real.now);
    clock.advance(-86_400_000);
    expect(clock.iso()).toBe('2026-11-21T10:00:00.000Z');
    clock.reset();
    expect(clock.iso()).toBe('2026-11-22T10:00:00.000Z');
  });

  it('tells listeners about every change', () => {
    const clock = new Clock(machine(0).now);
    const seen: string[] = [];
    const off = clock.onChange((now) => seen.push(now.toISOString()));
    clock.advance(1000);
    clock.set({ now: '2026-01-01T00:00:00Z' });
    off();
    clock.advance(1000);
    expect(seen).toEqual(['1970-01-01T00:00:01.000Z', '2026-01-01T00:00:00.000Z']);
  });

  it('snapshots and restores both modes', () => {
    const real = machine(Date.parse('2026-11-22T10:00:00Z'));
    const a = new Clock(real.now);
    a.advance(5000);
    const b = new Clock(real.now);
    b.restore(a.snapshot());
    expect(b.iso()).toBe(a.iso());
    a.set({ now: '2026-10-30T22:59:00Z', frozen: true });
    expect(a.snapshot()).toEqual({ mode: 'frozen', at: '2026-10-30T22:59:00.000Z' });
    b.restore(a.snapshot());
    expect(b.state()).toEqual({ now: '2026-10-30T22:59:00.000Z', frozen: true });
  });

  it('refuses a non-instant and a non-finite advance', () => {
    const clock = new Clock(machine(0).now);
    expect(() => clock.set({ now: 'tomorrow' })).toThrow(/ISO-8601/);
    expect(() => clock.advance(Number.NaN)).toThrow(RangeError);
  });
});

describe('time parsing and formatting', () => {
  it('parses ISO-8601 instants with offsets, and rejects other text', () => {
    expect(parseInstant('2026-10-31T00:00:00+01:00')?.toISOString()).toBe('2026-10-30T23:00:00.000Z');
    expect(parseInstant('12')).toBeNull();
    expect(parseInstant('yesterday')).toBeNull();
    // Calendar days that do not exist are refused rather than rolled over into the next month.
    expect(parseInstant('2026-02-30T00:00:00Z')).toBeNull();
    expect(parseInstant('2026-13-01T00:00:00Z')).toBeNull();
    expect(parseInstant('2028-02-29T00:00:00Z')?.toISOString()).toBe('2028-02-29T00:00:00.000Z');
  });

  it('parses ISO-8601 durations', () => {
    expect(parseDurationMs('PT1H30M')).toBe(5_400_000);
    expect(parseDurationMs('P1D')).toBe(86_400_000);
    expect(parseDurationMs('90 minutes')).toBeNull();
  });

  it('formats HTTP dates as IMF-fixdate', () => {
    expect(httpDate(new Date(Date.parse('2026-10-30T23:00:00Z')))).toBe('Fri, 30 Oct 2026 23:00:00 GMT');
  });

  it('keeps its ISO and HTTP-date texts in step with every move (they are remembered per instant)', () => {
    const clock = new Clock();
    clock.set({ now: '2026-06-01T00:00:00.250Z', frozen: true });
    expect([clock.iso(), clock.httpDate()]).toEqual(['2026-06-01T00:00:00.250Z', 'Mon, 01 Jun 2026 00:00:00 GMT']);
    clock.advance(500);
    expect([clock.iso(), clock.httpDate()]).toEqual(['2026-06-01T00:00:00.750Z', 'Mon, 01 Jun 2026 00:00:00 GMT']);
    clock.advance(250);
    expect([clock.iso(), clock.httpDate()]).toEqual(['2026-06-01T00:00:01.000Z', 'Mon, 01 Jun 2026 00:00:01 GMT']);
    clock.set({ now: '1969-12-31T23:59:59.500Z' });
    expect(clock.httpDate()).toBe('Wed, 31 Dec 1969 23:59:59 GMT');
  });
});
