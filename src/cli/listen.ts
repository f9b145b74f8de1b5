/**
 * How a command that serves (the sandbox itself, and `record`, which listens as the sandbox
 * does) is told where and how to listen: the flags, the environment variables behind them,
 * and what they become as sandbox options. Flags override environment variables.
 */
import { DEFAULT_HOST, DEFAULT_PORT, LOG_LEVELS, type SandboxOptions } from '../config.js';
import { ENVIRONMENTS, loadHosts } from '../hosts.js';
import { DEFAULT_TLS_DIR } from '../tls/paths.js';
import { type Flag, HELP_FLAG, PROGRAM } from './command.js';
import { FlagError, logLevelValue, portValue, publicUrlValue } from './flags.js';

/** The environment as the CLI reads it (process.env, or a test's own). */
export type Env = Readonly<Record<string, string | undefined>>;

/** The dedicated ports as offsets from the main port, e.g. '+1…4 (UAT), +11…14 (PROD)', from fixtures/hosts.yaml. */
export function dedicatedPortOffsets(): string {
  const hosts = loadHosts();
  return ENVIRONMENTS.map((env) => {
    const offsets = [...new Set(Object.values(hosts[env]).map((surface) => surface.port - DEFAULT_PORT))].sort((a, b) => a - b);
    const [first, last] = [offsets[0], offsets.at(-1)];
    return `+${first === last ? first : `${first}…${last}`} (${env.toUpperCase()})`;
  }).join(', ');
}

export const LISTEN_FLAGS = {
  port: { type: 'string', value: '<n>', help: `main port (default ${DEFAULT_PORT}; 0 = a free port, printed in the banner; env PORT)` },
  host: {
    type: 'string',
    value: '<addr>',
    help: `listen address (default ${DEFAULT_HOST}; env HOST; 0.0.0.0 in Docker); beyond\nloopback, /__admin needs an admin token (--admin-token)`,
  },
  'public-url': { type: 'string', value: '<url>', help: 'origin written into answers instead of the listen address,\ne.g. http://sandbox:4010 (env SANDBOX_PUBLIC_URL)' },
} as const satisfies Record<string, Flag>;

/** The flags after the world's own (scenario, state, clock) in the sandbox's list. */
export const SERVING_FLAGS = {
  'port-per-host': {
    type: 'boolean',
    // The offsets come from fixtures/hosts.yaml when the help is shown (a getter: no file is read to start).
    get help(): string {
      return `also listen on one port per real host: main port ${dedicatedPortOffsets()};\nfree ports with --port 0`;
    },
  },
  tls: { type: 'boolean', help: `also serve HTTPS on the real host names (certificates from \`${PROGRAM} tls\`)` },
  'tls-port': { type: 'string', value: '<n>', help: 'HTTPS port (default 443, or main port + 433 where 443 may not be bound)' },
  'tls-dir': { type: 'string', value: '<dir>', help: `where \`${PROGRAM} tls\` wrote the certificates (default ${DEFAULT_TLS_DIR})` },
  'log-level': { type: 'string', value: '<lvl>', help: `${LOG_LEVELS.join(', ')} (default info; env LOG_LEVEL)` },
  'admin-token': {
    type: 'string',
    value: '<secret>',
    help:
      "/__admin then needs 'Authorization: Bearer <secret>' (env SANDBOX_ADMIN_TOKEN);\n" +
      'on a non-loopback --host without one, a token is made at start and printed',
  },
  'insecure-admin': { type: 'boolean', help: 'serve /__admin on a non-loopback --host without a token' },
  help: HELP_FLAG,
} as const satisfies Record<string, Flag>;

/** What parseArgs gives for the listen and serving flags. */
export interface ListenValues {
  port?: string | undefined;
  host?: string | undefined;
  'public-url'?: string | undefined;
  'port-per-host'?: boolean | undefined;
  tls?: boolean | undefined;
  'tls-port'?: string | undefined;
  'tls-dir'?: string | undefined;
  'log-level'?: string | undefined;
  'admin-token'?: string | undefined;
  'insecure-admin'?: boolean | undefined;
}

export type ListenOptions = Pick<SandboxOptions, 'port' | 'host' | 'publicUrl' | 'portPerHost' | 'tls' | 'logLevel' | 'adminToken' | 'insecureAdmin'>;

/** Flags and environment → listen options. Throws FlagError naming the flag or variable of a bad value. */
export function listenOptions(values: ListenValues, env: Env): ListenOptions {
  // Environment values are checked as strictly as flags, naming the variable.
  const options: ListenOptions = {
    port: values.port !== undefined ? portValue('--port', values.port) : env.PORT ? portValue('env PORT', env.PORT) : DEFAULT_PORT,
    // The CLI's log is the request log: info unless told otherwise (the library's default is warn).
    logLevel: values['log-level'] !== undefined ? logLevelValue('--log-level', values['log-level']) : env.LOG_LEVEL ? logLevelValue('env LOG_LEVEL', env.LOG_LEVEL) : 'info',
  };
  const host = values.host ?? (env.HOST || undefined);
  if (host !== undefined) options.host = host;
  const publicUrl = values['public-url'] ?? (env.SANDBOX_PUBLIC_URL || undefined);
  if (publicUrl !== undefined) options.publicUrl = publicUrlValue(values['public-url'] !== undefined ? '--public-url' : 'env SANDBOX_PUBLIC_URL', publicUrl);
  // An empty SANDBOX_ADMIN_TOKEN is no token (the Dockerfile declares it empty); an empty flag is refused later, by name.
  const adminToken = values['admin-token'] ?? (env.SANDBOX_ADMIN_TOKEN || undefined);
  if (adminToken !== undefined) options.adminToken = adminToken;
  if (values['insecure-admin']) options.insecureAdmin = true;
  if (values['port-per-host']) options.portPerHost = true;
  if ((values['tls-port'] !== undefined || values['tls-dir'] !== undefined) && !values.tls) {
    throw new FlagError('--tls-port and --tls-dir only apply with --tls; add --tls to serve HTTPS.');
  }
  if (values.tls) {
    options.tls = {
      dir: values['tls-dir'] ?? DEFAULT_TLS_DIR,
      ...(values['tls-port'] !== undefined ? { port: portValue('--tls-port', values['tls-port'], '4443') } : {}),
    };
  }
  return options;
}
