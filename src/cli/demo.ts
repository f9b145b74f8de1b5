/**
 * `checkout-sandbox demo [--url URL] [--pause <ms>]`: plays the migration demo on a running
 * sandbox (POST /__admin/demo/migration) and prints each step as the sandbox plays it, with the
 * readiness items it changed. It follows the run by reading GET /__admin/demo/migration every
 * moment rather than the event stream: each answer holds every step done so far and whether the
 * run has ended, so a step cannot be missed between two reads, nothing has to be parsed out of a
 * stream, and a proxy that holds an event stream back does not hold the demo back.
 */
import type { DemoRunAnswer } from '../admin/answers/demo.js';
import { DEFAULT_PAUSE_MS, MAX_PAUSE_MS } from '../admin/demo-pace.js';
import { parseFlags } from './args.js';
import { type Command, type Flag, HELP_FLAG, type Subcommand, commandHelp } from './command.js';
import { wholeNumberValue } from './flags.js';
import {
  ADMIN_TOKEN_FLAG,
  SANDBOX_URL_FLAG,
  SandboxUnreachable,
  UNREACHABLE_EXIT,
  sandboxClient,
  type SandboxClient,
} from './sandbox-client.js';

const DEMO_COMMAND = {
  name: 'demo',
  summary: 'play the migration demo on a running sandbox, step by step',
  about:
    'A demo shop (a merchant of its own in UAT) creates a checkout on the retired host, moves to the\n' +
    'legacy host, the clock crosses the shutdown and the retired host starts refusing, then the shop\n' +
    'moves to the current API. Prints each step as the sandbox plays it, with the go-live readiness\n' +
    "items it changed; the sandbox's dashboard (/__admin/ui) shows the same run as it happens.",
  flags: {
    url: SANDBOX_URL_FLAG,
    pause: {
      type: 'string',
      value: '<ms>',
      synopsis: 'optional',
      help: `real milliseconds between steps, 0 to ${MAX_PAUSE_MS} (default ${DEFAULT_PAUSE_MS}; 0 plays it at once)`,
    },
    'admin-token': ADMIN_TOKEN_FLAG,
    help: HELP_FLAG,
  },
  epilogue:
    'Exit codes: 0 the demo finished; 1 it stopped at a step, or the sandbox would not start it (the\n' +
    'reason is printed); 2 bad flags; 3 the sandbox could not be asked (nothing answered at the URL,\n' +
    'or its admin API refused the call).',
} as const satisfies Command<Record<string, Flag>>;

const USAGE = commandHelp(DEMO_COMMAND);

export const DEMO: Subcommand = { command: DEMO_COMMAND, run: runDemo };

const PATH = '/__admin/demo/migration';

/** How often the run is read: often enough that a step shows the moment it lands at the default pace. */
const POLL_MS = 200;

/** A run that shows no new step for this long (beyond its own pauses) has stalled; the longest step waits a few seconds of real time. */
const STALL_MS = 30_000;

type Step = DemoRunAnswer['steps'][number];

/** The run could not be followed; the message says why, the code is the exit code. */
class Stopped extends Error {
  constructor(
    message: string,
    readonly code: number,
  ) {
    super(message);
  }
}

async function runDemo(argv: string[]): Promise<number> {
  let values: { url?: string; pause?: string; 'admin-token'?: string; help?: boolean };
  let pauseMs: number | undefined;
  try {
    ({ values } = parseFlags(argv, DEMO_COMMAND));
    if (values.pause !== undefined) pauseMs = wholeNumberValue('--pause', values.pause, 0, MAX_PAUSE_MS, '0');
  } catch (error) {
    process.stderr.write(`demo: ${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    process.stdout.write(USAGE);
    return 0;
  }
  const sandbox = sandboxClient(values);
  try {
    const started = await start(sandbox, pauseMs);
    process.stdout.write(
      `Migration demo on ${sandbox.base}: ${started.of} steps, ${started.pauseMs ?? DEFAULT_PAUSE_MS} ms apart; ` +
        `the dashboard shows it too (${sandbox.base}/__admin/ui).\n`,
    );
    const run = await follow(sandbox, started, (step) => process.stdout.write(stepLines(step, started.merchant)));
    if (run.state === 'finished') {
      process.stdout.write(
        `Finished: ${run.steps.length} of ${run.of} steps, sandbox time ${run.finishedAt ?? '?'}. The clock is left frozen just after ` +
          `the shutdown; curl -X DELETE ${sandbox.base}/__admin/clock (or the dashboard's Back to real time) returns to real time.\n`,
      );
      return 0;
    }
    process.stdout.write(`Stopped at step ${run.steps.length + 1} of ${run.of}: ${run.error ?? 'no reason given'}\n`);
    return 1;
  } catch (error) {
    if (error instanceof SandboxUnreachable) {
      process.stderr.write(`demo: ${error.message}\n`);
      return UNREACHABLE_EXIT;
    }
    if (error instanceof Stopped) {
      process.stderr.write(`demo: ${error.message}\n`);
      return error.code;
    }
    throw error;
  }
}

