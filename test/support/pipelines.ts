/**
 * What the CI recipes of the docs (docs/ci-pipelines.md, docs/php-and-woocommerce.md) are held
 * to: their YAML blocks parsed by tag, and the Dockerfile's facts they rely on (the image's
 * command and port, its health check) and the CLI that the environment they pass must start.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { expect } from 'vitest';
import { parseCliArgs } from '../../src/cli/index.js';
import { type ResolvedOptions, resolveOptions } from '../../src/config.js';
import { listScenarios } from '../../src/store/scenario.js';
import { ROOT } from './spawn.js';

export const dockerfile = readFileSync(join(ROOT, 'Dockerfile'), 'utf8');
export const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string; engines: { node: string } };
export const cmd = JSON.parse(/^CMD (\[.*\])$/m.exec(dockerfile)![1]!) as string[];
export const healthcheck = JSON.parse(/^HEALTHCHECK[\s\S]*?CMD (\[.*\])$/m.exec(dockerfile)![1]!) as string[];
export const PORT = Number(cmd[cmd.indexOf('--port') + 1]);

/** The ```yaml <tag> block of a docs page, parsed. */
export function yamlBlock(page: string, tag: string): unknown {
  const text = readFileSync(join(ROOT, page), 'utf8');
  const match = new RegExp(`^\`\`\`yaml ${tag}\\n([\\s\\S]*?)^\`\`\`$`, 'm').exec(text);
  if (!match) throw new Error(`${page} has no \`\`\`yaml ${tag} block`);
  return parseYaml(match[1]!);
}

/** The image is this repository's, tagged with the package's version. */
export function expectImage(image: unknown): void {
  expect(image).toMatch(new RegExp(`/checkout-sandbox:${pkg.version.replaceAll('.', '\\.')}$`));
}

/** The image's own command starts with this environment, on a scenario that exists; the options it starts with. */
export function expectStarts(env: Record<string, string>): ResolvedOptions {
  const args = parseCliArgs(cmd, env);
  if (args.help) throw new Error('unexpected --help');
  const options = resolveOptions(args.options);
  expect(options.port).toBe(PORT);
  // The pipeline's own token: one the sandbox made at start could not be read by the job's steps.
  expect(options.adminToken).toBeTruthy();
  if (env.SANDBOX_SCENARIO) expect(listScenarios().map((s) => s.name)).toContain(env.SANDBOX_SCENARIO);
  return options;
}

/** A base URL on the sandbox's port, with a path the sandbox serves. */
export function expectBaseUrl(url: unknown, host: string, path: string): void {
  const parsed = new URL(String(url));
  expect([parsed.hostname, Number(parsed.port), parsed.pathname]).toEqual([host, PORT, path]);
}
