/**
 * Sandbox options: flags > environment variables > scenario > defaults, validated with zod.
 */
import { z } from 'zod';
import { parseInstant } from './clock.js';

export const DEFAULT_PORT = 4010;
export const DEFAULT_HOST = '127.0.0.1';
export const DEFAULT_STATE_FILE = '.sandbox/state.json';

/** An origin the sandbox writes into its answers: http(s)://name[:port], no path. */
const publicUrl = z
  .string()
  .transform((value, ctx) => {
    const origin = publicOrigin(value);
    if (origin === null) {
      ctx.addIssue({ code: 'custom', message: `'${value}' is not an http(s) origin such as http://sandbox:4010 (scheme, host, optional port; no path)` });
      return z.NEVER;
    }
    return origin;
  });

export const optionsSchema = z
  .object({
    /** Main port. The library's default is 0, a free port (listen() reports it); the CLI's is DEFAULT_PORT. */
    port: z.number().int().min(0).max(65535).default(0),
    host: z.string().min(1).default(DEFAULT_HOST),
    scenario: z.string().min(1).optional(),
    /** A file path, or null to keep state in memory only. */
    statePath: z.string().min(1).nullable().default(null),
    reset: z.boolean().default(false),
    now: z
      .string()
      .refine((v) => parseInstant(v) !== null, { message: 'expected an ISO-8601 instant such as 2026-10-30T22:59:00Z' })
      .optional(),
    frozen: z.boolean().optional(),
    /** One extra listener per real host: ports from fixtures/hosts.yaml, or 'random' for tests. */
    portPerHost: z.union([z.boolean(), z.literal('random')]).default(false),
    hostsFile: z.string().optional(),
    scenarioDir: z.string().optional(),
    logLevel: z.string().optional(),
    /** Bearer token for /__admin; required when binding a non-loopback address (src/admin/guard.ts). */
    adminToken: z.string().min(1, { message: 'an empty admin token would let anyone in; give a secret or leave it out' }).optional(),
    /** Serve /__admin on a non-loopback address without a token, knowingly. */
    insecureAdmin: z.boolean().default(false),
    /** The origin written into answers (discovery, hints, Link, /__admin/hosts) instead of the listen address. */
    publicUrl: publicUrl.optional(),
    /** Isolated sandboxes (POST /__admin/sandboxes): how many may live at once… */
    maxSandboxes: z.number().int().min(0).default(200),
    /** …and after how many milliseconds of real time without a request one is disposed of. */
    sandboxIdleMs: z.number().int().positive().default(30 * 60_000),
    /** How many requests the journal keeps (GET /__admin/requests); the oldest drop out first. */
    journalSize: z.number().int().min(1).max(1_000_000).default(1000),
    /** HTTPS on the real host names (SNI) with the certificates `checkout-sandbox tls` wrote to dir. */
    tls: z
      .object({
        dir: z.string().min(1),
        /** Default 443; where the process may not bind it, the main port + 433 (4443 by default). */
        port: z.number().int().min(0).max(65535).optional(),
      })
      .strict()
      .optional(),
  })
  .strict();

export type SandboxOptions = z.input<typeof optionsSchema>;
export type ResolvedOptions = z.output<typeof optionsSchema>;

export function resolveOptions(options: SandboxOptions): ResolvedOptions {
  const parsed = optionsSchema.safeParse(options);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`invalid option ${issue?.path.join('.') ?? ''}: ${issue?.message ?? ''}`);
  }
  return parsed.data;
}

/** Options from environment variables; flags given on the command line override them. */
export function optionsFromEnv(env: NodeJS.ProcessEnv): SandboxOptions {
  const options: SandboxOptions = {};
  if (env.PORT) options.port = Number(env.PORT);
  if (env.HOST) options.host = env.HOST;
  if (env.SANDBOX_NOW) options.now = env.SANDBOX_NOW;
  if (env.SANDBOX_FROZEN) options.frozen = ['1', 'true', 'yes'].includes(env.SANDBOX_FROZEN.toLowerCase());
  if (env.SANDBOX_SCENARIO) options.scenario = env.SANDBOX_SCENARIO;
  if (env.SANDBOX_STATE) options.statePath = env.SANDBOX_STATE;
  if (env.SANDBOX_ADMIN_TOKEN) options.adminToken = env.SANDBOX_ADMIN_TOKEN;
  if (env.SANDBOX_PUBLIC_URL) options.publicUrl = env.SANDBOX_PUBLIC_URL;
  return options;
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
