/**
 * Sandbox options: flags > environment variables > scenario > defaults, validated with zod.
 */
import { z } from 'zod';
import { parseInstant } from './clock.js';

export const DEFAULT_PORT = 4010;
export const DEFAULT_HOST = '127.0.0.1';
export const DEFAULT_STATE_FILE = '.sandbox/state.json';

export const optionsSchema = z
  .object({
    port: z.number().int().min(0).max(65535).default(DEFAULT_PORT),
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
  return options;
}
