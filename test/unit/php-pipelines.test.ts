/**
 * docs/php-and-woocommerce.md's CI jobs for a PHP repository hold: each YAML block is parsed
 * and held to the Dockerfile (image, port, health check), the CLI (the service's variables start
 * the image's command, TLS included), the example's settings (the shop's store and credentials,
 * set for the job as test/support/php.ts gives them to the tested run), and what a PHP job has:
 * no Node, a wait with a time limit. The page's shell block exports the same settings.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SURFACES, loadHosts } from '../../src/hosts.js';
import { SHOP_SETTINGS } from '../support/php.js';
import { PORT, expectBaseUrl, expectImage, expectStarts, healthcheck, yamlBlock } from '../support/pipelines.js';
import { ROOT } from '../support/spawn.js';

const PAGE = 'docs/php-and-woocommerce.md';
const page = readFileSync(join(ROOT, PAGE), 'utf8');
const hosts = loadHosts();
/** The UAT names a job resolves to the sandbox (auth and api share one). */
const UAT_NAMES = [...new Set(SURFACES.map((surface) => hosts.uat[surface].host.toLowerCase()))];

interface GithubJob {
  services: Record<string, { image: string; ports: string[]; env: Record<string, string>; options: string }>;
  env: Record<string, string>;
  steps: { run?: string; uses?: string }[];
}
interface GitlabJob {
  image: string;
  services: { name: string; alias: string }[];
  variables: Record<string, string>;
  before_script: string[];
  script: string[];
}

const github = (tag: string): GithubJob => Object.values((yamlBlock(PAGE, tag) as { jobs: Record<string, GithubJob> }).jobs)[0]!;
const gitlab = (tag: string): GitlabJob => Object.values(yamlBlock(PAGE, tag) as Record<string, GitlabJob>)[0]!;
const commands = (lines: (string | undefined)[]): string => lines.filter((l) => l !== undefined).join('\n');

/** What every PHP job does: the shop's settings, PHP from Debian's packages, a bounded wait without Node, PHPUnit. */
function expectPhpJob(settings: Record<string, string>, script: string, sandboxUrl: string): void {
  for (const [name, value] of Object.entries(SHOP_SETTINGS)) expect(settings[name], name).toBe(value);
  expect(settings.SANDBOX_URL).toBe(sandboxUrl);
  expect(script).toMatch(/apt-get install -y .*php-cli php-curl phpunit/);
  expect(script).not.toMatch(/\bnode\b|\bnpm\b|\bnpx\b/);
  expect(script).toContain(`timeout 60 sh -c 'until curl -sf "$SANDBOX_URL/__admin/health"; do sleep 1; done'`);
  expect(script).toMatch(/phpunit"?\)?"? -c phpunit\.xml$/m);
}

describe('GitHub Actions: a PHP job with the sandbox as a service', () => {
  const job = github('php-github-actions');
  const service = job.services['checkout-sandbox']!;

  it("starts the image's command, with the job's token, and probes its health check", () => {
    expectImage(service.image);
    expect(service.ports).toContain(`${PORT}:${PORT}`);
    expect(/--health-cmd "([^"]+)"/.exec(service.options)?.[1]).toBe(healthcheck.join(' '));
    expectStarts(service.env);
    expect(job.env.SANDBOX_ADMIN_TOKEN).toBe(service.env.SANDBOX_ADMIN_TOKEN);
  });

  it("gives the PHP tests the shop's own settings and the sandbox's base URLs", () => {
    expectPhpJob(job.env, commands(job.steps.map((s) => s.run)), `http://127.0.0.1:${PORT}`);
    expectBaseUrl(job.env.WALLEY_AUTH_URL, '127.0.0.1', '/uat/auth');
    expectBaseUrl(job.env.WALLEY_BASE_URL, '127.0.0.1', '/uat/api');
  });
});

describe('GitLab CI: the same job', () => {
  const job = gitlab('php-gitlab-ci');
  const service = job.services[0]!;

  it('starts the image with the variables it shares with the job, reached by its alias', () => {
    expectImage(service.name);
    expectStarts(job.variables);
    expect(job.variables.SANDBOX_PUBLIC_URL).toBe(`http://${service.alias}:${PORT}`);
    expectBaseUrl(job.variables.WALLEY_BASE_URL, service.alias, '/uat/api');
    expectBaseUrl(job.variables.WALLEY_AUTH_URL, service.alias, '/uat/auth');
    expectPhpJob(job.variables, commands([...job.before_script, ...job.script]), `http://${service.alias}:${PORT}`);
    expect(job.image).toMatch(/^debian:/);
  });
});

