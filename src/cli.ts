/**
 * Command line: `npm start -- <flags>` / `npx checkout-sandbox <flags>`.
 * `checkout-sandbox sign …` prints a SharedKey header (see src/cli-sign.ts).
 */
import { parseArgs } from 'node:util';
import { DEFAULT_HOST, DEFAULT_PORT, DEFAULT_STATE_FILE, type SandboxOptions, optionsFromEnv } from './config.js';
import { retirementState } from './domain/retirement.js';
import { ENVIRONMENTS, PLACEHOLDERS, SURFACES } from './hosts.js';
import { type Sandbox, createSandbox } from './sandbox.js';
import { runSign } from './cli-sign.js';
import { runVerify } from './cli-verify.js';

const HELP = `checkout-sandbox: a local emulation of the checkout and order administration service (UAT and PROD)

Usage:
  npm start -- [flags]            (or: npx checkout-sandbox [flags])
  npx checkout-sandbox sign --env uat --username U --key K --path P [--body FILE]
  npx checkout-sandbox verify --env uat --base-url URL --auth-url URL --client-id ID --client-secret S --store-id ID

Flags:
  --port <n>          main port (default ${DEFAULT_PORT}; env PORT)
  --host <addr>       listen address (default ${DEFAULT_HOST}; env HOST; 0.0.0.0 in Docker)
  --scenario <name|path>  scenario from scenarios/ or a YAML file (default: default; env SANDBOX_SCENARIO)
  --state <file>      state file (default ${DEFAULT_STATE_FILE}; env SANDBOX_STATE)
  --memory            keep state in memory only (nothing is written)
  --reset             reseed the state from the scenario, discarding what was saved
  --now <ISO-8601>    start the clock at this instant, ticking (env SANDBOX_NOW)
  --frozen            freeze the clock (at --now, or at the current time)
  --port-per-host     also listen on one port per real host (ports in fixtures/hosts.yaml)
  --log-level <lvl>   pino level: info (default), debug, warn, silent
  --admin-token <secret>  /__admin then needs 'Authorization: Bearer <secret>' (env SANDBOX_ADMIN_TOKEN);
                      required with a non-loopback --host
  --insecure-admin    serve /__admin on a non-loopback --host without a token
  --help              this text
`;

export type CliArgs = { help: true } | { help: false; options: SandboxOptions };

/** Flags → sandbox options (flags override environment variables). Throws on unknown flags. */
export function parseCliArgs(argv: string[], env: NodeJS.ProcessEnv = {}): CliArgs {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      scenario: { type: 'string' },
      state: { type: 'string' },
      memory: { type: 'boolean' },
      reset: { type: 'boolean' },
      now: { type: 'string' },
      frozen: { type: 'boolean' },
      'port-per-host': { type: 'boolean' },
      'log-level': { type: 'string' },
      'admin-token': { type: 'string' },
      'insecure-admin': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) return { help: true };
  const options: SandboxOptions = { statePath: DEFAULT_STATE_FILE, ...optionsFromEnv(env) };
  if (values.port !== undefined) options.port = Number(values.port);
  if (values.host !== undefined) options.host = values.host;
  if (values.scenario !== undefined) options.scenario = values.scenario;
  if (values.state !== undefined) options.statePath = values.state;
  if (values.memory) options.statePath = null;
  if (values.reset) options.reset = true;
  if (values.now !== undefined) options.now = values.now;
  if (values.frozen) options.frozen = true;
  if (values['port-per-host']) options.portPerHost = true;
  if (values['log-level'] !== undefined) options.logLevel = values['log-level'];
  if (values['admin-token'] !== undefined) options.adminToken = values['admin-token'];
  if (values['insecure-admin']) options.insecureAdmin = true;
  return { help: false, options };
}

export async function main(argv: string[]): Promise<number> {
  if (argv[0] === 'sign') return runSign(argv.slice(1));
  if (argv[0] === 'verify') return runVerify(argv.slice(1));

  let args: CliArgs;
  try {
    args = parseCliArgs(argv, process.env);
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n\n${HELP}`);
    return 2;
  }
  if (args.help) {
    process.stdout.write(HELP);
    return 0;
  }
  const options = args.options;

  let sandbox: Sandbox;
  try {
    sandbox = await createSandbox(options);
    await sandbox.listen();
  } catch (error) {
    process.stderr.write(`checkout-sandbox: ${(error as Error).message}\n`);
    return 1;
  }
  process.stdout.write(banner(sandbox));

  await new Promise<void>((resolve) => {
    const stop = (): void => resolve();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  await sandbox.close();
  return 0;
}

/** Says whether the retired host answers now, since a newcomer's first call may go there. */
function retiredLine(sandbox: Sandbox): string {
  const retirement = sandbox.services.settings.current().retirement;
  const state = retirementState(retirement, sandbox.clock.nowMs());
  if (state.open) return `open until ${retirement.shutdownAt} (sandbox time), announcing it in Deprecation/Sunset headers`;
  const how = retirement.afterShutdown === 'refuse' ? 'connections are closed unanswered' : 'it answers 410';
  return `shut since ${state.since} (${state.cause}): ${how}; rehearse the shutdown with --scenario shutdown-eve or --now`;
}

function banner(sandbox: Sandbox): string {
  const clock = sandbox.clock.state();
  const lines = [
    `checkout-sandbox ready on http://${sandbox.options.host}:${new URL(sandbox.baseUrl('uat', 'api')).port}`,
    `  scenario: ${sandbox.scenario()}   state: ${sandbox.stateFile ?? '(memory only)'}   pid: ${process.pid}`,
    `  clock:    ${clock.now}${clock.frozen ? ' (frozen)' : ' (ticking)'}`,
    `  retired:  ${retiredLine(sandbox)}`,
  ];
  for (const env of ENVIRONMENTS) {
    lines.push(`  ${env.toUpperCase()}`);
    for (const surface of SURFACES) {
      const dedicated = sandbox.dedicatedUrl(env, surface);
      lines.push(
        `    ${PLACEHOLDERS[surface].padEnd(22)}${sandbox.baseUrl(env, surface)}` +
          `${dedicated ? `  or ${dedicated}` : ''}   (${sandbox.hosts[env][surface].host})`,
      );
    }
  }
  lines.push('  admin:    GET /__admin/hosts, /__admin/clock, /__admin/scenarios (see README)', '');
  return lines.join('\n');
}
