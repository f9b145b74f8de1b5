/**
 * The log levels, apart from the logger (src/log.ts): the options a library user types
 * (src/config.ts) name them, and the public typings must not pull in pino's, which need
 * Node's own.
 */

/** pino's levels, loudest first, and silent. */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/**
 * How much the sandbox logs: `info` adds one line per request, `warn` only what went wrong,
 * `silent` nothing. The library's default is `warn` (a test's output stays the test's); the
 * CLI's is `info`.
 */
export type LogLevel = (typeof LOG_LEVELS)[number];
