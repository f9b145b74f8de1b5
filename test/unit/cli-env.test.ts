/**
 * Every flag of the sandbox has an environment variable (its description's `env`), so a
 * container is configured without touching its command: the variables alone give the same
 * options as the flags, flags win over them, and a bad value is refused naming the variable.
 */
import { describe, expect, it } from 'vitest';
import { SANDBOX_COMMAND, parseCliArgs } from '../../src/cli/index.js';
import { flagList } from '../../src/cli/command.js';
import { FlagError } from '../../src/cli/flags.js';

const options = (argv: string[], env: Record<string, string> = {}) => {
  const args = parseCliArgs(argv, env);
  if (args.help) throw new Error('unexpected --help');
  return args.options;
};

describe('environment variables for every flag', () => {
  const flags = Object.entries(SANDBOX_COMMAND.flags).filter(([name]) => name !== 'help');

  it('names one, distinct, for every flag but --help, and the list of flags shows it', () => {
    const names = flags.map(([, flag]) => (flag as { env?: string }).env);
    expect(names.every((name) => typeof name === 'string' && /^[A-Z][A-Z_]*$/.test(name))).toBe(true);
    expect(new Set(names).size).toBe(names.length);
    const list = flagList(SANDBOX_COMMAND.flags);
    for (const [name, flag] of flags) {
      const env = (flag as { env: string }).env;
      expect(list).toContain(`[env ${env}${flag.type === 'boolean' ? '=1' : ''}]`);
      expect(list).toContain(`--${name}`);
    }
  });

  it('gives the same options from variables alone as from the flags (TLS included)', () => {
    const fromFlags = options([
      '--port',
      '4100',
      '--host',
      '0.0.0.0',
      '--admin-token',
      't0ken',
      '--port-per-host',
      '--tls',
      '--tls-port',
      '4443',
      '--tls-dir',
      '/tmp/x',
      '--memory',
      '--reset',
      '--frozen',
      '--now',
      '2026-10-30T22:59:00Z',
      '--scenario',
      'minimal',
      '--log-level',
      'warn',
      '--public-url',
      'http://sandbox:4100',
    ]);
    const fromEnv = options([], {
      PORT: '4100',
      HOST: '0.0.0.0',
      SANDBOX_ADMIN_TOKEN: 't0ken',
      SANDBOX_PORT_PER_HOST: '1',
      SANDBOX_TLS: 'true',
      SANDBOX_TLS_PORT: '4443',
      SANDBOX_TLS_DIR: '/tmp/x',
      SANDBOX_MEMORY: 'yes',
      SANDBOX_RESET: 'on',
      SANDBOX_FROZEN: '1',
      SANDBOX_NOW: '2026-10-30T22:59:00Z',
      SANDBOX_SCENARIO: 'minimal',
      LOG_LEVEL: 'warn',
      SANDBOX_PUBLIC_URL: 'http://sandbox:4100',
    });
    expect(fromEnv).toEqual(fromFlags);
    expect(fromEnv.tls).toEqual({ dir: '/tmp/x', port: 4443 });
  });

  it('lets a flag override its variable, and treats an empty or off variable as unset', () => {
    expect(options(['--port', '4200'], { PORT: '4300' }).port).toBe(4200);
    expect(options([], { SANDBOX_TLS: '0', SANDBOX_PORT_PER_HOST: '', SANDBOX_ADMIN_TOKEN: '' })).toEqual(options([]));
    expect(options([], { SANDBOX_FROZEN: 'false' }).frozen).toBe(false);
  });

  it('refuses a bad value naming the variable, and TLS settings without TLS', () => {
    expect(() => options([], { SANDBOX_TLS: 'maybe' })).toThrow(
      new FlagError(
        "env SANDBOX_TLS: 'maybe' is neither on nor off. Use SANDBOX_TLS=1 for --tls, SANDBOX_TLS=0 (or leave it unset) for without.",
      ),
    );
    expect(() => options([], { SANDBOX_TLS_PORT: 'x', SANDBOX_TLS: '1' })).toThrow(/^env SANDBOX_TLS_PORT: 'x' is not a port number/);
    expect(() => options([], { SANDBOX_TLS_DIR: '/tmp/x' })).toThrow(
      'env SANDBOX_TLS_DIR only applies with HTTPS on; add --tls (or SANDBOX_TLS=1) to serve it.',
    );
  });
});
