/**
 * pino logger: one line per request (env, surface, method, path, status, ms) at info.
 * The logger's own timestamps use sandbox time, so log lines agree with the responses.
 * The CLI logs at info on stdout (its request log); the library at warn on stderr, so a
 * test that embeds a sandbox sees only what went wrong, apart from its own output.
 */
import pino, { type Logger } from 'pino';
import { createRequire } from 'node:module';
import type { Clock } from './clock.js';

export type { Logger };

/** pino's levels, loudest first, and silent. */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/**
 * How much the sandbox logs: `info` adds one line per request, `warn` only what went wrong,
 * `silent` nothing. The library's default is `warn` (a test's output stays the test's); the
 * CLI's is `info`.
 */
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface LogOptions {
  /** Default 'warn': no request lines. */
  level?: LogLevel;
  /** Which standard stream the lines go to (default stderr); ignored when `destination` is given. */
  stream?: 'stdout' | 'stderr';
  /** Where lines go instead (tests pass a stream). */
  destination?: pino.DestinationStream;
}

export function createLogger(clock: Clock, options: LogOptions = {}): Logger {
  const stream = options.stream ?? 'stderr';
  const std = stream === 'stdout' ? process.stdout : process.stderr;
  return pino(
    { level: options.level ?? 'warn', base: undefined, timestamp: () => `,"time":"${clock.iso()}"` },
    options.destination ?? defaultDestination(logFormat(std.isTTY, process.env), stream === 'stdout' ? 1 : 2),
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

function defaultDestination(format: 'json' | 'pretty', fd: 1 | 2): pino.DestinationStream {
  if (format === 'json') return buffered(fd);
  return prettyStream(fd === 2 ? process.stderr : undefined, true);
}

/**
 * Buffered and asynchronous: a request's log line never waits for the terminal. Under load
 * lines go out in 4 KiB writes; when it is quiet, a timer flushes within a quarter second.
 */
function buffered(fd: 1 | 2): pino.DestinationStream {
  const destination = pino.destination({ fd, sync: false, minLength: 4096 });
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
export function prettyStream(destination?: NodeJS.WritableStream, colorize = destination === undefined): pino.DestinationStream {
  // Loaded only for a terminal: a CI or container start (JSON lines) never pays for it.
  const pretty = createRequire(import.meta.url)('pino-pretty') as typeof import('pino-pretty');
  return pretty({
    colorize,
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
