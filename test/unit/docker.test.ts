/**
 * No Docker engine runs here, so the compose file and Dockerfile are checked by parsing:
 * their command must be one the CLI accepts, and the ports they publish must be the ports
 * that command listens on.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { describe, expect, it } from 'vitest';
import { withAdminToken } from '../../src/cli/admin-access.js';
import { DEFAULT_TLS_PORT, fallbackTlsPort } from '../../src/gateway/tls-start.js';
import { parseCliArgs } from '../../src/cli/index.js';
import { type SandboxOptions, resolveOptions } from '../../src/config.js';
import { loadHosts, surfaceByPort } from '../../src/hosts.js';
import { linesOf } from '../../src/node-version.js';
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

/** The ports HTTPS may take when the command starts with this environment: 443, or the fallback where 443 may not be bound. */
function httpsPorts(argv: string[], env: Record<string, string>): number[] {
  const args = parseCliArgs(argv, env);
  if (args.help) throw new Error('unexpected --help');
  const options = resolveOptions(args.options);
  if (!options.tls) return [];
  return options.tls.port !== undefined ? [options.tls.port] : [DEFAULT_TLS_PORT, fallbackTlsPort(options.port)];
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

describe('the admin token (the image listens on 0.0.0.0: /__admin must not be open to the LAN, and both commands must start as written)', () => {
  /** What the CLI does with a command and an environment: the options it starts with, and the token it made, if any. */
  const started = (argv: string[], env: Record<string, string>): ReturnType<typeof withAdminToken<SandboxOptions>> => {
    const args = parseCliArgs(argv, env);
    if (args.help) throw new Error('unexpected --help');
    return withAdminToken(args.options);
  };

  it('compose passes SANDBOX_ADMIN_TOKEN through without requiring it, and never opens /__admin', () => {
    expect(service.environment?.SANDBOX_ADMIN_TOKEN).toBe('${SANDBOX_ADMIN_TOKEN:-}');
    expect(service.command).not.toContain('--insecure-admin');
  });

  it('`docker compose up` and `docker run` without a token: the sandbox makes one for /__admin', () => {
    const dockerfileToken = /^ENV SANDBOX_ADMIN_TOKEN="(.*)"$/m.exec(dockerfile)?.[1];
    expect(dockerfileToken).toBe('');
    for (const argv of [service.command, JSON.parse(/^CMD (\[.*\])$/m.exec(dockerfile)![1]!) as string[]]) {
      const { options, made } = started(argv, { SANDBOX_ADMIN_TOKEN: '' });
      expect(made).toMatch(/^[A-Za-z0-9_-]{32}$/);
      expect(resolveOptions(options).adminToken).toBe(made);
    }
  });

  it('with SANDBOX_ADMIN_TOKEN set: that token, none made', () => {
    const { options, made } = started(service.command, { SANDBOX_ADMIN_TOKEN: 'from-env' });
    expect(made).toBeNull();
    expect(options.adminToken).toBe('from-env');
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

  it('exposes every port the default command listens on, HTTPS with SANDBOX_TLS=1 included, and declares the state volume', () => {
    const exposed = /^EXPOSE (.*)$/m.exec(dockerfile)![1]!.split(/\s+/).map(Number);
    expect(httpsPorts(cmd, {})).toEqual([]);
    const https = httpsPorts(cmd, { SANDBOX_TLS: '1' });
    expect(https).toEqual([443, 4443]);
    expect([...exposed].sort()).toEqual([...listeningPorts(cmd), ...https].sort());
    expect(dockerfile).toContain(`VOLUME ["${posix.dirname('/app/.sandbox/state.json')}"]`);
  });

  // The stages: everything after the last FROM is the image that runs.
  const stages = dockerfile.split(/^(?=FROM )/m).filter((s) => s.startsWith('FROM '));
  const runtime = stages.at(-1)!;
  const runtimeLines = runtime.split('\n').filter((l) => !l.trimStart().startsWith('#'));
  const pkg = JSON.parse(readFileSync(`${ROOT}/package.json`, 'utf8')) as {
    engines: { node: string };
    devDependencies: Record<string, string>;
    dependencies: Record<string, string>;
  };

  it('builds on the newest Node line engines names, one line for the image; @types/node is the oldest', () => {
    const lines = linesOf(pkg.engines.node)!.map((line) => line.minimum[0]);
    const bases = stages.map((s) => /^FROM (\S+)/.exec(s)![1]!);
    expect(stages.length).toBeGreaterThanOrEqual(2);
    for (const base of bases) {
      const match = /^node:(\d+)(?:\.[\d.]+)?-bookworm-slim$/.exec(base);
      expect(match, `${base} is not a node:<lts>-bookworm-slim image`).not.toBeNull();
      expect(Number(match![1])).toBe(lines.at(-1));
    }
    // @types/node describes the oldest Node the engines range admits, so code type-checks
    // only against APIs every supported Node has.
    const typesMajor = Number(/(\d+)/.exec(pkg.devDependencies['@types/node']!)![1]);
    expect(typesMajor).toBe(lines[0]);
  });

  it('copies the local packages package.json names (the telemetry stand-in) before npm ci', () => {
    const local = Object.values({ ...pkg.dependencies, ...pkg.devDependencies }).filter((v) => v.startsWith('file:'));
    expect(local).toEqual(['file:./scripts/no-scarf']);
    const install = stages[0]!.indexOf('RUN npm ci');
    expect(install).toBeGreaterThan(0);
    for (const spec of local) {
      const path = spec.slice('file:'.length).replace(/^\.\//, '');
      const copy = stages[0]!.indexOf(`COPY ${path} ./${path}`);
      expect(copy, `COPY ${path} before npm ci`).toBeGreaterThan(0);
      expect(copy).toBeLessThan(install);
    }
  });

  it('runs as an unprivileged user that owns the state volume', () => {
    const user = /^USER (\S+)$/m.exec(runtime)?.[1];
    expect(user).toBeDefined();
    expect(['root', '0']).not.toContain(user);
    expect(runtime.indexOf(`USER ${user}`)).toBeLessThan(runtime.indexOf('ENTRYPOINT'));
    expect(runtime).toMatch(new RegExp(`chown ${user}:${user} /app/\\.sandbox`));
  });

  it('compiles in a build stage and runs only built JavaScript, fixtures and scenarios', () => {
    expect(stages[0]).toMatch(/npm run build/);
    const copies = runtimeLines.filter((l) => l.startsWith('COPY ')).join('\n');
    for (const dir of ['dist', 'node_modules', 'fixtures', 'scenarios', 'bin']) expect(copies).toMatch(new RegExp(`\\b${dir}\\b`));
    expect(copies).not.toMatch(/COPY src\b|\/app\/src\b/);
    expect(copies).toMatch(/--from=build \/app\/dist/);
    // node_modules comes from the pruned build stage: no dev dependencies (tsx, esbuild, typescript).
    expect(stages[0]).toMatch(/npm prune --omit=dev/);
    expect(pkg.dependencies).not.toHaveProperty('tsx');
    expect(pkg.dependencies).not.toHaveProperty('typescript');
    expect(runtimeLines.join('\n')).not.toMatch(/\btsx\b|--import/);
    const entry = JSON.parse(/^ENTRYPOINT (\[.*\])$/m.exec(runtime)![1]!) as string[];
    expect(entry).toEqual(['node', 'dist/main.js']);
  });

  it('has a healthcheck that probes the port the sandbox was started with', async () => {
    const check = /^HEALTHCHECK[\s\S]*?CMD (\[.*\])$/m.exec(runtime);
    expect(check).not.toBeNull();
    const argv = JSON.parse(check![1]!) as string[];
    expect(argv[0]).toBe('node');
    expect(runtime).toContain(`COPY ${argv[1]} ./${argv[1]}`);
    expect(runtime).not.toMatch(/HEALTHCHECK[^\n]*4010/);
    // The probe in the image's layout of its own (docker/ beside dist/), so no other sandbox
    // of the test run is taken for the container's; dist/main.js there is a stand-in that
    // answers /__admin/health on the --port it is given, as the sandbox does.
    const { spawn } = await import('node:child_process');
    const { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const app = mkdtempSync(join(tmpdir(), 'sandbox-image-'));
    mkdirSync(join(app, 'docker'));
    mkdirSync(join(app, 'dist'));
    cpSync(`${ROOT}/${argv[1]}`, join(app, argv[1]!));
    writeFileSync(
      join(app, 'dist/main.js'),
      "const port = Number(process.argv[process.argv.indexOf('--port') + 1]);\n" +
        "require('node:http').createServer((req, res) => res.writeHead(req.url === '/__admin/health' ? 200 : 404).end('{}')).listen(port, '127.0.0.1', () => console.log('listening'));\n",
    );
    writeFileSync(join(app, 'package.json'), '{ "type": "commonjs" }');
    const probe = (env: NodeJS.ProcessEnv): Promise<number | null> =>
      new Promise((resolve) => {
        const child = spawn(process.execPath, [argv[1]!], { cwd: app, env: { ...process.env, PORT: '', HOST: '', ...env } });
        child.once('exit', resolve);
      });
    const { createServer } = await import('node:http');
    const other = createServer((req, res) => res.writeHead(req.url === '/__admin/health' ? 200 : 404).end('{}'));
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    const port = (other.address() as { port: number }).port;
    // A free port for the stand-in, as the sandbox would be given one with --port.
    const spare = createServer();
    await new Promise<void>((resolve) => spare.listen(0, '127.0.0.1', resolve));
    const sandboxPort = String((spare.address() as { port: number }).port);
    await new Promise((resolve) => spare.close(resolve));
    let sandbox: ReturnType<typeof spawn> | undefined;
    try {
      // No sandbox of this layout yet: no --port to read, so $PORT, as the CLI reads it without the flag.
      expect(await probe({ PORT: String(port) })).toBe(0);
      expect(await probe({ PORT: '1' })).toBe(1);
      // The sandbox started with --port (as CMD starts it): the flag wins over $PORT, as in the CLI.
      sandbox = spawn(process.execPath, ['dist/main.js', '--port', sandboxPort], { cwd: app, stdio: ['ignore', 'pipe', 'ignore'] });
      await new Promise((resolve) => sandbox!.stdout!.once('data', resolve));
      expect(await probe({ PORT: '1' })).toBe(0);
      expect(await probe({ PORT: String(port) })).toBe(0);
    } finally {
      sandbox?.kill();
      other.close();
      rmSync(app, { recursive: true, force: true });
    }
  });
});

describe('docs/docker.md: the port table and the compose file as the files define them', () => {
  const page = readFileSync(`${ROOT}/docs/docker.md`, 'utf8');
  const cmd = JSON.parse(/^CMD (\[.*\])$/m.exec(dockerfile)![1]!) as string[];
  const entrypoint = JSON.parse(/^ENTRYPOINT (\[.*\])$/m.exec(dockerfile)![1]!) as string[];

  it("shows the image's command as the Dockerfile runs it, and the Dockerfile's own docker run line", () => {
    expect(page.replace(/\n/g, ' ')).toContain(`\`${[...entrypoint, ...cmd].join(' ')}\``);
    const header = /^# {3}(docker run .*)$/m.exec(dockerfile)?.[1];
    expect(header).toBe('docker run --rm -p 4010:4010 checkout-sandbox');
    expect(page).toContain(`\n${header}\n`);
  });

  /** The rows of the first table whose header starts with this cell. */
  const table = (first: string): string[][] => {
    const lines = page.split('\n');
    const start = lines.findIndex((line) => line.startsWith(`| ${first} |`));
    expect(start, `a table headed "${first}"`).toBeGreaterThanOrEqual(0);
    const end = lines.findIndex((line, i) => i > start && !line.startsWith('|'));
    return lines.slice(start + 2, end).map((line) =>
      line
        .split('|')
        .map((cell) => cell.trim())
        .slice(1, -1),
    );
  };

  it('has a row per port the command listens on, naming its environment, surfaces and real host', () => {
    const rows = table('port');
    const hosts = loadHosts();
    expect(rows.map((row) => Number(row[0]))).toEqual(listeningPorts(cmd));
    for (const [port, env, surfaces, host] of rows.slice(1)) {
      const served = ([...Object.entries(hosts.uat), ...Object.entries(hosts.prod)] as [string, { port: number; host: string }][]).filter(
        ([, address]) => address.port === Number(port),
      );
      expect(surfaces!.split(' and ')).toEqual(served.map(([surface]) => surface));
      expect(host).toBe(served[0]![1].host);
      expect(env).toBe(surfaceByPort(hosts).get(Number(port))!.env.toUpperCase());
    }
  });

  it('says how HTTPS is turned on in the image, and has a row per port it may take there', () => {
    expect(page).toContain('`SANDBOX_TLS=1`');
    const run = /^docker run (.*) checkout-sandbox$/m.exec(page.slice(page.indexOf('## HTTPS on the real host names')));
    expect(run?.[1]).toContain('-e SANDBOX_TLS=1');
    const https = httpsPorts(cmd, { SANDBOX_TLS: '1' });
    expect(run?.[1]).toContain(`-p ${https[0]}:${https[0]}`);
    expect(table('HTTPS port').map((row) => Number(row[0]))).toEqual(https);
    expect(page).toContain(`\`-p ${https[0]}:${https[1]}\``);
  });

  it('names every variable the compose file sets', () => {
    for (const name of Object.keys(service.environment ?? {})) expect(page).toContain(`\`${name}\``);
  });
});
