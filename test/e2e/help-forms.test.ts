/**
 * The forms the help and the docs give for a command whose output is kept: in a clone,
 * `npx checkout-sandbox <command>` prints the command's output and nothing of npm's, where
 * `npm start -- <command>` would put npm's own lines in front of it.
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { SUBCOMMAND_NAMES } from '../../src/cli/commands.js';
import { topLevelHelp } from '../../src/cli/index.js';
import { ROOT } from '../support/spawn.js';

describe('help that shows forms whose output can be captured', () => {
  it('names npx for the commands and keeps npm start for the sandbox', async () => {
    const help = await topLevelHelp();
    expect(help).toContain('npx checkout-sandbox … where the package is installed, and in a clone');
    expect(help).not.toMatch(new RegExp(`npm start -- (${SUBCOMMAND_NAMES.join('|')})\\b`));
  });

  it('npx checkout-sandbox sign in the clone prints exactly the header, captured', () => {
    // The README's own SharedKey example: GET /checkouts/{id} with an empty body.
    const run = spawnSync(
      'npx',
      [
        '--no-install',
        'checkout-sandbox',
        'sign',
        '--env',
        'uat',
        '--username',
        'nordic-outdoor-uat',
        '--key',
        'uat-shared-key-nordic-0001',
        '--path',
        '/checkout',
      ],
      {
        cwd: ROOT,
        encoding: 'utf8',
        env: Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('npm_'))),
      },
    );
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^Authorization: SharedKey [A-Za-z0-9+/=]+\n$/);
  });
});
