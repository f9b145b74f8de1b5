/**
 * The open page's line to its checkout (GET /checkout/{publicToken}/state/stream): Server-Sent
 * Events, each one `data:` line with the page's state (page-state.ts), sent at once and then
 * whenever it changes for the page. The sandbox clock moves in two ways: someone sets or
 * advances it (a change the clock reports at once), or it runs, and the session's expiry
 * passes with it; a check every second covers the second, and the status and revision too.
 * One open request per page, so the request journal holds one entry for it, not one per
 * poll. The stream ends after a final state (expired, completed or aborted); the page closes
 * its EventSource then, or it would reconnect.
 */
import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { SurfaceEnv } from '../http/types.js';
import { type PageState, sameForPage } from './page-state.js';

const CHECK_MS = 1_000;
const KEEP_ALIVE_MS = 15_000;

export interface StateSource {
  /** The state now; null when the checkout is gone. */
  read(): PageState | null;
  /** Calls back on every set, advance and reset of the sandbox clock; returns the unsubscribe. */
  onClockChange(listener: () => void): () => void;
}

function isFinal(state: PageState): boolean {
  return state.expired || state.status === 'PurchaseCompleted' || state.status === 'Aborted';
}

export function streamPageState(c: Context<SurfaceEnv>, source: StateSource): Response {
  c.header('cache-control', 'no-store');
  return streamSSE(c, async (stream) => {
    let last: PageState | null = null;
    let done = false;
    // Writes are chained so states leave in the order they were read.
    let writing: Promise<void> = Promise.resolve();
    const check = (): void => {
      const state = source.read();
      if (!state) {
        done = true;
        return;
      }
      if (sameForPage(last, state)) return;
      last = state;
      done = isFinal(state);
      writing = writing.then(() => stream.writeSSE({ data: JSON.stringify(state) })).catch(() => undefined);
    };
    const unsubscribe = source.onClockChange(check);
    stream.onAbort(unsubscribe);
    check();
    let quiet = 0;
    while (!done && !stream.aborted && !stream.closed) {
      await stream.sleep(CHECK_MS);
      check();
      quiet += CHECK_MS;
      if (quiet >= KEEP_ALIVE_MS) {
        quiet = 0;
        writing = writing
          .then(() => stream.write(': keep-alive\n\n'))
          .then(
            () => undefined,
            () => undefined,
          );
      }
    }
    unsubscribe();
    await writing;
  });
}
