/**
 * `checkout-sandbox report --url http://127.0.0.1:4010 [--json] [--admin-token T]`: prints the
 * migration report of a running sandbox (GET /__admin/report). With --readiness: the go-live
 * readiness items per integration, as text or JUnit XML, and an exit code a CI job can gate on.
 */
import { parseFlags } from './args.js';
import { type Command, type Flag, HELP_FLAG, type Subcommand, commandHelp } from './command.js';
import type { MigrationReport } from '../journal/report.js';
import { readinessJunit, readinessText } from './readiness-format.js';
import { ADMIN_TOKEN_FLAG, SANDBOX_URL_FLAG, SandboxUnreachable, UNREACHABLE_EXIT, sandboxClient } from './sandbox-client.js';

const REPORT_COMMAND = {
  name: 'report',
  summary: 'the migration report, or go-live readiness, of a running sandbox',
  about:
    'Prints, per merchant and API client, the calls still on the retired host, on the legacy host and\n' +
    'on the current API, tokens requested against API calls, and every authentication failure.\n' +
    "With --readiness: each integration's go-live readiness items (docs/go-live-readiness.md).",
  flags: {
    url: SANDBOX_URL_FLAG,
    json: { type: 'boolean', synopsis: 'optional', help: 'the report as JSON' },
    readiness: { type: 'boolean', synopsis: 'optional', help: 'the go-live readiness items per integration; exit 1 when one is not met' },
    strict: { type: 'boolean', help: 'with --readiness: exit 1 also when an item is not seen' },
    principal: {
      type: 'string',
      value: 'ID',
      multiple: true,
      help: "with --readiness: only this integration (API client id or SharedKey username); once for each of the shop's own",
    },
    format: { type: 'string', value: 'text|junit', help: 'with --readiness: text (default) or junit (JUnit XML on stdout, for CI)' },
    'admin-token': ADMIN_TOKEN_FLAG,
    help: HELP_FLAG,
  },
  epilogue:
    'Exit codes: 0 printed (with --readiness: no item not met); 1 with --readiness: an item not met\n' +
    '(--strict: or not seen), or an integration --principal names has not called; 2 bad flags; 3 the\n' +
    'sandbox could not be asked (nothing answered at the URL, or its admin API refused the call).',
} as const satisfies Command<Record<string, Flag>>;

const USAGE = commandHelp(REPORT_COMMAND);

export const REPORT: Subcommand = { command: REPORT_COMMAND, run: runReport };

interface ReportFlags {
  url?: string;
  json?: boolean;
  readiness?: boolean;
  strict?: boolean;
  principal?: string[];
  format?: string;
  'admin-token'?: string;
  help?: boolean;
}

async function runReport(argv: string[]): Promise<number> {
  let values: ReportFlags;
  try {
    ({ values } = parseFlags(argv, REPORT_COMMAND));
    const problem = flagProblem(values);
    if (problem) throw new Error(problem);
  } catch (error) {
    process.stderr.write(`report: ${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    process.stdout.write(USAGE);
    return 0;
  }
  const sandbox = sandboxClient(values);
  const asText = !values.json && !values.readiness;
  const path = `/__admin/report${asText ? '?format=text' : ''}`;
  const target = `${sandbox.base}${path}`;
  let response: Response;
  try {
    response = await sandbox.ask(path);
  } catch (error) {
    if (!(error instanceof SandboxUnreachable)) throw error;
    process.stderr.write(`report: ${error.message}\n`);
    return UNREACHABLE_EXIT;
  }
  const text = await response.text();
  if (!response.ok) {
    process.stderr.write(`report: ${target} answered ${response.status}: ${text}\n`);
    return UNREACHABLE_EXIT;
  }
  if (values.readiness) return printReadiness(JSON.parse(text) as MigrationReport, values, `${sandbox.base}/__admin/requests`);
  process.stdout.write(values.json ? `${JSON.stringify(JSON.parse(text), null, 2)}\n` : text);
  return 0;
}

function flagProblem(values: ReportFlags): string | null {
  if (!values.readiness) {
    const only = (['strict', 'principal', 'format'] as const).find((name) => values[name] !== undefined);
    if (only) return `--${only} goes with --readiness.`;
    return null;
  }
  if (values.format !== undefined && values.format !== 'text' && values.format !== 'junit')
    return `--format: '${values.format}' is not known; use text or junit.`;
  if (values.json && values.format !== undefined) return '--json and --format: choose one (--json prints the whole report as JSON).';
  return null;
}

function printReadiness(report: MigrationReport, values: ReportFlags, journalUrl: string): number {
  const wanted = values.principal?.map((name) => name.toLowerCase());
  const principals = wanted === undefined ? report.principals : report.principals.filter((p) => wanted.includes(p.principal.toLowerCase()));
  if (values.json) process.stdout.write(`${JSON.stringify({ ...report, principals }, null, 2)}\n`);
  else
    process.stdout.write(
      values.format === 'junit' ? readinessJunit(report, principals, journalUrl) : readinessText(report, principals, journalUrl),
    );
  const missing = (values.principal ?? []).filter((name) => !principals.some((p) => p.principal.toLowerCase() === name.toLowerCase()));
  if (missing.length > 0) {
    process.stderr.write(
      `report: no integration ${missing.join(', ')} in the report yet (known: ${report.principals.map((p) => p.principal).join(', ') || 'none'}).\n`,
    );
    return 1;
  }
  const failing = principals
    .flatMap((p) => p.readiness)
    .filter((item) => item.status === 'not-met' || (values.strict === true && item.status === 'not-seen'));
  return failing.length > 0 ? 1 : 0;
}
