/**
 * `checkout-sandbox sign --username U --path P [--key K] [--body FILE]` prints the
 * SharedKey Authorization header for a request, computed by the same module the sandbox
 * verifies with, so a developer can compare it with what their own signer produces.
 * Without --key, the key is looked up in the scenario (default: the default scenario).
 */
import { readFileSync } from 'node:fs';
import { parseFlags } from './args.js';
import { type Command, type Flag, HELP_FLAG, type Subcommand, commandHelp } from './command.js';
import { sharedKeyHeaderValue, sharedKeyHex } from '../domain/sharedkey-signature.js';
import { isEnvName } from '../hosts.js';
import { loadScenario } from '../store/scenario.js';

const SIGN_COMMAND = {
  name: 'sign',
  summary: 'prints the SharedKey Authorization header of a request',
  about: 'Prints the header "Authorization: SharedKey base64(U:sha256hex(body + path + key))".',
  flags: {
    env: { type: 'string', default: 'uat', value: 'uat|prod', synopsis: 'optional', help: 'the environment (default uat)' },
    username: { type: 'string', value: 'U', synopsis: 'required', help: 'the SharedKey username' },
    key: { type: 'string', value: 'K', synopsis: 'optional', help: 'the shared key; omitted: looked up by username in --scenario' },
    path: {
      type: 'string',
      value: 'P',
      synopsis: 'required',
      help: 'the path as sent, without scheme, host or the local /{env}/{surface} prefix,\ne.g. /checkout or /merchants/1234/checkouts/<privateId>/cart (add ?query if you send one)',
    },
    body: {
      type: 'string',
      value: 'FILE',
      synopsis: 'optional',
      help: 'a file holding the exact body bytes sent (omit for GET: the body is "")',
    },
    scenario: { type: 'string', default: 'default', value: 'NAME', help: 'where --key is looked up (default: default)' },
    help: HELP_FLAG,
  },
} as const satisfies Command<Record<string, Flag>>;

const USAGE = commandHelp(SIGN_COMMAND);

export const SIGN: Subcommand = { command: SIGN_COMMAND, run: runSign };

async function runSign(argv: string[]): Promise<number> {
  let values;
  try {
    ({ values } = parseFlags(argv, SIGN_COMMAND));
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
    if (key === undefined)
      return fail(`no --key given and no ${env.toUpperCase()} username '${values.username}' in scenario '${values.scenario}'`);
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
