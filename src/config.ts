/**
 * Sandbox options: flags > environment variables (both read by the CLI, src/cli/) > scenario >
 * defaults, validated with zod.
 * `SandboxOptions` is the typed, documented face of the library's options; the schema checks
 * them at run time, and a bad one is refused in a sentence rather than in zod's words.
 */
import { z } from 'zod';
import { parseInstant } from './clock.js';
import { LOG_LEVELS, type LogLevel } from './log-level.js';
import { didYouMean } from './spelling.js';

export { LOG_LEVELS, type LogLevel };

export const DEFAULT_PORT = 4010;
export const DEFAULT_HOST = '127.0.0.1';
export const DEFAULT_STATE_FILE = '.sandbox/state.json';
/** Isolated sandboxes: how many may live at once, and after how long unused (real time) one is disposed of. */
export const DEFAULT_MAX_SANDBOXES = 200;
export const DEFAULT_SANDBOX_IDLE_MS = 30 * 60_000;
/** Requests each world's journal keeps, and the most it may be asked to. */
export const DEFAULT_JOURNAL_SIZE = 1000;
export const MAX_JOURNAL_SIZE = 1_000_000;

/** An origin the sandbox writes into its answers: http(s)://name[:port], no path. */
const publicUrl = z.string().transform((value, ctx) => {
  const origin = publicOrigin(value);
  if (origin === null) {
    ctx.addIssue({
      code: 'custom',
      message: 'is not an http(s) origin such as http://sandbox:4010 (scheme, host, optional port; no path)',
    });
    return z.NEVER;
  }
  return origin;
});

/**
 * The scenarios shipped in scenarios/ (a test checks this list against the files;
 * `GET /__admin/scenarios` describes them).
 */
export const SCENARIO_NAMES = ['default', 'minimal', 'post-shutdown', 'scale', 'shutdown-eve', 'token-expiry'] as const;
export type ScenarioName = (typeof SCENARIO_NAMES)[number];

/**
 * What `createSandbox()` takes. Every key is optional; an unknown key or a bad value is
 * refused with an {@link OptionError} naming the key, what is accepted and the closest key.
 */
export interface SandboxOptions {
  /** Main port, 0–65535. Default 0: a free port, which `listen()` reports. (The CLI's default is 4010.) */
  port?: number;
  /** Listen address. Default '127.0.0.1'. A non-loopback one ('0.0.0.0') needs `adminToken` or `insecureAdmin`. */
  host?: string;
  /** The scenario the world is seeded from: a shipped name, or a path to a YAML file. Default 'default'. */
  scenario?: ScenarioName | (string & {});
  /** The state file; null (the library's default) keeps state in memory only. */
  statePath?: string | null;
  /** Reseed from the scenario, discarding what the state file holds (kept as a .bak). */
  reset?: boolean;
  /** The sandbox clock's instant at start: ISO-8601 such as '2026-10-30T22:59:00Z', or a Date. Default: the machine's time. */
  now?: string | Date;
  /** Freeze the clock (at `now`, or at the current time); `sandbox.clock` or the admin API moves it. */
  frozen?: boolean;
  /**
   * One more listener per real host: `true` on the ports that follow the main port (+1…+4 UAT,
   * +11…+14 PROD; with port 0, free ports), 'random' on free ports whatever the main port.
   */
  portPerHost?: boolean | 'random';
  /** Another hosts file than fixtures/hosts.yaml. */
  hostsFile?: string;
  /** Another directory of named scenarios than scenarios/. */
  scenarioDir?: string;
  /** Default 'warn': warnings and errors only, on stderr. 'info' adds one line per request. */
  logLevel?: LogLevel;
  /** Bearer token for /__admin; required when binding a non-loopback address (src/admin/guard.ts). */
  adminToken?: string;
  /** Serve /__admin on a non-loopback address without a token, knowingly. */
  insecureAdmin?: boolean;
  /** The origin written into answers (discovery, hints, Link, /__admin/hosts) instead of the listen address, e.g. 'http://sandbox:4010'. */
  publicUrl?: string;
  /** Isolated sandboxes (POST /__admin/sandboxes): how many may live at once. Default 200 (CLI: --max-sandboxes, env SANDBOX_MAX_SANDBOXES). */
  maxSandboxes?: number;
  /** Milliseconds of real time without a request after which an isolated sandbox is disposed of. Default 30 minutes (CLI: --sandbox-idle-ms, env SANDBOX_IDLE_MS). */
  sandboxIdleMs?: number;
  /** How many requests each world's journal keeps (GET /__admin/requests); the oldest drop out first. Default 1000 (CLI: --journal-size, env SANDBOX_JOURNAL_SIZE). */
  journalSize?: number;
  /** HTTPS on the real host names (SNI) with the certificates `checkout-sandbox tls` wrote to `dir`. */
  tls?: {
    dir: string;
    /** HTTPS port, 0–65535. Default 443; where the process may not bind it, the main port + 433 (4443 by default). */
    port?: number;
  };
}

/** What an isolated sandbox is made from (POST /__admin/sandboxes, `sandbox.isolated()`). */
export interface IsolatedRequest {
  scenario?: string | undefined;
  now?: string | undefined;
  frozen?: boolean | undefined;
}

