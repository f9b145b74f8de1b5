/**
 * Every CI recipe of the docs (each tagged YAML block of docs/ci-pipelines.md and
 * docs/php-and-woocommerce.md) has the sandbox advertise the address its job reaches it by.
 * The URLs the sandbox writes into answers (discovery, hints, an isolated world's baseUrls,
 * /__admin/hosts) come from SANDBOX_PUBLIC_URL, else from the listen address; a job that calls
 * a service alias or another machine by name needs the variable set to that name, or it is
 * handed 127.0.0.1, which is its own container. The advertised origin is the sandbox's own
 * (createAddresses on the options the image's command starts with).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { describe, expect, it } from 'vitest';
import { parseCliArgs } from '../../src/cli/index.js';
import { resolveOptions } from '../../src/config.js';
import { createAddresses } from '../../src/gateway/addresses.js';
import { loadHosts } from '../../src/hosts.js';
import { cmd } from '../support/pipelines.js';
import { ROOT } from '../support/spawn.js';

type Env = Record<string, string>;
interface Recipe {
  /** The variables the sandbox's container starts with. */
  sandbox: Env;
  /** The variables the job (or the app beside the sandbox) is given. */
  job: Env;
}

const PAGES = ['docs/ci-pipelines.md', 'docs/php-and-woocommerce.md'];

/** The origin the sandbox writes into its answers when the image's command starts with this environment. */
function advertised(env: Env): string {
  const args = parseCliArgs(cmd, env);
  if (args.help) throw new Error('unexpected --help');
  return createAddresses(resolveOptions(args.options), loadHosts()).origin();
}

/** The `-e NAME=value` flags of a page's ```sh <tag> block (a bare `-e NAME` passes the shell's value through). */
function dockerRunEnv(page: string, tag: string): Env {
  const text = readFileSync(join(ROOT, page), 'utf8');
  const block = new RegExp(`^\`\`\`sh ${tag}\\n([\\s\\S]*?)^\`\`\`$`, 'm').exec(text)?.[1];
  if (block === undefined) throw new Error(`${page} has no \`\`\`sh ${tag} block`);
  return Object.fromEntries([...block.matchAll(/-e (\w+)(?:=(\S+))?/g)].map((m) => [m[1]!, m[2] ?? '$' + m[1]!]));
}

/** A tagged YAML block as the recipes it holds, by the form of its CI; an unknown form is an error. */
function recipes(page: string, tag: string, doc: Record<string, unknown>): Recipe[] {
  type GithubJob = { services?: Record<string, { env?: Env }>; env?: Env };
  type GitlabJob = { services: unknown[]; variables: Env };
  type Compose = { services: Record<string, { environment?: Env }> };
  if ('jobs' in doc)
    return Object.values(doc.jobs as Record<string, GithubJob>).map((job) => ({
      sandbox: job.services?.['checkout-sandbox']?.env ?? {},
      job: job.env ?? {},
    }));
  if ('services' in doc && !Array.isArray(doc.services) && typeof doc.services === 'object') {
    const services = (doc as unknown as Compose).services;
    const { 'checkout-sandbox': sandbox, ...others } = services;
    return Object.values(others).map((other) => ({ sandbox: sandbox?.environment ?? {}, job: other.environment ?? {} }));
  }
  if ('steps' in doc && 'env' in doc) return [{ sandbox: dockerRunEnv(page, `${tag.replace(/-curl$/, '')}-start`), job: doc.env as Env }];
  const gitlab = Object.values(doc).filter((v): v is GitlabJob => typeof v === 'object' && v !== null && 'services' in v);
  if (gitlab.length > 0) return gitlab.map((job) => ({ sandbox: job.variables, job: job.variables }));
  throw new Error(`${page} \`\`\`yaml ${tag}: not a GitHub, GitLab, compose or shared-sandbox recipe`);
}

const all = PAGES.flatMap((page) => {
  const text = readFileSync(join(ROOT, page), 'utf8');
  return [...text.matchAll(/^```yaml (\S+)\n([\s\S]*?)^```$/gm)].flatMap((m) =>
    recipes(page, m[1]!, parseYaml(m[2]!) as Record<string, unknown>).map((recipe, i) => ({
      name: `${m[1]} #${i + 1}`,
      ...recipe,
    })),
  );
});

describe('every CI recipe has the sandbox advertise the address its job uses', () => {
  it('finds the recipes of both pages, the HTTPS ones and the shared sandbox included', () => {
    const names = all.map((r) => r.name);
    for (const tag of [
      'github-actions',
      'gitlab-ci',
      'gitlab-ci-curl',
      'compose',
      'shared-sandbox',
      'shared-sandbox-curl',
      'php-gitlab-ci-https',
      'php-github-actions-https',
    ])
      expect(names, tag).toContain(`${tag} #1`);
  });

  it.each(all)('$name: each sandbox URL of the job is on the origin the sandbox writes into its answers', ({ sandbox, job }) => {
    const origin = advertised(sandbox);
    const urls = Object.entries(job).filter(([name, value]) => /^(SANDBOX|WALLEY)_\w*URL$/.test(name) && /^https?:\/\//.test(value));
    expect(urls.length).toBeGreaterThan(0);
    for (const [name, value] of urls) expect(`${name}: ${new URL(value).origin}`).toBe(`${name}: ${origin}`);
  });

  it('the check can fail: without SANDBOX_PUBLIC_URL a sandbox reached by an alias would advertise 127.0.0.1', () => {
    const gitlab = all.find((r) => r.name === 'php-gitlab-ci-https #1')!;
    const { SANDBOX_PUBLIC_URL, ...without } = gitlab.sandbox;
    expect(SANDBOX_PUBLIC_URL).toBe('http://checkout-sandbox:4010');
    expect(advertised(without)).toBe('http://127.0.0.1:4010');
  });
});
