/**
 * docs/ci-pipelines.md: its recipes, a sandbox per pipeline and a shared one, hold.
 * No Docker engine runs here, so each YAML block is parsed and held against the Dockerfile
 * (the image's name and version, port 4010, its HEALTHCHECK) and the CLI (the environment it
 * passes must start the image's command); the shared-sandbox steps run against a real sandbox.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { linesOf } from '../../src/node-version.js';
import { openSandbox } from '../support/sandbox.js';
import { PORT, dockerfile, expectBaseUrl, expectImage, expectStarts, healthcheck, pkg, yamlBlock } from '../support/pipelines.js';
import { ROOT, freePort } from '../support/spawn.js';

const block = (tag: string): unknown => yamlBlock('docs/ci-pipelines.md', tag);
const page = readFileSync(join(ROOT, 'docs/ci-pipelines.md'), 'utf8');

/** Runs a recipe's shell as a CI runner would (bash -e -o pipefail), asynchronously: the sandbox may answer from this very process. */
function runShell(
  script: string,
  env: Record<string, string>,
): { child: ChildProcess; done: Promise<{ status: number | null; stderr: string }> } {
  const child = spawn('bash', ['-e', '-o', 'pipefail', '-c', script], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const done = new Promise<{ status: number | null; stderr: string }>((resolve) =>
    child.once('exit', (status) => resolve({ status, stderr })),
  );
  return { child, done };
}

describe('the Dockerfile facts the recipes rely on', () => {
  it('port 4010 and a node health check', () => {
    expect(PORT).toBe(4010);
    expect(/^EXPOSE (.*)$/m.exec(dockerfile)![1]!.split(/\s+/)).toContain(String(PORT));
    expect(healthcheck).toEqual(['node', 'docker/healthcheck.mjs']);
  });
});

describe('GitHub Actions: a service container', () => {
  const workflow = block('github-actions') as {
    jobs: {
      integration: {
        services: Record<
          string,
          {
            image: string;
            credentials: { username: string; password: string };
            ports: string[];
            env: Record<string, string>;
            options: string;
          }
        >;
        env: Record<string, string>;
        steps: { run?: string }[];
      };
    };
  };
  const job = workflow.jobs.integration;
  const service = job.services['checkout-sandbox']!;

  it('names the image and how a private one is pulled, publishes its port and probes its health check', () => {
    expectImage(service.image);
    expect(service.credentials).toEqual({
      username: expect.stringMatching(/^\$\{\{ secrets\.\w+ \}\}$/),
      password: expect.stringMatching(/^\$\{\{ secrets\.\w+ \}\}$/),
    });
    expect(service.ports).toContain(`${PORT}:${PORT}`);
    expect(/--health-cmd "([^"]+)"/.exec(service.options)?.[1]).toBe(healthcheck.join(' '));
    expectStarts(service.env);
  });

  it('points the job at the published port, with the same admin token', () => {
    expectBaseUrl(job.env.WALLEY_BASE_URL, '127.0.0.1', '/uat/api');
    expectBaseUrl(job.env.WALLEY_AUTH_URL, '127.0.0.1', '/uat/auth');
    expect(job.env.SANDBOX_ADMIN_TOKEN).toBe(service.env.SANDBOX_ADMIN_TOKEN);
    expect(job.steps.some((s) => s.run === `curl -sf http://127.0.0.1:${PORT}/__admin/health`)).toBe(true);
  });
});

describe('GitLab CI: a service', () => {
  const job = (
    block('gitlab-ci') as {
      integration: { image: string; services: { name: string; alias: string }[]; variables: Record<string, string>; script: string[] };
    }
  ).integration;
  const service = job.services[0]!;

  it('names the image and reaches it by its alias on its port, after asking its health', () => {
    expectImage(service.name);
    expectStarts(job.variables);
    expect(job.variables.SANDBOX_PUBLIC_URL).toBe(`http://${service.alias}:${PORT}`);
    expectBaseUrl(job.variables.WALLEY_BASE_URL, service.alias, '/uat/api');
    expect(job.script[0]).toContain(`http://${service.alias}:${PORT}/__admin/health`);
  });

  it('runs the job on the newest Node line engines names (the one the README runs everything on)', () => {
    expect(job.image).toBe(`node:${linesOf(pkg.engines.node)!.at(-1)!.minimum[0]}-bookworm-slim`);
  });
});

