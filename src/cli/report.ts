/**
 * `checkout-sandbox report --url http://127.0.0.1:4010 [--json] [--admin-token T]`: prints the
 * migration report of a running sandbox (GET /__admin/report). Exit 0 when it was printed,
 * 1 when the sandbox could not be asked, 2 on bad flags.
 */
import { parseFlags } from './args.js';
import { DEFAULT_HOST, DEFAULT_PORT } from '../config.js';

const USAGE = `Usage: npx checkout-sandbox report [--url http://${DEFAULT_HOST}:${DEFAULT_PORT}] [--json] [--admin-token TOKEN]
  Prints, per merchant and API client, the calls still on the retired host, on the legacy host and
  on the current API, tokens requested against API calls, and every authentication failure.
`;

export async function runReport(argv: string[]): Promise<number> {
  let values: { url?: string; json?: boolean; 'admin-token'?: string; help?: boolean };
  try {
    ({ values } = parseFlags(
      argv,
      { url: { type: 'string' }, json: { type: 'boolean' }, 'admin-token': { type: 'string' }, help: { type: 'boolean', short: 'h' } },
      'report',
    ));
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
    process.stderr.write(`report: no sandbox answered at ${base}${cause ? ` (${cause})` : ''}. Start one with \`npx checkout-sandbox\` or pass --url.\n`);
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
