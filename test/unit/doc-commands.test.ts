/**
 * Help that agrees with itself and the docs (a regression test: --help said --port-per-host used +1..3
 * where the server uses +1..4, `sign` showed --key as required in one help and optional in
 * the other, one page showed a stale copy of the flags). Every command line of README.md and
 * docs/*.md that runs the CLI is parsed by the CLI's own parser (nothing is started), and the
 * flags on docs/cli-and-library.md are the --help text itself.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseFlags } from '../../src/cli/args.js';
import { SUBCOMMAND_NAMES, loadSubcommand } from '../../src/cli/commands.js';
import { SANDBOX_COMMAND, parseCliArgs, topLevelHelp } from '../../src/cli/index.js';
import { usageLine } from '../../src/cli/command.js';
import { dedicatedPortOffsets } from '../../src/cli/listen.js';
import { loadHosts } from '../../src/hosts.js';
import { DEFAULT_PORT } from '../../src/config.js';
import { docCommands, simpleCommands } from '../support/doc-commands.js';
import { ROOT } from '../support/spawn.js';

/** Parses a command line's arguments as the CLI would; throws its sentence for an unknown command or flag. */
async function parse(args: string[]): Promise<void> {
  const [first] = args;
  // `checkout-sandbox <command> --help`: what follows must suit every command.
  if (first !== undefined && /^<[^>]+>$/.test(first)) {
    for (const name of SUBCOMMAND_NAMES) await parse([name, ...args.slice(1)]);
    return;
  }
  if (first !== undefined && !first.startsWith('-')) {
    const subcommand = await loadSubcommand(first);
    if (!subcommand) throw new Error(`unknown command '${first}'`);
    parseFlags(args.slice(1), subcommand.command);
    return;
  }
  parseFlags(args, SANDBOX_COMMAND);
  // With no shell variable or placeholder in it, its values are checked too.
  if (!args.some((arg) => /[$<…]/.test(arg))) parseCliArgs(args, {});
}

describe('the command lines of the docs', () => {
  const commands = docCommands(ROOT);

  it('are found on the pages that show the CLI', () => {
    const pages = new Set(commands.map((c) => c.page));
    for (const page of [
      'README.md',
      'docs/cli-and-library.md',
      'docs/docker.md',
      'docs/fidelity.md',
      'docs/https.md',
      'docs/openapi-and-verify.md',
    ])
      expect(pages).toContain(page);
    // Every subcommand appears somewhere.
    for (const name of SUBCOMMAND_NAMES)
      expect(
        commands.some((c) => c.args[0] === name),
        name,
      ).toBe(true);
  });

  it('parse with the CLI (every command and flag known, every value a switch or not as the CLI takes it)', async () => {
    const problems: string[] = [];
    for (const command of commands) {
      try {
        await parse(command.args);
      } catch (error) {
        problems.push(`${command.page}: ${command.text}\n    ${(error as Error).message}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('a mistyped one is caught (the check can fail)', async () => {
    await expect(parse(['--prot', '4010'])).rejects.toThrow('unknown flag --prot');
    await expect(parse(['sign', '--key', 'K', '--pth', '/checkout'])).rejects.toThrow('unknown flag --pth');
    await expect(parse(['recrod', '--out', 'x'])).rejects.toThrow("unknown command 'recrod'");
  });

  it('are read from shell syntax as bash reads them', () => {
    expect(simpleCommands(`PORT=1 npx --no-install checkout-sandbox --port "$PORT" --memory & pid=$! # a comment`)).toEqual([
      ['PORT=1', 'npx', '--no-install', 'checkout-sandbox', '--port', '$PORT', '--memory'],
      ['pid=$!'],
    ]);
    expect(simpleCommands(`curl -s $(checkout-sandbox sign --path /x) > out.txt`)).toEqual([
      ['curl', '-s'],
      ['checkout-sandbox', 'sign', '--path', '/x'],
    ]);
  });
});

describe('the help', () => {
  it('says what the server does: the dedicated ports follow fixtures/hosts.yaml', () => {
    const hosts = loadHosts();
    const uat = [...new Set(Object.values(hosts.uat).map((s) => s.port - DEFAULT_PORT))];
    expect(dedicatedPortOffsets()).toBe(
      `+${Math.min(...uat)}…${Math.max(...uat)} (UAT), +${Math.min(...uat) + 10}…${Math.max(...uat) + 10} (PROD)`,
    );
    expect(SANDBOX_COMMAND.flags['port-per-host'].help).toContain(dedicatedPortOffsets());
  });

  it('lists each command by the usage line of its own --help', async () => {
    const help = await topLevelHelp();
    for (const name of SUBCOMMAND_NAMES) {
      const { command } = (await loadSubcommand(name))!;
      expect(help).toContain(`  ${usageLine(command)}\n`);
    }
  });

  it('is what docs/cli-and-library.md shows', async () => {
    const page = readFileSync(join(ROOT, 'docs/cli-and-library.md'), 'utf8');
    const shown = /^```text help\n([\s\S]*?)^```$/m.exec(page)?.[1];
    expect(shown).toBe(await topLevelHelp());
  });
});
