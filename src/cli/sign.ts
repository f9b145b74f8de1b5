/**
 * `checkout-sandbox sign --env uat --username U --key K --path P [--body FILE]` prints the
 * SharedKey Authorization header for a request, computed by the same module the sandbox
 * verifies with, so a developer can compare it with what their own signer produces.
 * Without --key, the key is looked up in the scenario (default: the default scenario).
 */
import { readFileSync } from 'node:fs';
import { parseFlags } from './args.js';
import { sharedKeyHeaderValue, sharedKeyHex } from '../domain/sharedkey-signature.js';
import { isEnvName } from '../hosts.js';
import { loadScenario } from '../store/scenario.js';

const USAGE = `Usage: checkout-sandbox sign --env uat|prod --username U [--key K] --path P [--body FILE]

Prints the header "Authorization: SharedKey base64(U:sha256hex(body + path + key))".
  --path      the path as sent, without scheme, host or the local /{env}/{surface} prefix,
              e.g. /checkout or /merchants/1234/checkouts/<privateId>/cart (add ?query if you send one)
  --body      a file holding the exact body bytes sent (omit for GET: the body is "")
  --key       the shared key; omitted: looked up by username in --scenario (default: default)
`;

export async function runSign(argv: string[]): Promise<number> {
  let values;
  try {
    ({ values } = parseFlags(
      argv,
      {
        env: { type: 'string', default: 'uat' },
        username: { type: 'string' },
        key: { type: 'string' },
        path: { type: 'string' },
        body: { type: 'string' },
        scenario: { type: 'string', default: 'default' },
        help: { type: 'boolean', short: 'h' },
      },
      'sign',
    ));
  } catch (error) {
    process.stderr.write(`sign: ${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    process.stdout.write(USAGE);
    return 0;
  }
  const env = values.env.toLowerCase();
  if (!isEnvName(env)) return fail(`--env must be uat or prod, not '${values.env}'`);
  if (!values.username) return fail('--username is required');
  if (!values.path || !values.path.startsWith('/')) return fail('--path is required and starts with "/", e.g. --path /checkout');
  if (/^\/(uat|prod)\/(api|legacy|retired)(\/|$)/i.test(values.path)) {
    process.stderr.write(`sign: note: ${values.path} starts with a local sandbox prefix; clients hash the real path without it.\n`);
  }

  let key = values.key;
  if (key === undefined) {
    try {
      const merchant = loadScenario(values.scenario).environments[env].merchants.find((m) => m.sharedKey.username === values.username);
      key = merchant?.sharedKey.key;
    } catch (error) {
      return fail((error as Error).message);
    }
    if (key === undefined) return fail(`no --key given and no ${env.toUpperCase()} username '${values.username}' in scenario '${values.scenario}'`);
  }

  let body: Uint8Array = new Uint8Array();
  if (values.body !== undefined) {
    try {
      body = readFileSync(values.body);
    } catch (error) {
      return fail(`cannot read --body ${values.body}: ${(error as Error).message}`);
    }
  }

  process.stdout.write(`Authorization: ${sharedKeyHeaderValue(values.username, key, values.path, body)}\n`);
  process.stderr.write(
    `hashed: ${body.byteLength} body bytes + path '${values.path}' + the ${env.toUpperCase()} shared key; ` +
      `sha256 hex = ${sharedKeyHex(body, values.path, key)}\n`,
  );
  return 0;
}

function fail(message: string): number {
  process.stderr.write(`sign: ${message}\n\n${USAGE}`);
  return 2;
}
