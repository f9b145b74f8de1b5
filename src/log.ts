/**
 * pino logger: one line per request (env, surface, method, path, status, ms).
 * The logger's own timestamps use sandbox time, so log lines agree with the responses.
 */
import pino, { type Logger } from 'pino';
import { createRequire } from 'node:module';
import type { Clock } from './clock.js';

export type { Logger };

export interface LogOptions {
  level?: string;
  /** Where lines go; defaults to stdout. Tests pass a stream or level 'silent'. */
  destination?: pino.DestinationStream;
}

export function createLogger(clock: Clock, options: LogOptions = {}): Logger {
  const level = options.level ?? process.env.LOG_LEVEL ?? 'info';
  return pino(
    { level, base: undefined, timestamp: () => `,"time":"${clock.iso()}"` },
    options.destination ?? defaultDestination(logFormat(process.stdout.isTTY, process.env)),
  );
}

/**
 * A person at a terminal reads lines; a log collector parses JSON. LOG_FORMAT=json|pretty
 * overrides the guess (e.g. json in a terminal that is piped to jq).
 */
export function logFormat(isTTY: boolean | undefined, env: NodeJS.ProcessEnv): 'json' | 'pretty' {
  const wanted = env.LOG_FORMAT?.toLowerCase();
  if (wanted === 'json' || wanted === 'pretty') return wanted;
  return isTTY ? 'pretty' : 'json';
}

function defaultDestination(format: 'json' | 'pretty'): pino.DestinationStream {
  if (format === 'json') return bufferedStdout();
  return prettyStream();
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

/** Request lines as "GET /path → 200 (uat/api, 1.2 ms)"; other lines keep their fields. */
export function prettyStream(destination?: NodeJS.WritableStream): pino.DestinationStream {
  // Loaded only for a terminal: a CI or container start (JSON lines) never pays for it.
  const pretty = createRequire(import.meta.url)('pino-pretty') as typeof import('pino-pretty');
  return pretty({
    colorize: destination === undefined,
    ...(destination ? { destination } : {}),
    // Sandbox time, with the date: the clock may be days away from the machine's.
    translateTime: 'UTC:yyyy-mm-dd HH:MM:ss.l',
    ignore: 'env,surface,method,path,status,ms',
    messageFormat: (log, messageKey) =>
      log[messageKey] === 'request'
        ? `${String(log.method)} ${String(log.path)} → ${String(log.status)} (${String(log.env)}/${String(log.surface)}, ${String(log.ms)} ms)`
        : String(log[messageKey] ?? ''),
  });
}
