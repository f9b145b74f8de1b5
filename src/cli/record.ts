/**
 * `checkout-sandbox record --out DIR [--upstream ENV.SURFACE=URL]… [--compare] [listen flags]`
 * forwards an integration's traffic to the real service (or any upstream) and appends every
 * exchange, redacted, to a recording under DIR (src/fidelity/recorder.ts). It listens as the
 * sandbox does, so the integration's base URLs are the ones it uses against the sandbox.
 * Exit 0 after SIGINT/SIGTERM, 1 when it cannot start, 2 on bad flags.
 */
import { parseFlags } from './args.js';
import { adminTokenLines, withAdminToken } from './admin-access.js';
import { type Command, type Flag, PROGRAM, type Subcommand, commandHelp } from './command.js';
import { ENVIRONMENTS, SURFACE_RECORDS, SURFACES } from '../hosts.js';
import { type MapSpec, parseMap } from '../fidelity/mapping.js';
import { DEFAULT_UPSTREAM_TIMEOUT_MS, type Recorder, type RecorderOptions, parseUpstream, startRecorder } from '../fidelity/recorder.js';
import { type Rules, loadRules } from '../fidelity/rules.js';
import { FlagError } from './flags.js';
import { LISTEN_FLAGS, SERVING_FLAGS, listenOptions } from './listen.js';

const RECORD_COMMAND = {
  name: 'record',
  summary: 'forward to the real service and record every exchange, redacted',
  about:
    'Forwards every request on an emulated surface to its upstream and records each exchange, redacted\n' +
    '(no credential or personal datum is written), as JSON lines under DIR. Address it as the sandbox.',
  epilogue: `Then: ${PROGRAM} diff DIR (docs/fidelity.md).`,
  flags: {
    out: { type: 'string', value: 'DIR', synopsis: 'required', help: 'where the recording goes (a new recording-<time>.jsonl per run)' },
    upstream: {
      type: 'string',
      multiple: true,
      value: 'ENV.SURFACE=URL',
      synopsis: 'optional',
      help:
        'forward surface SURFACE of environment ENV there instead of its real host over HTTPS,\n' +
        'e.g. --upstream uat.api=http://127.0.0.1:5000/uat/api (auth and api share a real\n' +
        'host; give both when they differ)',
    },
    timeout: {
      type: 'string',
      value: '<seconds>',
      help: `how long an upstream may take (default ${DEFAULT_UPSTREAM_TIMEOUT_MS / 1000}); then 502`,
    },
    compare: {
      type: 'boolean',
      synopsis: 'optional',
      help: 'also replay each exchange in a shadow sandbox and show the divergences at\nGET /__admin/fidelity and on /__admin/ui',
    },
    scenario: { type: 'string', value: 'NAME', help: 'with --compare: the shadow world (default: default), as for diff' },
    map: { type: 'string', multiple: true, value: 'KIND:REAL=SANDBOX', help: 'with --compare: store or client ids to map, as for diff' },
    rules: { type: 'string', value: 'FILE', help: 'with --compare: what to ignore or compare by format only, as for diff' },
    ...LISTEN_FLAGS,
    ...SERVING_FLAGS,
  },
} as const satisfies Command<Record<string, Flag>>;

const USAGE = commandHelp(RECORD_COMMAND);

export const RECORD: Subcommand = { command: RECORD_COMMAND, run: runRecord };

async function runRecord(argv: string[]): Promise<number> {
  let options: RecorderOptions;
  try {
    const parsed = parse(argv);
    if (parsed === 'help') {
      process.stdout.write(USAGE);
      return 0;
    }
    options = parsed;
  } catch (error) {
    process.stderr.write(`record: ${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  // On a network address without a token, /__admin gets one made for this start (src/cli/admin-access.ts).
  const { options: listen, made } = withAdminToken(options.listen ?? {});
  options = { ...options, listen };
  let recorder: Recorder;
  try {
    recorder = await startRecorder(options);
  } catch (error) {
    process.stderr.write(`record: ${(error as Error).message}\n`);
    return 1;
  }
  const stopped = new Promise<void>((resolve) => {
    process.once('SIGINT', () => resolve());
    process.once('SIGTERM', () => resolve());
  });
  process.stdout.write(banner(recorder, options, adminTokenLines(made, listen.adminToken !== undefined, recorder.sandbox.listenUrl())));
  await stopped;
  await recorder.close();
  process.stdout.write(`record: ${recorder.count()} exchange${recorder.count() === 1 ? '' : 's'} in ${recorder.file}\n`);
  return 0;
}

function banner(recorder: Recorder, options: RecorderOptions, admin: string[]): string {
  const sandbox = recorder.sandbox;
  const lines = [
    `${PROGRAM} record ready on ${sandbox.listenUrl()}   pid: ${process.pid}`,
    `  recording to ${recorder.file} (every exchange redacted before it is written)`,
  ];
  for (const env of ENVIRONMENTS) {
    lines.push(`  ${env.toUpperCase()}`);
    for (const surface of SURFACES) {
      const dedicated = sandbox.dedicatedUrl(env, surface);
      lines.push(
        `    ${SURFACE_RECORDS[surface].placeholder.padEnd(22)}${sandbox.baseUrl(env, surface)}${dedicated ? `  or ${dedicated}` : ''}  →  ${recorder.upstream(env, surface).href.replace(/\/$/, '')}`,
      );
    }
  }
  const tls = sandbox.tlsPort();
  if (tls !== null)
    lines.push(`  https:    port ${tls}: the real host names (SNI); upstream names are resolved through DNS, not /etc/hosts`);
  if (options.compare) lines.push(`  compare:  GET /__admin/fidelity and /__admin/ui (shadow world: scenario ${options.compare.scenario})`);
  lines.push(...admin, `  stop with Ctrl-C; then: ${PROGRAM} diff <dir>`, '');
  return lines.join('\n');
}

function parse(argv: string[]): RecorderOptions | 'help' {
  const { values } = parseFlags(argv, RECORD_COMMAND);
  if (values.help) return 'help';
  if (!values.out) throw new FlagError('--out DIR is required: the directory the recording is written under');
  if (!values.compare && (values.scenario !== undefined || values.map !== undefined || values.rules !== undefined)) {
    throw new FlagError('--scenario, --map and --rules apply to --compare; add --compare (or give them to diff later)');
  }
  const maps: MapSpec[] = (values.map ?? []).map(parseMap);
  const timeout = values.timeout === undefined ? DEFAULT_UPSTREAM_TIMEOUT_MS / 1000 : Number(values.timeout);
  if (!Number.isFinite(timeout) || timeout <= 0)
    throw new FlagError(`--timeout: '${values.timeout}' is not a number of seconds, e.g. --timeout 10`);
  const rules: Rules | undefined = values.rules === undefined ? undefined : loadRules(values.rules);
  return {
    out: values.out,
    upstreams: Object.fromEntries((values.upstream ?? []).map(parseUpstream)),
    timeoutMs: timeout * 1000,
    // The recorder listens as the sandbox does, from the same flags and environment.
    listen: listenOptions(values, process.env),
    ...(values.compare ? { compare: { scenario: values.scenario ?? 'default', maps, ...(rules ? { rules } : {}) } } : {}),
  };
}
