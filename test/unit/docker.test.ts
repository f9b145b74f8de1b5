/**
 * No Docker engine runs here, so the compose file and Dockerfile are checked by parsing:
 * their command must be one the CLI accepts, and the ports they publish must be the ports
 * that command listens on.
 */
import { readFileSync } from 'node:fs';
import { dirname, posix } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { describe, expect, it } from 'vitest';
import { parseCliArgs } from '../../src/cli.js';
import { resolveOptions } from '../../src/config.js';
import { loadHosts, surfaceByPort } from '../../src/hosts.js';
import { ROOT } from '../support/spawn.js';

interface ComposeService {
  build: string;
  command: string[];
  ports: string[];
  volumes: string[];
  environment?: Record<string, string>;
}

const compose = parseYaml(readFileSync(`${ROOT}/docker-compose.yml`, 'utf8')) as {
  services: Record<string, ComposeService>;
  volumes: Record<string, unknown>;
};
const dockerfile = readFileSync(`${ROOT}/Dockerfile`, 'utf8');
const service = compose.services['checkout-sandbox']!;

function listeningPorts(argv: string[]): number[] {
  const args = parseCliArgs(argv);
  if (args.help) throw new Error('unexpected --help');
  const options = resolveOptions(args.options);
  const dedicated = options.portPerHost ? [...surfaceByPort(loadHosts()).keys()] : [];
  return [options.port, ...dedicated].sort();
}

describe('docker-compose.yml', () => {
  it('runs a command the CLI accepts, on 0.0.0.0, with file state', () => {
    const args = parseCliArgs(service.command);
    expect(args.help).toBe(false);
    if (args.help) return;
    const options = resolveOptions(args.options);
    expect(options.host).toBe('0.0.0.0');
    expect(options.statePath).toBe('/app/.sandbox/state.json');
  });

  it('publishes exactly the ports the command listens on', () => {
    const published = service.ports.map((p) => {
      const [host, container] = p.split(':');
      expect(host).toBe(container);
      return Number(container);
    });
    expect(published.sort()).toEqual(listeningPorts(service.command));
  });

  it('keeps the state directory in a volume', () => {
    const stateDir = dirname('/app/.sandbox/state.json');
    const mount = service.volumes.find((v) => v.endsWith(`:${stateDir}`));
    expect(mount).toBeDefined();
    expect(Object.keys(compose.volumes)).toContain(mount!.split(':')[0]);
  });

  it('names a scenario that exists', () => {
    const name = service.environment?.SANDBOX_SCENARIO;
    expect(name).toBeDefined();
    expect(readFileSync(`${ROOT}/scenarios/${name}.yaml`, 'utf8')).toContain(`name: ${name}`);
  });
});

describe('the admin token (issue 9: 0.0.0.0 opened /__admin to the LAN)', () => {
  it('compose passes SANDBOX_ADMIN_TOKEN and insists on it being set', () => {
    expect(service.environment?.SANDBOX_ADMIN_TOKEN).toMatch(/^\$\{SANDBOX_ADMIN_TOKEN:\?/);
    expect(service.command).not.toContain('--insecure-admin');
  });

  it('the Dockerfile declares the variable and its command does not open /__admin', () => {
    expect(dockerfile).toMatch(/^ENV SANDBOX_ADMIN_TOKEN=/m);
    expect(dockerfile).not.toMatch(/^CMD .*--insecure-admin/m);
  });

  it('the CLI reads the token from the flag or the environment; the flag wins', () => {
    const fromEnv = parseCliArgs(['--host', '0.0.0.0'], { SANDBOX_ADMIN_TOKEN: 'from-env' });
    const fromFlag = parseCliArgs(['--admin-token', 'from-flag'], { SANDBOX_ADMIN_TOKEN: 'from-env' });
    const insecure = parseCliArgs(['--insecure-admin']);
    expect(!fromEnv.help && fromEnv.options.adminToken).toBe('from-env');
    expect(!fromFlag.help && fromFlag.options.adminToken).toBe('from-flag');
    expect(!insecure.help && insecure.options.insecureAdmin).toBe(true);
  });
});

describe('Dockerfile', () => {
  const cmd = JSON.parse(/^CMD (\[.*\])$/m.exec(dockerfile)![1]!) as string[];
  const entrypoint = JSON.parse(/^ENTRYPOINT (\[.*\])$/m.exec(dockerfile)![1]!) as string[];

  it('starts the same entry point npm start does, with the compose command as its default', () => {
    const pkg = JSON.parse(readFileSync(`${ROOT}/package.json`, 'utf8')) as { scripts: { start: string } };
    expect(entrypoint.join(' ')).toBe(pkg.scripts.start);
    expect(cmd).toEqual(service.command);
  });

  it('exposes every port the default command listens on, and declares the state volume', () => {
    const exposed = /^EXPOSE (.*)$/m.exec(dockerfile)![1]!.split(/\s+/).map(Number).sort();
    expect(exposed).toEqual(listeningPorts(cmd));
    expect(dockerfile).toContain(`VOLUME ["${posix.dirname('/app/.sandbox/state.json')}"]`);
  });

  it('copies everything the entry point needs', () => {
    for (const dir of ['src', 'fixtures', 'scenarios', 'bin']) expect(dockerfile).toContain(`COPY ${dir} ./${dir}`);
  });
});
