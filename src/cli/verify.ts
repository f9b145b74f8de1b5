/**
 * `checkout-sandbox verify --env uat --base-url … --auth-url … --client-id … --client-secret … --store-id …`
 * runs the post-migration check (src/cli/verify/steps.ts) against the sandbox or a real host and
 * prints each step. Exit 0: every step passed; 1: a step failed (its response is printed);
 * 2: bad arguments; 3: every step it could run passed, but some need a customer.
 */
import { parseFlags } from './args.js';
import { type Command, type Flag, HELP_FLAG, type Subcommand, commandHelp } from './command.js';
import { TENANTS } from '../identity/tenants.js';
import { describeExchange, type Fetch } from './verify/exchange.js';
import { type StepResult, type VerifyTarget, verify } from './verify/steps.js';

const SCOPES: Record<string, string> = { uat: TENANTS.uat.scope, prod: TENANTS.prod.scope };

const VERIFY_COMMAND = {
  name: 'verify',
  summary: 'the post-migration check against the sandbox or a real host',
  about: "Initializes a checkout and exercises order administration (the specification's post-migration check).",
  epilogue: 'Exit: 0 all passed, 1 a step failed, 2 bad arguments, 3 passed so far but steps need a customer.',
  flags: {
    env: { type: 'string', default: 'uat', value: 'uat|prod', synopsis: 'optional', help: 'the environment (default uat)' },
    'base-url': {
      type: 'string',
      value: 'URL',
      synopsis: 'required',
      help: 'the current API, e.g. http://127.0.0.1:4010/uat/api or the real UAT host',
    },
    'auth-url': {
      type: 'string',
      value: 'URL',
      synopsis: 'required',
      help: 'the token endpoint, or the base it hangs under (…/oauth2/v2.0/token is appended)',
    },
    'client-id': { type: 'string', value: 'ID', synopsis: 'required', help: 'the API client' },
    'client-secret': { type: 'string', value: 'SECRET', synopsis: 'required', help: "the API client's secret" },
    'store-id': { type: 'string', value: 'ID', synopsis: 'required', help: 'the store the checkout is for' },
    scope: { type: 'string', value: 'S', help: `default: the environment's resource (UAT ${SCOPES.uat})` },
    country: { type: 'string', default: 'SE', value: 'CC', help: "the checkout's country (default SE)" },
    'admin-url': {
      type: 'string',
      value: 'URL',
      help: "the sandbox's control plane (default: the base URL's origin, if /__admin/health answers)",
    },
    'no-admin': { type: 'boolean', help: 'treat the target as a real host even if it is a sandbox' },
    'order-id': {
      type: 'string',
      value: 'ID',
      help: 'on a real host: an order from a purchase you completed, to run order administration on',
    },
    help: HELP_FLAG,
  },
} as const satisfies Command<Record<string, Flag>>;

const USAGE = commandHelp(VERIFY_COMMAND);

export const VERIFY: Subcommand = { command: VERIFY_COMMAND, run: (argv) => runVerify(argv) };

export interface VerifyIo {
  out: (text: string) => void;
  err: (text: string) => void;
  fetch: Fetch;
}

const defaultIo: VerifyIo = {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
  fetch: (input, init) => fetch(input, init),
};

export async function runVerify(argv: string[], io: VerifyIo = defaultIo): Promise<number> {
  let target: VerifyTarget;
  try {
    const parsed = targetFrom(argv);
    if (parsed === 'help') {
      io.out(USAGE);
      return 0;
    }
    target = parsed;
  } catch (error) {
    io.err(`verify: ${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }

  io.out(
    `verify: ${target.env.toUpperCase()} at ${target.baseUrl} (token: ${target.tokenUrl}, client ${target.clientId}, store ${target.storeId})\n`,
  );
  let number = 0;
  const report = await verify(target, io.fetch, (step) => io.out(line(++number, step)));
  const passed = report.steps.filter((s) => s.state === 'pass').length;
  const total = report.steps.length;
  if (report.outcome === 'passed') {
    io.out(`PASSED: ${passed} of ${total} steps${report.sandbox ? ` (the purchase through the sandbox at ${report.sandbox})` : ''}.\n`);
    return 0;
  }
  if (report.outcome === 'failed') {
    io.out(`FAILED: ${passed} of ${total} steps passed; the failed step's response is above.\n`);
    return 1;
  }
  const waiting = report.steps.filter((s) => s.state === 'skip').map((s) => s.name);
  io.out(`INCOMPLETE: ${passed} of ${total} steps passed; these need a customer: ${waiting.join(', ')}.\n`);
  return 3;
}

function line(number: number, step: StepResult): string {
  const mark = { pass: 'PASS', fail: 'FAIL', skip: 'SKIP', 'not-run': '----' }[step.state];
  const head = `  ${mark}  ${number}. ${step.name}: ${step.detail}\n`;
  if (!step.exchange) return head;
  return (
    head +
    describeExchange(step.exchange)
      .split('\n')
      .map((l) => `        ${l}\n`)
      .join('')
  );
}

function targetFrom(argv: string[]): VerifyTarget | 'help' {
  const { values } = parseFlags(argv, VERIFY_COMMAND);
  if (values.help) return 'help';
  const env = values.env.toLowerCase();
  const missing = ['base-url', 'auth-url', 'client-id', 'client-secret', 'store-id'].filter((name) => !values[name as keyof typeof values]);
  if (missing.length) throw new Error(`missing ${missing.map((m) => `--${m}`).join(', ')}`);
  const scope = values.scope ?? SCOPES[env];
  if (!scope) throw new Error(`no default scope for --env ${values.env}; pass --scope`);
  if (values['no-admin'] && values['admin-url']) throw new Error('--admin-url and --no-admin exclude each other');
  const baseUrl = url(values['base-url'] as string, '--base-url');
  const authUrl = url(values['auth-url'] as string, '--auth-url').replace(/\/+$/, '');
  return {
    env,
    baseUrl,
    tokenUrl: /\/token$/i.test(authUrl) ? authUrl : `${authUrl}/oauth2/v2.0/token`,
    clientId: values['client-id'] as string,
    clientSecret: values['client-secret'] as string,
    storeId: values['store-id'] as string,
    scope,
    countryCode: values.country.toUpperCase(),
    adminUrl: values['no-admin'] ? null : values['admin-url'] ? url(values['admin-url'], '--admin-url') : new URL(baseUrl).origin,
    orderId: values['order-id'] ?? null,
  };
}

function url(value: string, flag: string): string {
  try {
    const parsed = new URL(value);
    if (parsed.protocol === 'http:' || parsed.protocol === 'https:') return value;
  } catch {
    // reported below
  }
  throw new Error(`${flag} '${value}' is not an absolute http(s) URL`);
}
