/**
 * node:util's parseArgs for every command, with its errors rewritten as whole sentences that
 * name the flag and the way out, and a did-you-mean for a mistyped flag. parseArgs says
 * "Unexpected argument 'yes'. This command does not take positional arguments" for
 * `--frozen yes`; a newcomer needs to hear that --frozen is a switch.
 */
import { parseArgs } from 'node:util';
import { didYouMean } from '../spelling.js';
import type { Command, Flags } from './command.js';
import { FlagError } from './flags.js';

type Parsed<T extends Flags> = ReturnType<typeof parseArgs<{ args: string[]; options: T; strict: true; allowPositionals: boolean }>>;

/**
 * Parses `argv` strictly by the command's own description of its flags (src/cli/command.ts):
 * positional arguments only where it takes some. Throws FlagError with a sentence that names
 * where the command's --help is.
 */
export function parseFlags<T extends Flags>(argv: string[], command: Command<T>): Parsed<T> {
  try {
    return parseArgs({ args: argv, options: command.flags, strict: true, allowPositionals: command.positionals !== undefined });
  } catch (error) {
    throw new FlagError(parseProblem(error as NodeJS.ErrnoException, argv, command.flags, command.name ?? undefined));
  }
}

function parseProblem(error: NodeJS.ErrnoException, argv: string[], options: Flags, command: string | undefined): string {
  const help = `Run ${command ? `checkout-sandbox ${command} --help` : 'with --help'} for every flag.`;
  const flags = Object.keys(options).map((name) => `--${name}`);
  const quoted = /'([^']*)'/.exec(error.message)?.[1] ?? '';
  switch (error.code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION': {
      const flag = quoted.split('=')[0]!;
      return `unknown flag ${flag}.${didYouMean(flag.replace(/^-+/, ''), Object.keys(options), (name) => `--${name}`)} ${help}`;
    }
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE': {
      const flag = quoted.split(/[ =]/)[0]!;
      if (/does not take an argument/.test(error.message)) return `${flag} is a switch and takes no value: write ${flag} alone. ${help}`;
      if (/ambiguous/.test(error.message)) {
        return `${flag} needs a value, but the next word starts with a dash; write ${flag}=<value> if the value really starts with one. ${help}`;
      }
      return `${flag} needs a value, e.g. ${flag} <value>. ${help}`;
    }
    case 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL': {
      const before = argv[argv.indexOf(quoted) - 1];
      const name = before?.replace(/^--/, '');
      if (before?.startsWith('--') && name !== undefined && options[name]?.type === 'boolean') {
        return `${before} is a switch and takes no value: write ${before} alone, without '${quoted}'. ${help}`;
      }
      const looksLikeFlag = didYouMean(
        quoted,
        flags.map((f) => f.slice(2)),
        (n) => `--${n}`,
      );
      return `'${quoted}' is not a flag, and ${command ? `checkout-sandbox ${command}` : 'checkout-sandbox'} takes no other arguments.${looksLikeFlag} ${help}`;
    }
    default:
      return `${error.message.replace(/\.?$/, '.')} ${help}`;
  }
}