/** Starts a run; when one is already playing (another terminal, the dashboard), follows that one. */
async function start(sandbox: SandboxClient, pauseMs: number | undefined): Promise<DemoRunAnswer> {
  const response = await sandbox.ask(PATH, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(pauseMs === undefined ? {} : { pauseMs }),
  });
  if (response.status === 202) return (await response.json()) as DemoRunAnswer;
  const refusal = await refusalOf(sandbox, response);
  if (response.status === 409) {
    const current = await read(sandbox);
    if (current.state === 'running') {
      process.stdout.write(`The migration demo is already playing on ${sandbox.base}; following it.\n`);
      return current;
    }
  }
  throw new Stopped(refusal, response.status === 401 || response.status === 403 ? UNREACHABLE_EXIT : 1);
}

async function read(sandbox: SandboxClient): Promise<DemoRunAnswer> {
  const response = await sandbox.ask(PATH);
  if (!response.ok) throw new Stopped(await refusalOf(sandbox, response), UNREACHABLE_EXIT);
  return (await response.json()) as DemoRunAnswer;
}

/** "POST …/demo/migration answered 409: <the sandbox's message>" */
async function refusalOf(sandbox: SandboxClient, response: Response): Promise<string> {
  const text = await response.text();
  let message = text;
  try {
    const parsed = JSON.parse(text) as { error?: { message?: unknown } };
    if (typeof parsed.error?.message === 'string') message = parsed.error.message;
  } catch {
    // not JSON: the text as it came
  }
  return `${sandbox.base}${PATH} answered ${response.status}: ${message}`;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Tells each step once, in order, until the run has ended; resolves with the run as it ended. */
async function follow(sandbox: SandboxClient, first: DemoRunAnswer, told: (step: Step) => void): Promise<DemoRunAnswer> {
  let run = first;
  let shown = 0;
  const stallPolls = Math.ceil((STALL_MS + 2 * (first.pauseMs ?? DEFAULT_PAUSE_MS)) / POLL_MS);
  for (let quiet = 0; ; quiet++) {
    if (run.steps.length < shown) throw new Stopped('another run of the demo replaced this one (started on the dashboard?)', 1);
    if (run.steps.length > shown) quiet = 0;
    for (const step of run.steps.slice(shown)) told(step);
    shown = run.steps.length;
    if (run.state !== 'running') return run;
    if (quiet > stallPolls) throw new Stopped(`no step in ${STALL_MS / 1000} s after step ${shown} of ${run.of}: the demo has stalled`, 1);
    await sleep(POLL_MS);
    run = await read(sandbox);
  }
}

/** A step: its title, what was sent and answered, the readiness items it changed. */
function stepLines(step: Step, merchant: DemoRunAnswer['merchant']): string {
  const who = (principal: string): string =>
    principal === merchant.sharedKeyUsername ? `SharedKey user ${principal}` : `API client ${principal}`;
  const word = (status: string): string => status.replace('-', ' ');
  const lines = [`${String(step.step).padStart(2)}. ${step.title}`, `    ${step.detail}`];
  for (const change of step.readiness)
    lines.push(`    readiness: ${who(change.principal)}: ${change.item} ${change.from ? `${word(change.from)} → ` : ''}${word(change.to)}`);
  return `${lines.join('\n')}\n`;
}
