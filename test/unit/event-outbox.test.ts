/** One subscriber's outbox of the event stream: in order, bounded, dropped with a last word when it falls behind. */
import { describe, expect, it } from 'vitest';
import { EventOutbox, type OutboxSink } from '../../src/journal/event-outbox.js';

/** A sink whose writes complete only when the test lets them (a subscriber that stopped reading). */
function stuckSink(): OutboxSink & { written: string[]; closed: boolean; release(): void } {
  const pending: (() => void)[] = [];
  const sink = {
    written: [] as string[],
    closed: false,
    write(text: string): Promise<void> {
      sink.written.push(text);
      return new Promise<void>((resolve) => pending.push(resolve));
    },
    close(): void {
      sink.closed = true;
    },
    release(): void {
      for (const resolve of pending.splice(0)) resolve();
    },
  };
  return sink;
}

const settle = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('event outbox', () => {
  it('writes events one at a time, in order', async () => {
    const sink = stuckSink();
    const outbox = new EventOutbox(sink, () => 'dropped', 100);
    expect(outbox.push('a')).toBe(true);
    expect(outbox.push('b')).toBe(true);
    expect(sink.written).toEqual(['a']);
    expect(outbox.bytesWaiting).toBe(1);
    sink.release();
    await settle();
    expect(sink.written).toEqual(['a', 'b']);
  });

  it('drops a subscriber that falls behind: what waits is discarded, the notice is the last event, then the stream closes', async () => {
    const sink = stuckSink();
    const outbox = new EventOutbox(sink, (waiting) => `dropped after ${waiting}`, 100);
    let accepted = 0;
    for (let i = 0; i < 1000; i++) if (outbox.push('x'.repeat(10))) accepted++;
    // The first write is in flight; ten more fit the bound; the next one overflows it.
    expect(accepted).toBe(11);
    expect(outbox.isDropped).toBe(true);
    expect(outbox.bytesWaiting).toBe('dropped after 110'.length);
    expect(outbox.push('late')).toBe(false);
    sink.release();
    await settle();
    expect(sink.closed).toBe(false);
    sink.release();
    await settle();
    expect(sink.written).toEqual(['x'.repeat(10), 'dropped after 110']);
    expect(sink.closed).toBe(true);
  });

  it('closes after what waits when asked (the world closed)', async () => {
    const sink = stuckSink();
    const outbox = new EventOutbox(sink, () => 'dropped', 100);
    outbox.push('last');
    outbox.closeAfter();
    expect(sink.closed).toBe(false);
    sink.release();
    await settle();
    expect(sink.closed).toBe(true);
    expect(outbox.push('after')).toBe(false);
  });
});