describe('HTTPS on the real names: the unchanged client', () => {
  it('GitHub Actions: TLS by a variable, 443 published, the UAT names in /etc/hosts, the CA fetched and given to PHP', () => {
    const job = github('php-github-actions-https');
    const service = job.services['checkout-sandbox']!;
    const options = expectStarts(service.env);
    // No certificates exist in a fresh container: the default directory, where the sandbox makes them at start.
    expect(options.tls).toEqual({ dir: '.sandbox/tls' });
    expect(service.ports).toContain('443:443');
    const script = commands(job.steps.map((s) => s.run));
    expectPhpJob(job.env, script, `http://127.0.0.1:${PORT}`);
    // The client is unchanged: no base URL is given to it.
    expect(job.env).not.toHaveProperty('WALLEY_AUTH_URL');
    expect(job.env).not.toHaveProperty('WALLEY_BASE_URL');
    const hostsLine = /echo "127\.0\.0\.1 ([^"]+)" \| sudo tee -a \/etc\/hosts/.exec(script)?.[1]?.split(' ');
    expect(hostsLine?.sort()).toEqual([...UAT_NAMES].sort());
    expect(script).toContain('curl -sf "$SANDBOX_URL/__admin/tls/ca.crt" -o "$RUNNER_TEMP/sandbox-ca.crt"');
    expect(script).toContain('php -d curl.cainfo="$RUNNER_TEMP/sandbox-ca.crt"');
  });

  it('GitLab CI: the real names as the service aliases, the CA fetched and given to PHP', () => {
    const job = gitlab('php-gitlab-ci-https');
    const service = job.services[0]!;
    expectImage(service.name);
    expect(expectStarts(job.variables).tls).toEqual({ dir: '.sandbox/tls' });
    const [alias, ...names] = service.alias.split(',');
    expect(names.sort()).toEqual([...UAT_NAMES].sort());
    const script = commands([...job.before_script, ...job.script]);
    expectPhpJob(job.variables, script, `http://${alias}:${PORT}`);
    expect(job.variables).not.toHaveProperty('WALLEY_BASE_URL');
    expect(script).toContain('curl -sf "$SANDBOX_URL/__admin/tls/ca.crt" -o sandbox-ca.crt');
    expect(script).toContain('php -d curl.cainfo="$PWD/sandbox-ca.crt"');
  });

  it('names the UAT host names as fixtures/hosts.yaml has them', () => {
    for (const name of UAT_NAMES) expect(page).toContain(`\`${name}\``);
  });
});

describe("the page's shell block", () => {
  it('exports the settings the tested run uses', () => {
    const block = /^```sh\n(export SANDBOX_URL[\s\S]*?)^```$/m.exec(page)?.[1] ?? '';
    const exported = Object.fromEntries([...block.matchAll(/\b(WALLEY_[A-Z_]+)=(\S+)/g)].map((m) => [m[1], m[2]]));
    for (const [name, value] of Object.entries(SHOP_SETTINGS)) expect(exported[name], name).toBe(value);
    expect(block).toContain('phpunit -c docs/examples/php/phpunit.xml');
  });

  it('shows the admin call and the scenario entry with the same merchant', () => {
    const json = /-d '(\{[\s\S]*?\})'/.exec(page)?.[1];
    const call = JSON.parse(json!) as {
      id: string;
      stores: { id: number }[];
      sharedKey: unknown;
      apiClients: { clientId: string; clientSecret: string }[];
    };
    expect(call.id).toBe(SHOP_SETTINGS.WALLEY_MERCHANT_ID);
    expect(String(call.stores[0]!.id)).toBe(SHOP_SETTINGS.WALLEY_STORE_ID);
    expect(call.sharedKey).toEqual({ username: SHOP_SETTINGS.WALLEY_SHAREDKEY_USERNAME, key: SHOP_SETTINGS.WALLEY_SHAREDKEY });
    expect(call.apiClients[0]).toEqual({ clientId: SHOP_SETTINGS.WALLEY_CLIENT_ID, clientSecret: SHOP_SETTINGS.WALLEY_CLIENT_SECRET });
  });
});
