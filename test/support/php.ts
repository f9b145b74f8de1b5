/**
 * The PHP example (docs/examples/php/) as the tests run it: whether this machine has PHP with
 * cURL and PHPUnit (Debian's php-cli, php-curl, phpunit; .ci/run installs them), the shop's
 * settings its job gives it, and phpunit run to completion with its output kept (not printed).
 */
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from './spawn.js';

export const PHP_EXAMPLE = join(ROOT, 'docs/examples/php');

/** Why the PHP example cannot run here, or null when it can. */
export function phpMissing(): string | null {
  const php = spawnSync('php', ['-r', 'exit(function_exists("curl_init") ? 0 : 3);']);
  if (php.error) return 'php is not installed (apt-get install php-cli php-curl phpunit; .ci/run does)';
  if (php.status === 3) return 'php has no cURL extension (apt-get install php-curl)';
  if (spawnSync('phpunit', ['--version']).error) return 'phpunit is not installed (apt-get install phpunit)';
  return null;
}

/** The shop's own settings, as its CI job sets them (docs/php-and-woocommerce.md). */
export const SHOP_SETTINGS = {
  WALLEY_MERCHANT_ID: '7001',
  WALLEY_STORE_ID: '7101',
  WALLEY_CLIENT_ID: '1b2c3d4e-0000-4000-8000-00000000b1be',
  WALLEY_CLIENT_SECRET: 'shop-uat-secret-0001',
  WALLEY_SHAREDKEY_USERNAME: 'shop-uat',
  WALLEY_SHAREDKEY: 'shop-uat-shared-key',
} as const;

/** Runs `phpunit -c phpunit.xml` in the example (through `via`, e.g. ip netns exec), resolving with its exit code and output. */
export function runPhpunit(
  env: Record<string, string>,
  via: string[] = [],
  phpArgs: string[] = [],
): Promise<{ code: number | null; output: string }> {
  const phpunit = spawnSync('sh', ['-c', 'command -v phpunit']).stdout.toString().trim();
  const [command, ...args] = [...via, 'php', ...phpArgs, phpunit, '-c', 'phpunit.xml'];
  const child = spawn(command!, args, {
    cwd: PHP_EXAMPLE,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })));
}
