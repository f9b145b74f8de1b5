/**
 * How a command that serves (the sandbox itself, and `record`, which listens as the sandbox
 * does) is told where and how to listen: the flags, the environment variables behind them,
 * and what they become as sandbox options. Flags override environment variables.
 */
import { DEFAULT_HOST, DEFAULT_PORT, LOG_LEVELS, type SandboxOptions } from '../config.js';
import { ENVIRONMENTS, loadHosts } from '../hosts.js';
import { DEFAULT_TLS_DIR } from '../tls/paths.js';
import { type Flag, HELP_FLAG } from './command.js';
import { FlagError, logLevelValue, portValue, publicUrlValue, stringFlag, switchFlag } from './flags.js';

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
  port: { type: 'string', value: '<n>', env: 'PORT', help: `main port (default ${DEFAULT_PORT}; 0 = a free port, printed in the banner)` },
  host: {
    type: 'string',
    value: '<addr>',
    env: 'HOST',
    help: `listen address (default ${DEFAULT_HOST}; 0.0.0.0 in Docker); beyond\nloopback, /__admin needs an admin token (--admin-token)`,
  },
  'public-url': {
    type: 'string',
    value: '<url>',
    env: 'SANDBOX_PUBLIC_URL',
    help: 'origin written into answers instead of the listen address,\ne.g. http://sandbox:4010',
  },
} as const satisfies Record<string, Flag>;

/** The flags after the world's own (scenario, state, clock) in the sandbox's list. */
export const SERVING_FLAGS = {
  'port-per-host': {
    type: 'boolean',
    env: 'SANDBOX_PORT_PER_HOST',
    // The offsets come from fixtures/hosts.yaml when the help is shown (a getter: no file is read to start).
    get help(): string {
      return `also listen on one port per real host: main port ${dedicatedPortOffsets()};\nfree ports with --port 0`;
    },
  },
  tls: {
    type: 'boolean',
    env: 'SANDBOX_TLS',
    help: `also serve HTTPS on the real host names; a CA and certificates\nare made in --tls-dir at start when it has none`,
  },
  'tls-port': {
    type: 'string',
    value: '<n>',
    env: 'SANDBOX_TLS_PORT',
    help: 'HTTPS port (default 443, or main port + 433 where 443 may not be bound)',
  },
  'tls-dir': { type: 'string', value: '<dir>', env: 'SANDBOX_TLS_DIR', help: `the CA and host certificates (default ${DEFAULT_TLS_DIR})` },
  'log-level': { type: 'string', value: '<lvl>', env: 'LOG_LEVEL', help: `${LOG_LEVELS.join(', ')} (default info)` },
  'admin-token': {
    type: 'string',
    value: '<secret>',
    env: 'SANDBOX_ADMIN_TOKEN',
    help: "/__admin then needs 'Authorization: Bearer <secret>'; on a non-loopback\n--host without one, a token is made at start and printed",
  },
  'insecure-admin': { type: 'boolean', env: 'SANDBOX_INSECURE_ADMIN', help: 'serve /__admin on a non-loopback --host without a token' },
  help: HELP_FLAG,
} as const satisfies Record<string, Flag>;

/** What parseArgs gives for the listen and serving flags. */
export type ListenValues = {
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
};

export type ListenOptions = Pick<
  SandboxOptions,
  'port' | 'host' | 'publicUrl' | 'portPerHost' | 'tls' | 'logLevel' | 'adminToken' | 'insecureAdmin'
>;

/** Flags, else their environment variables → listen options. Throws FlagError naming the flag or variable of a bad value. */
export function listenOptions(values: ListenValues, env: Env): ListenOptions {
  const flags = { ...LISTEN_FLAGS, ...SERVING_FLAGS };
  const text = (name: keyof typeof flags) => stringFlag(values, env, name, flags[name]);
  const on = (name: keyof typeof flags) => switchFlag(values, env, name, flags[name]);
  const port = text('port');
  const logLevel = text('log-level');
  const options: ListenOptions = {
    port: port ? portValue(port.source, port.value) : DEFAULT_PORT,
    // The CLI's log is the request log: info unless told otherwise (the library's default is warn).
    logLevel: logLevel ? logLevelValue(logLevel.source, logLevel.value) : 'info',
  };
  const host = text('host');
  if (host !== undefined) options.host = host.value;
  const publicUrl = text('public-url');
  if (publicUrl !== undefined) options.publicUrl = publicUrlValue(publicUrl.source, publicUrl.value);
  // An empty SANDBOX_ADMIN_TOKEN is no token (the Dockerfile declares it empty); an empty flag is refused later, by name.
  const adminToken = text('admin-token');
  if (adminToken !== undefined) options.adminToken = adminToken.value;
  if (on('insecure-admin')) options.insecureAdmin = true;
  if (on('port-per-host')) options.portPerHost = true;
  const tlsPort = text('tls-port');
  const tlsDir = text('tls-dir');
  if (!on('tls')) {
    const stray = tlsPort ?? tlsDir;
    if (stray !== undefined) throw new FlagError(`${stray.source} only applies with HTTPS on; add --tls (or SANDBOX_TLS=1) to serve it.`);
    return options;
  }
  options.tls = {
    dir: tlsDir?.value ?? DEFAULT_TLS_DIR,
    ...(tlsPort !== undefined ? { port: portValue(tlsPort.source, tlsPort.value, '4443') } : {}),
  };
  return options;
}
