/**
 * pino logger: one line per request (env, surface, method, path, status, ms).
 * The logger's own timestamps use sandbox time, so log lines agree with the responses.
 */
import pino, { type Logger } from 'pino';
import type { Clock } from './clock.js';

export type { Logger };

export interface LogOptions {
  level?: string;
  /** Where lines go; defaults to stdout. Tests pass a stream or level 'silent'. */
  destination?: pino.DestinationStream;
}

export function createLogger(clock: Clock, options: LogOptions = {}): Logger {
  const level = options.level ?? process.env.LOG_LEVEL ?? 'info';
  return pino({ level, base: undefined, timestamp: () => `,"time":"${clock.iso()}"` }, options.destination ?? bufferedStdout());
}

/**
 * Buffered and asynchronous: a request's log line never waits for the terminal. Under load
 * lines go out in 4 KiB writes; when it is quiet, a timer flushes within a quarter second.
 */
function bufferedStdout(): pino.DestinationStream {
  const destination = pino.destination({ sync: false, minLength: 4096 });
  const timer = setInterval(() => {
    try {
      destination.flush();
    } catch {
      // Not ready yet (still opening): the next tick flushes.
    }
  }, 250);
  timer.unref();
  return destination;
}
