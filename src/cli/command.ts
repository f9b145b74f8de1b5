/**
 * A command of the CLI described once: its flags as node:util's parseArgs takes them, plus what
 * a person reads about each. The parser (src/cli/args.ts), the usage line, the command's
 * --help, the top-level --help's list of commands, and the test that parses every command line
 * of the docs are all made from this one description, so they cannot disagree.
 */

export interface Flag {
  type: 'string' | 'boolean';
  short?: string;
  multiple?: boolean;
  /** The value parseArgs gives when the flag is absent. */
  default?: string;
  /** What the value is called in usage lines and the list of flags, e.g. '<n>', 'FILE', 'uat|prod'. */
  value?: string;
  /**
   * Whether the usage line shows it: 'required' as `--flag V`, 'optional' as `[--flag V]`;
   * otherwise only the list of flags names it (the usage line then ends in `[flags]`).
   */
  synopsis?: 'required' | 'optional';
  /** The flag's line in the list; a '\n' continues it on the next line, aligned. */
  help: string;
  /**
   * The environment variable that stands in for the flag when it is not given (a container
   * is configured by variables). The list of flags names it after the help text; the CLI
   * reads it through flagOrEnv (src/cli/flags.ts); a switch's variable takes 1/0, true/false, yes/no.
   */
  env?: string;
}

export type Flags = Readonly<Record<string, Flag>>;

export interface Command<F extends Flags = Flags> {
  /** The subcommand, e.g. 'sign'; null for the sandbox itself. */
  name: string | null;
  /** What it does, in a few words, for the top-level --help. */
  summary: string;
  /** What it takes besides flags, e.g. 'FILE|DIR…'; none: positional arguments are refused. */
  positionals?: string;
  /** A paragraph between the usage line and the flags. */
  about?: string;
  /** Lines after the flags: exit codes, what to run next. */
  epilogue?: string;
  flags: F;
}

/** A subcommand: its description and how it runs (src/cli/commands.ts loads it when asked for). */
export interface Subcommand {
  command: Command;
  /** Runs it on the arguments after its name; resolves with the exit code. */
  run(argv: string[]): number | Promise<number>;
}

/** Every command line begins so; `npx checkout-sandbox` where the package is installed, `npm start --` in a clone. */
export const PROGRAM = 'checkout-sandbox';

/** `--env uat|prod`, `[--key K]`, `[--upstream ENV.SURFACE=URL]…` */
function flagSynopsis(name: string, flag: Flag): string {
  const text = `--${name}${flag.type === 'string' ? ` ${flag.value ?? 'VALUE'}` : ''}`;
  if (flag.synopsis === 'required') return text;
  return `[${text}]${flag.multiple ? '…' : ''}`;
}

/** The usage line: `checkout-sandbox sign [--env uat|prod] --username U … [flags]`. */
export function usageLine(command: Command): string {
  const shown = Object.entries(command.flags).filter(([, flag]) => flag.synopsis !== undefined);
  const more = Object.entries(command.flags).some(([name, flag]) => flag.synopsis === undefined && name !== 'help');
  return [
    PROGRAM,
    ...(command.name ? [command.name] : []),
    ...(command.positionals ? [command.positionals] : []),
    ...shown.map(([name, flag]) => flagSynopsis(name, flag)),
    ...(more ? ['[flags]'] : []),
  ].join(' ');
}

const COLUMN = 26;

/** The list of flags: `  --port <n>  main port (…)`, continuation lines aligned under the text. */
export function flagList(flags: Flags): string {
  return Object.entries(flags)
    .map(([name, flag]) => {
      const head = `  --${name}${flag.type === 'string' ? ` ${flag.value ?? 'VALUE'}` : ''}`;
      const [first, ...rest] = `${flag.help}${envNote(flag)}`.split('\n');
      const lead = head.length + 2 <= COLUMN ? head.padEnd(COLUMN) : `${head}\n${' '.repeat(COLUMN)}`;
      return [`${lead}${first}`, ...rest.map((line) => `${' '.repeat(COLUMN)}${line}`)].join('\n');
    })
    .join('\n');
}

/** ' [env PORT]', ' [env SANDBOX_TLS=1]' for a switch; '' for a flag without a variable. */
function envNote(flag: Flag): string {
  if (flag.env === undefined) return '';
  return ` [env ${flag.env}${flag.type === 'boolean' ? '=1' : ''}]`;
}

/** A subcommand's --help: usage line, what it does, its flags, what follows. */
export function commandHelp(command: Command): string {
  return [
    `Usage: ${usageLine(command)}`,
    '',
    ...(command.about ? [command.about, ''] : []),
    flagList(command.flags),
    ...(command.epilogue ? ['', command.epilogue] : []),
    '',
  ].join('\n');
}

/** The help flag every command takes. */
export const HELP_FLAG = { type: 'boolean', short: 'h', help: 'this text' } as const satisfies Flag;