describe('without Node on the runner: curl and a shell', () => {
  const section = page.slice(page.indexOf('## Without Node on the runner'), page.indexOf('## docker compose'));
  const waits = /^```sh\n([\s\S]*?)^```$/m.exec(section)![1]!.trim().split('\n');
  const job = (
    block('gitlab-ci-curl') as {
      integration: {
        image: string;
        services: { name: string; alias: string }[];
        variables: Record<string, string>;
        before_script: string[];
        script: string[];
      };
    }
  ).integration;

  it('both health waits give up after a minute, and the GitLab job uses one as written, with no Node', () => {
    expect(waits).toHaveLength(2);
    expect(waits[0]).toMatch(/^timeout 60 sh -c 'until curl -sf /);
    expect(waits[1]).toMatch(/--retry 60 --retry-delay 1 --retry-max-time 60 /);
    for (const wait of waits) expect(wait).toContain('"$SANDBOX_URL/__admin/health"');
    expectImage(job.services[0]!.name);
    expectStarts(job.variables);
    expect(job.image).not.toMatch(/node/);
    expect(job.before_script.join('\n')).toMatch(/apt-get install -y .*\bcurl\b/);
    expect(job.script[0]).toBe(waits[1]);
    expect([...job.before_script, ...job.script].join('\n')).not.toMatch(/\bnode\b|\bnpm\b|\bnpx\b|\bjq\b/);
    expect(job.variables.SANDBOX_URL).toBe(`http://${job.services[0]!.alias}:${PORT}`);
  });

  it('both waits keep asking while nothing listens, and succeed once a sandbox answers there', async () => {
    const port = await freePort();
    const runs = waits.map((wait) => runShell(wait, { SANDBOX_URL: `http://127.0.0.1:${port}` }));
    // Connections are refused for a while: neither may give up.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    for (const run of runs) expect(run.child.exitCode).toBeNull();
    const sandbox = await openSandbox({ port });
    await sandbox.listen();
    for (const run of runs) expect(await run.done).toEqual({ status: 0, stderr: '' });
  }, 20_000);
});

describe('docker compose beside the app', () => {
  const compose = block('compose') as {
    services: {
      'checkout-sandbox': { image: string; environment: Record<string, string>; healthcheck: { test: string[] } };
      shop: { depends_on: Record<string, { condition: string }>; environment: Record<string, string> };
    };
  };
  const sandbox = compose.services['checkout-sandbox'];
  const shop = compose.services.shop;

  it('names the image and uses its health check; the shop waits for it', () => {
    expectImage(sandbox.image);
    expect(sandbox.healthcheck.test).toEqual(['CMD', ...healthcheck]);
    expectStarts(sandbox.environment);
    expect(shop.depends_on['checkout-sandbox']?.condition).toBe('service_healthy');
  });

  it('gives the shop base URLs under the service name, which the sandbox writes into answers too', () => {
    expect(sandbox.environment.SANDBOX_PUBLIC_URL).toBe(`http://checkout-sandbox:${PORT}`);
    expectBaseUrl(shop.environment.WALLEY_BASE_URL, 'checkout-sandbox', '/uat/api');
    expectBaseUrl(shop.environment.WALLEY_AUTH_URL, 'checkout-sandbox', '/uat/auth');
    expectBaseUrl(shop.environment.WALLEY_LEGACY_BASE_URL, 'checkout-sandbox', '/uat/legacy');
  });
});

describe('one shared sandbox, an isolated world per job', () => {
  const steps = (block('shared-sandbox') as { steps: { name?: string; run: string }[] }).steps;
  const dir = mkdtempSync(join(tmpdir(), 'sandbox-ci-pipelines-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('its steps make an isolated sandbox, hand its URLs to the job, and dispose of it', async () => {
    const token = 'test-admin-token';
    const sandbox = await openSandbox({ adminToken: token });
    const { url } = await sandbox.listen();
    const githubEnv = join(dir, 'github-env');
    writeFileSync(githubEnv, '');
    // Asynchronously: the sandbox answers from this very process.
    const run = async (script: string, extra: Record<string, string> = {}): Promise<void> => {
      const child = spawn('bash', ['-e', '-o', 'pipefail', '-c', script], {
        env: { ...process.env, SANDBOX_URL: url, SANDBOX_ADMIN_TOKEN: token, RUNNER_TEMP: dir, GITHUB_ENV: githubEnv, ...extra },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const status = await new Promise<number | null>((resolve) => child.once('exit', resolve));
      expect({ status, stderr }).toEqual({ status: 0, stderr: '' });
    };
    const admin = { authorization: `Bearer ${token}` };
    await run(steps.find((s) => s.name === 'An isolated sandbox for this job')!.run);
    const env = Object.fromEntries(
      readFileSync(githubEnv, 'utf8')
        .trim()
        .split('\n')
        .map((line) => line.split(/=(.*)/s).slice(0, 2)),
    );
    const id = env.SANDBOX_ID!;
    expect(env.WALLEY_BASE_URL).toBe(`${url}/sandboxes/${id}/uat/api`);
    expect(env.SANDBOX_ADMIN_URL).toBe(`${url}/sandboxes/${id}/__admin`);
    // The job's world answers under its URLs, on the minimal scenario it asked for.
    const health = (await (await fetch(`${env.SANDBOX_ADMIN_URL}/health`, { headers: admin })).json()) as { scenario: string };
    expect(health.scenario).toBe('minimal');
    const token_ = await fetch(`${env.WALLEY_AUTH_URL}/oauth2/v2.0/token`, {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: '0c0c0c0c-0000-4000-8000-000000000001',
        client_secret: 'minimal-uat-secret-0001',
        scope: '705798e0-8cef-427c-ae00-6023deba29af/.default',
      }),
    });
    expect(token_.status).toBe(200);

    await run(steps.find((s) => s.name === 'Dispose of it')!.run, { SANDBOX_ID: id });
    expect((await fetch(`${env.SANDBOX_ADMIN_URL}/health`, { headers: admin })).status).toBe(404);
  });

  it('its curl-only steps hand the job the same URLs the answer holds, with no JSON tool, and dispose of it', async () => {
    const curlSteps = (block('shared-sandbox-curl') as { steps: { name?: string; run: string }[] }).steps;
    const script = curlSteps.map((s) => s.run).join('\n');
    expect(script).not.toMatch(/\bnode\b|\bjq\b|\bpython|\bsed\b|\bgrep\b|\bawk\b/);
    const token = 'test-admin-token';
    const sandbox = await openSandbox({ adminToken: token });
    const { url } = await sandbox.listen();
    const githubEnv = join(dir, 'github-env-curl');
    writeFileSync(githubEnv, '');
    const env = { SANDBOX_URL: url, SANDBOX_ADMIN_TOKEN: token, GITHUB_ENV: githubEnv };
    expect(await runShell(curlSteps.find((s) => s.name === 'An isolated sandbox for this job')!.run, env).done).toEqual({
      status: 0,
      stderr: '',
    });
    const handed = Object.fromEntries(
      readFileSync(githubEnv, 'utf8')
        .trim()
        .split('\n')
        .map((line) => line.split(/=(.*)/s).slice(0, 2)),
    );
    const admin = { authorization: `Bearer ${token}` };
    const live = (await (await fetch(`${url}/__admin/sandboxes`, { headers: admin })).json()) as {
      sandboxes: { id: string; baseUrls: { uat: { auth: string; api: string }; admin: string } }[];
    };
    expect(live.sandboxes).toHaveLength(1);
    const made = live.sandboxes[0]!;
    expect(handed).toEqual({
      SANDBOX_ID: made.id,
      WALLEY_AUTH_URL: made.baseUrls.uat.auth,
      WALLEY_BASE_URL: made.baseUrls.uat.api,
      SANDBOX_ADMIN_URL: made.baseUrls.admin,
    });
    expect(((await (await fetch(`${handed.SANDBOX_ADMIN_URL}/health`, { headers: admin })).json()) as { scenario: string }).scenario).toBe(
      'minimal',
    );
    expect(await runShell(curlSteps.find((s) => s.name === 'Dispose of it')!.run, { ...env, SANDBOX_ID: made.id }).done).toEqual({
      status: 0,
      stderr: '',
    });
    expect((await fetch(`${handed.SANDBOX_ADMIN_URL}/health`, { headers: admin })).status).toBe(404);
  });
});
