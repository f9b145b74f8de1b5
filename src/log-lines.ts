/**
 * The request log's line, written without pino's object serialisation: the gateway logs one
 * line per request at info, and pino's `logger.info(obj)` (walking the object, a timestamp
 * callback, escaping each value) cost more than routing the request. The line is built as a
 * string with the same keys in the same order as pino writes them, and handed to the
 * logger's own destination, so it reaches the same stream (JSON lines, pino-pretty on a
 * terminal, a test's stream) in order with every other line:
 *
 *   {"level":30,"time":"2026-06-01T00:00:00.000Z"[,"sandbox":"id"],"env":"uat","surface":"api",
 *    "method":"GET","path":"/checkouts/x","status":200,"ms":0.42,"msg":"request"}
 *
 * Only the gateway's request line goes this way; every other line is pino's.
 */
import pino from 'pino';
import type { Logger } from './log.js';

export interface RequestLine {
  env: string | null;
  surface: string | null;
  method: string;
  /** Without the query. */
  path: string;
  /** 'refused': the connection was closed with no answer. */
  status: number | 'refused';
  ms: number;
}

export type RequestLog = (line: RequestLine) => void;

type Internals = Record<symbol, unknown>;

/**
 * Writes request lines for `logger`, or null when the logger is above info. The time is the
 * logger's own timestamp (sandbox time, src/log.ts). A destination that wants pino's per-line
 * metadata (a multistream) gets the line from pino.
 */
export function requestLog(logger: Logger): RequestLog | null {
  if (!logger.isLevelEnabled('info')) return null;
  const internals = logger as unknown as Internals;
  const stream = internals[pino.symbols.streamSym] as pino.DestinationStream & Internals;
  if (stream[pino.symbols.needsMetadataGsym] === true) {
    return (line) => logger.info({ ...line }, 'request');
  }
  // A child logger's bindings (an isolated world's `sandbox` id), already JSON: `,"sandbox":"x"`.
  const bindings = internals[pino.symbols.chindingsSym];
  const time = internals[pino.symbols.timeSym] as () => string;
  const head = `{"level":${logger.levels.values.info}`;
  const after = typeof bindings === 'string' ? bindings : '';
  return (line) => {
    stream.write(
      `${head}${time()}${after},"env":${nullable(line.env)},"surface":${nullable(line.surface)},` +
        `"method":${JSON.stringify(line.method)},"path":${JSON.stringify(line.path)},` +
        `"status":${typeof line.status === 'number' ? line.status : `"${line.status}"`},"ms":${line.ms},"msg":"request"}\n`,
    );
  };
}

function nullable(text: string | null): string {
  return text === null ? 'null' : JSON.stringify(text);
}
