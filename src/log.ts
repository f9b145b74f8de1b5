/**
 * pino logger: one line per request (env, surface, method, path, status, ms) at info.
 * The logger's own timestamps use sandbox time, so log lines agree with the responses.
 * The CLI logs at info on stdout (its request log); the library at warn on stderr, so a
 * test that embeds a sandbox sees only what went wrong, apart from its own output.
 */
import pino, { type Logger } from 'pino';
import { createRequire } from 'node:module';
import type { Clock } from './clock.js';
import type { LogLevel } from './log-level.js';

export type { Logger };
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
 * Buffered and asynchronous: a request's log line never waits for the terminal. Lines are
 * gathered in an array and handed to pino's SonicBoom destination 16 KiB at a time (SonicBoom
 * measures its whole pending buffer on every write, so a line per write costs more the fuller
 * it gets); when it is quiet, a timer flushes within a quarter second. At exit, what is
 * gathered is written synchronously, as pino does for its own destination.
 */
function buffered(fd: 1 | 2): pino.DestinationStream {
  const destination = pino.destination({ fd, sync: false, minLength: 4096 });
  const lines = new LineBatch(destination);
  const timer = setInterval(() => {
    try {
      lines.flush();
    } catch {
      // Not ready yet (still opening): the next tick flushes.
    }
  }, 250);
  timer.unref();
  flushedAtExit(lines);
  return lines;
}

/**
 * Every batch of the process, written out by one pair of listeners (a test process makes many
 * sandboxes). They run before pino's own (prepended): when the event loop empties, pino
 * flushes and ends its destination, so the gathered lines must be in it by then; handing them
 * over schedules nothing when there are none (beforeExit fires again after any new work).
 */
const batches = new Set<LineBatch>();

function flushedAtExit(batch: LineBatch): void {
  if (batches.size === 0) {
    const each = (action: (batch: LineBatch) => void) => () => {
      for (const one of batches) {
        try {
          action(one);
        } catch {
          // Nothing more can be done for the log on the way out (a closed or ended stream).
        }
      }
    };
    process.prependListener(
      'beforeExit',
      each((one) => one.handOver()),
    );
    process.prependListener(
      'exit',
      each((one) => one.flushSync()),
    );
  }
  batches.add(batch);
}

/** What a batch hands its lines to (pino's SonicBoom). */
interface LineSink {
  write(text: string): unknown;
  flush(cb?: (error?: Error) => void): void;
  flushSync(): void;
}

/** Lines gathered until 16 KiB, then written as one string. */
export class LineBatch implements pino.DestinationStream {
  private lines: string[] = [];
  private size = 0;

  constructor(
    private readonly sink: LineSink,
    private readonly batchSize = 16 * 1024,
  ) {}

  write(line: string): boolean {
    this.lines.push(line);
    this.size += line.length;
    if (this.size >= this.batchSize) this.drain();
    return true;
  }

  /** Hands what is gathered to the sink and asks it to write now (pino's logger.flush() lands here). */
  flush(cb?: (error?: Error) => void): void {
    this.drain();
    this.sink.flush(cb);
  }

  flushSync(): void {
    this.drain();
    this.sink.flushSync();
  }

  /** Hands what is gathered to the sink, to be written with its own next write. */
  handOver(): void {
    this.drain();
  }

  private drain(): void {
    if (this.size === 0) return;
    const text = this.lines.length === 1 ? this.lines[0]! : this.lines.join('');
    this.lines = [];
    this.size = 0;
    this.sink.write(text);
  }
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
