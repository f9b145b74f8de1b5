/**
 * The request line written without pino's serialisation (src/log-lines.ts) must be the line
 * pino writes for the same fields, byte for byte, and the batched destination (src/log.ts)
 * must keep every line, in order.
 */
import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { Clock } from '../../src/clock.js';
import { type RequestLine, requestLog } from '../../src/log-lines.js';
import { LineBatch, createLogger } from '../../src/log.js';

/** A destination that keeps what is written. */
function collector(): { stream: pino.DestinationStream; lines: string[] } {
  const lines: string[] = [];
  return { stream: { write: (line: string) => void lines.push(line) }, lines };
}

function frozenClock(at: string): Clock {
  const clock = new Clock();
  clock.set({ now: at, frozen: true });
  return clock;
}

const LINES: RequestLine[] = [
  {
    env: 'uat',
    surface: 'legacy',
    method: 'GET',
    path: '/merchants/1234/checkouts/0b7d6a52-1f0e-4c1e-9a11-5d2a1c3e4f01',
    status: 200,
    ms: 0.42,
  },
  { env: 'prod', surface: 'api', method: 'POST', path: '/manage/orders/x/capture', status: 900, ms: 12 },
  { env: null, surface: 'admin', method: 'GET', path: '/__admin/health', status: 200, ms: 0 },
  { env: null, surface: null, method: 'HEAD', path: '/nowhere', status: 404, ms: 1.5 },
  { env: 'uat', surface: 'retired', method: 'GET', path: '/checkouts', status: 'refused', ms: 3.25 },
  { env: 'uat', surface: 'api', method: 'GET', path: '/a "quoted" \\ path/ä/😀/%20', status: 401, ms: 0.01 },
  { env: 'uat', surface: 'api', method: 'GET', path: `/${'long/'.repeat(40)}\u0001`, status: 404, ms: 100.99 },
];

describe('request lines', () => {
  it.each(LINES)('are the line pino writes: %o', (line) => {
    const fast = collector();
    const slow = collector();
    const clock = frozenClock('2026-06-01T08:30:00.123Z');
    requestLog(createLogger(clock, { level: 'info', destination: fast.stream }))!(line);
    createLogger(clock, { level: 'info', destination: slow.stream }).info({ ...line }, 'request');
    expect(fast.lines).toEqual(slow.lines);
    expect(JSON.parse(fast.lines[0]!)).toEqual({ level: 30, time: '2026-06-01T08:30:00.123Z', ...line, msg: 'request' });
  });

  it("carry a child logger's bindings (an isolated world's id) where pino puts them", () => {
    const fast = collector();
    const slow = collector();
    const clock = frozenClock('2026-06-01T08:30:00Z');
    requestLog(createLogger(clock, { level: 'info', destination: fast.stream }).child({ sandbox: 'sbx-1' }))!(LINES[0]!);
    createLogger(clock, { level: 'info', destination: slow.stream })
      .child({ sandbox: 'sbx-1' })
      .info({ ...LINES[0]! }, 'request');
    expect(fast.lines).toEqual(slow.lines);
    expect(fast.lines[0]).toContain('"time":"2026-06-01T08:30:00.000Z","sandbox":"sbx-1","env":"uat"');
  });

  it('follow the clock', () => {
    const { stream, lines } = collector();
    const clock = frozenClock('2026-06-01T00:00:00Z');
    const log = requestLog(createLogger(clock, { level: 'info', destination: stream }))!;
    log(LINES[0]!);
    clock.advance(1500);
    log(LINES[0]!);
    expect(lines.map((l) => (JSON.parse(l) as { time: string }).time)).toEqual(['2026-06-01T00:00:00.000Z', '2026-06-01T00:00:01.500Z']);
  });

  it('are not written above info', () => {
    const { stream } = collector();
    expect(requestLog(createLogger(new Clock(), { level: 'warn', destination: stream }))).toBeNull();
  });

  it('go through pino when the destination wants its metadata (a multistream)', () => {
    const { stream, lines } = collector();
    const logger = pino({ level: 'info', base: undefined }, pino.multistream([{ level: 'info', stream }]));
    requestLog(logger)!(LINES[0]!);
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: 30, ...LINES[0]!, msg: 'request' });
  });
});

describe('the batched destination', () => {
  /** A sink like SonicBoom: what it is handed, and how often it was asked to write. */
  function sink(): { written: string[]; flushes: number; write(text: string): void; flush(): void; flushSync(): void } {
    return {
      written: [],
      flushes: 0,
      write(text) {
        this.written.push(text);
      },
      flush() {
        this.flushes += 1;
      },
      flushSync() {
        this.flushes += 1;
      },
    };
  }

  it('hands lines over in batches, in order, and the rest on flush', () => {
    const to = sink();
    const batch = new LineBatch(to, 10);
    for (const line of ['aaaa\n', 'bbbb\n', 'cc\n', 'dddddddddd\n', 'e\n']) batch.write(line);
    expect(to.written).toEqual(['aaaa\nbbbb\n', 'cc\ndddddddddd\n']);
    batch.flush();
    expect(to.written.join('')).toBe('aaaa\nbbbb\ncc\ndddddddddd\ne\n');
    expect(to.flushes).toBe(1);
    batch.write('f\n');
    batch.flushSync();
    expect(to.written.at(-1)).toBe('f\n');
  });

  it('keeps the lines of a logger that writes to it, request lines and others alike', async () => {
    const chunks: string[] = [];
    const out = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk.toString());
        done();
      },
    });
    const batch = new LineBatch({ write: (text) => out.write(text), flush: (cb) => cb?.(), flushSync: () => undefined });
    const logger = createLogger(frozenClock('2026-06-01T00:00:00Z'), { level: 'info', destination: batch });
    requestLog(logger)!(LINES[0]!);
    logger.warn('something else');
    requestLog(logger)!(LINES[1]!);
    logger.flush();
    await new Promise((resolve) => setImmediate(resolve));
    const lines = chunks
      .join('')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { msg: string; path?: string });
    expect(lines.map((l) => l.path ?? l.msg)).toEqual([LINES[0]!.path, 'something else', LINES[1]!.path]);
  });
});