const port = z.number().int().min(0).max(65535);

const optionsSchema = z
  .object({
    port: port.default(0),
    host: z.string().min(1).default(DEFAULT_HOST),
    scenario: z.string().min(1).optional(),
    statePath: z.string().min(1).nullable().default(null),
    reset: z.boolean().default(false),
    now: z
      .union([z.string(), z.date()])
      .transform((value, ctx) => {
        const parsed = typeof value === 'string' ? parseInstant(value) : Number.isNaN(value.getTime()) ? null : value;
        if (parsed === null) {
          ctx.addIssue({
            code: 'custom',
            message: 'is not an instant on the calendar. Use ISO-8601 such as 2026-10-30T22:59:00Z, or a valid Date',
          });
          return z.NEVER;
        }
        return typeof value === 'string' ? value : value.toISOString();
      })
      .optional(),
    frozen: z.boolean().optional(),
    portPerHost: z.union([z.boolean(), z.literal('random')]).default(false),
    hostsFile: z.string().optional(),
    scenarioDir: z.string().optional(),
    logLevel: z.enum(LOG_LEVELS).optional(),
    adminToken: z.string().min(1, { message: 'an empty admin token would let anyone in; give a secret or leave it out' }).optional(),
    insecureAdmin: z.boolean().default(false),
    publicUrl: publicUrl.optional(),
    maxSandboxes: z.number().int().min(0).default(DEFAULT_MAX_SANDBOXES),
    sandboxIdleMs: z.number().int().positive().default(DEFAULT_SANDBOX_IDLE_MS),
    journalSize: z.number().int().min(1).max(MAX_JOURNAL_SIZE).default(DEFAULT_JOURNAL_SIZE),
    tls: z
      .object({ dir: z.string().min(1), port: port.optional() })
      .strict()
      .optional(),
  })
  .strict();

// The interface above is what users see; the schema is what checks them. They must agree:
// every SandboxOptions value is one the schema accepts (tsc fails here otherwise).
type Accepts<T extends z.input<typeof optionsSchema>> = T;
type _OptionsAgree = Accepts<SandboxOptions>;

export type ResolvedOptions = z.output<typeof optionsSchema>;

/** A createSandbox() option the sandbox cannot use; the message names the key and what it accepts. */
export class OptionError extends Error {
  override name = 'OptionError';
}

export function resolveOptions(options: SandboxOptions): ResolvedOptions {
  const parsed = optionsSchema.safeParse(options);
  if (!parsed.success) {
    // A mistyped key is the likelier cause of whatever else is wrong (tls: {dri} also lacks dir).
    const issues = parsed.error.issues;
    throw new OptionError(optionProblem(issues.find((i) => i.code === 'unrecognized_keys') ?? issues[0]!, options));
  }
  return parsed.data;
}

/** One zod issue as a sentence that names the option, what it got and what it accepts. */
function optionProblem(issue: z.core.$ZodIssue, options: SandboxOptions): string {
  const keyPath = issue.path.map(String);
  const key = keyPath.join('.');
  if (issue.code === 'unrecognized_keys') {
    const at = keyPath.length ? `${key}.` : '';
    const known = Object.keys(keyPath[0] === 'tls' ? optionsSchema.shape.tls.unwrap().shape : optionsSchema.shape);
    const unknown = issue.keys[0] ?? '';
    return `unknown option '${at}${unknown}'.${didYouMean(unknown, known, (name) => `'${at}${name}'`)} Options${at ? ` of ${key}` : ''}: ${known.join(', ')}.`;
  }
  const given = keyPath.reduce<unknown>((value, part) => (value as Record<string, unknown> | undefined)?.[part], options);
  if (given === undefined && issue.code === 'invalid_type') return `option ${key} is missing: it is required (a ${issue.expected}).`;
  const shown =
    typeof given === 'string' ? `'${given}'` : given instanceof Date ? 'an invalid Date' : (JSON.stringify(given) ?? String(given));
  if (key === 'logLevel') {
    const hint = typeof given === 'string' ? didYouMean(given, LOG_LEVELS) : '';
    return `option logLevel: ${shown} is not a log level.${hint} Use one of: ${LOG_LEVELS.join(', ')} (default warn; info adds one line per request).`;
  }
  if (key === 'port' || key === 'tls.port') {
    return `option ${key}: ${shown} is not a port number. Use a whole number from 0 to 65535 (0 = any free port).`;
  }
  if (key === 'portPerHost') return `option portPerHost: ${shown} is neither true, false nor 'random'.`;
  // Our own refinements say "is not …"; zod's words ("Too small: expected …") follow a colon.
  const why = issue.message.startsWith('is ')
    ? issue.message
    : `is not accepted: ${issue.message.charAt(0).toLowerCase()}${issue.message.slice(1)}`;
  return `option ${key}: ${shown} ${why.replace(/\.$/, '')}.`;
}

/** The normalised origin of an http(s) URL with nothing after the host and port; null otherwise. */
export function publicOrigin(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if ((url.pathname !== '/' && url.pathname !== '') || url.search || url.hash || url.username || url.password) return null;
  return url.origin;
}
