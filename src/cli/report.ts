/**
 * `checkout-sandbox report --url http://127.0.0.1:4010 [--json] [--admin-token T]`: prints the
 * migration report of a running sandbox (GET /__admin/report). Exit 0 when it was printed,
 * 1 when the sandbox could not be asked, 2 on bad flags.
 */
import { parseFlags } from './args.js';
import { type Command, type Flag, HELP_FLAG, PROGRAM, type Subcommand, commandHelp } from './command.js';
import { DEFAULT_HOST, DEFAULT_PORT } from '../config.js';

export const REPORT_COMMAND = {
  name: 'report',
  summary: 'the migration report of a running sandbox',
  about:
    'Prints, per merchant and API client, the calls still on the retired host, on the legacy host and\n' +
    'on the current API, tokens requested against API calls, and every authentication failure.',
  flags: {
    url: { type: 'string', value: 'URL', synopsis: 'optional', help: `the sandbox (default http://${DEFAULT_HOST}:${DEFAULT_PORT}; env SANDBOX_URL)` },
    json: { type: 'boolean', synopsis: 'optional', help: 'the report as JSON' },
    'admin-token': { type: 'string', value: 'TOKEN', synopsis: 'optional', help: "the sandbox's admin token, if it has one (env SANDBOX_ADMIN_TOKEN)" },
    help: HELP_FLAG,
  },
} as const satisfies Command<Record<string, Flag>>;

const USAGE = commandHelp(REPORT_COMMAND);

export const REPORT: Subcommand = { command: REPORT_COMMAND, run: runReport };

export async function runReport(argv: string[]): Promise<number> {
  let values: { url?: string; json?: boolean; 'admin-token'?: string; help?: boolean };
  try {
    ({ values } = parseFlags(argv, REPORT_COMMAND));
  } catch (error) {
    process.stderr.write(`report: ${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    process.stdout.write(USAGE);
    return 0;
  }
  const base = (values.url ?? process.env.SANDBOX_URL ?? `http://${DEFAULT_HOST}:${DEFAULT_PORT}`).replace(/\/+$/, '');
  const token = values['admin-token'] ?? process.env.SANDBOX_ADMIN_TOKEN;
  const target = `${base}/__admin/report${values.json ? '' : '?format=text'}`;
  let response: Response;
  try {
    response = await fetch(target, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    process.stderr.write(`report: no sandbox answered at ${base}${cause ? ` (${cause})` : ''}. Start one (${PROGRAM}, or npm start in a clone) or pass --url.\n`);
    return 1;
  }
  const text = await response.text();
  if (!response.ok) {
    process.stderr.write(`report: ${target} answered ${response.status}: ${text}\n`);
    return 1;
  }
  process.stdout.write(values.json ? `${JSON.stringify(JSON.parse(text), null, 2)}\n` : text);
  return 0;
}
