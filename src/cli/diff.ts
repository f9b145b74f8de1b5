/**
 * `checkout-sandbox diff FILE|DIR… [--scenario NAME] [--map KIND:REAL=SANDBOX]… [--rules FILE]
 *  [--baseline FILE] [--write-baseline FILE] [--format text|json|junit] [--out FILE]`
 *
 * Replays a recording (src/fidelity/) against a fresh in-process world and reports where the
 * sandbox answers otherwise than the real service did. Exit 0: nothing diverges outside the
 * baseline; 1: something does; 2: a usage error (flags, an unreadable recording, rules or
 * baseline, a store or client without a mapping).
 */
import { writeFileSync } from 'node:fs';
import { parseFlags } from './args.js';
import { type Command, type Flag, HELP_FLAG, PROGRAM, type Subcommand, commandHelp } from './command.js';
import { monotonicMs } from '../clock.js';
import { BaselineError, applyBaseline, readBaseline, writeBaseline } from '../fidelity/baseline.js';
import { MappingError, diffExchanges } from '../fidelity/diff.js';
import { type MapSpec, parseMap } from '../fidelity/mapping.js';
import { RecordingError, readRecordings } from '../fidelity/recording.js';
import { FORMATS, type ReportFormat, render } from '../fidelity/render.js';
import { type Rules, loadRules } from '../fidelity/rules.js';
import { ScenarioError } from '../store/scenario.js';

const DIFF_COMMAND = {
  name: 'diff',
  summary: 'replay a recording and report where the sandbox answers otherwise',
  positionals: 'FILE|DIR…',
  about:
    `Replays recorded exchanges (${PROGRAM} record) in order against a fresh sandbox world and\n` +
    'compares each answer with the recorded one: status, error codes, the headers clients act on, and\n' +
    'the JSON both ways by pointer. Generated values (ids, tokens, times) are compared by format only.\n' +
    '  FILE|DIR                recording files (*.jsonl), or directories of them (read in name order)',
  epilogue: 'Exit: 0 nothing diverges outside the baseline, 1 something does, 2 usage error.',
  flags: {
    scenario: { type: 'string', default: 'default', value: 'NAME', help: 'the world to replay against (default: default)' },
    map: {
      type: 'string',
      multiple: true,
      value: 'KIND:REAL=SANDBOX',
      synopsis: 'optional',
      help: "store:REAL=SANDBOX or client:REAL=SANDBOX, for a recording made with your own\nstore or API client (default: the same id, or the scenario's only one)",
    },
    rules: {
      type: 'string',
      value: 'FILE',
      help: 'JSON or YAML: [{pointer|header, action: ignore|format-only, endpoint?}] (docs/fidelity.md)',
    },
    baseline: { type: 'string', value: 'FILE', help: 'fail only on divergences this file does not accept' },
    'write-baseline': { type: 'string', value: 'FILE', help: 'write the current divergences to FILE as accepted (add a reason to each)' },
    format: { type: 'string', default: 'text', value: FORMATS.join('|'), synopsis: 'optional', help: 'text (default), json or junit' },
    out: { type: 'string', value: 'FILE', help: 'write the report to FILE instead of stdout' },
    help: HELP_FLAG,
  },
} as const satisfies Command<Record<string, Flag>>;

const USAGE = commandHelp(DIFF_COMMAND);

export const DIFF: Subcommand = { command: DIFF_COMMAND, run: (argv) => runDiff(argv) };

interface DiffIo {
  out: (text: string) => void;
  err: (text: string) => void;
}

const defaultIo: DiffIo = { out: (text) => process.stdout.write(text), err: (text) => process.stderr.write(text) };

interface DiffArgs {
  paths: string[];
  scenario: string;
  maps: MapSpec[];
  rules: Rules | undefined;
  baseline: string | undefined;
  writeBaseline: string | undefined;
  format: ReportFormat;
  out: string | undefined;
}

async function runDiff(argv: string[], io: DiffIo = defaultIo): Promise<number> {
  let args: DiffArgs | 'help';
  try {
    args = parse(argv);
  } catch (error) {
    io.err(`diff: ${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (args === 'help') {
    io.out(USAGE);
    return 0;
  }
  const started = monotonicMs();
  let report;
  try {
    const exchanges = readRecordings(args.paths);
    report = await diffExchanges(exchanges, { scenario: args.scenario, maps: args.maps, ...(args.rules ? { rules: args.rules } : {}) });
    if (args.baseline) report = applyBaseline(report, readBaseline(args.baseline));
  } catch (error) {
    if (
      error instanceof RecordingError ||
      error instanceof MappingError ||
      error instanceof BaselineError ||
      error instanceof ScenarioError
    ) {
      io.err(`diff: ${error.message}\n`);
      return 2;
    }
    throw error;
  }
  const seconds = ((monotonicMs() - started) / 1000).toFixed(2);
  if (args.writeBaseline) {
    const count = writeBaseline(args.writeBaseline, report, args.baseline ? readBaseline(args.baseline) : undefined);
    io.err(`diff: wrote ${count} accepted divergence${count === 1 ? '' : 's'} to ${args.writeBaseline}; give each a reason\n`);
  }
  const rendered = render(report, args.format);
  if (args.out) {
    writeFileSync(args.out, rendered);
    io.err(
      `diff: ${report.exchanges} exchanges, ${report.replayed} replayed, ${report.divergences.length} divergences in ${seconds} s; report in ${args.out}\n`,
    );
  } else {
    io.out(rendered);
  }
  return report.divergences.length > 0 && !args.writeBaseline ? 1 : 0;
}

function parse(argv: string[]): DiffArgs | 'help' {
  const { values, positionals } = parseFlags(argv, DIFF_COMMAND);
  if (values.help) return 'help';
  if (positionals.length === 0) throw new Error('name at least one recording file or directory');
  if (!(FORMATS as readonly string[]).includes(values.format))
    throw new Error(`--format must be one of ${FORMATS.join(', ')}, not '${values.format}'`);
  const rules: Rules | undefined = values.rules === undefined ? undefined : loadRules(values.rules);
  return {
    paths: positionals,
    scenario: values.scenario,
    maps: (values.map ?? []).map(parseMap),
    rules,
    baseline: values.baseline,
    writeBaseline: values['write-baseline'],
    format: values.format as ReportFormat,
    out: values.out,
  };
}
