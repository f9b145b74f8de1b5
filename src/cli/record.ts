/**
 * `checkout-sandbox record --out DIR [--upstream ENV.SURFACE=URL]… [--compare] [listen flags]`
 * forwards an integration's traffic to the real service (or any upstream) and appends every
 * exchange, redacted, to a recording under DIR (src/fidelity/recorder.ts). It listens as the
 * sandbox does, so the integration's base URLs are the ones it uses against the sandbox.
 * Exit 0 after SIGINT/SIGTERM, 1 when it cannot start, 2 on bad flags.
 */
import { parseArgs } from 'node:util';
import { DEFAULT_HOST, DEFAULT_PORT } from '../config.js';
import { ENVIRONMENTS, SURFACES, SURFACE_RECORDS } from '../hosts.js';
import { type MapSpec, parseMap } from '../fidelity/mapping.js';
import { DEFAULT_UPSTREAM_TIMEOUT_MS, type Recorder, type RecorderOptions, parseUpstream, startRecorder } from '../fidelity/recorder.js';
import { type Rules, loadRules } from '../fidelity/rules.js';
import { DEFAULT_TLS_DIR } from '../tls/paths.js';
import { FlagError, logLevelValue, portValue, publicUrlValue } from './flags.js';

const USAGE = `Usage: checkout-sandbox record --out DIR [--upstream ENV.SURFACE=URL]… [--compare] [flags]

Forwards every request on an emulated surface to its upstream and records each exchange, redacted
(no credential or personal datum is written), as JSON lines under DIR. Address it as the sandbox.
  --out DIR            where the recording goes (a new recording-<time>.jsonl per run)
  --upstream E.S=URL   forward surface S of environment E there instead of its real host over HTTPS,
                       e.g. --upstream uat.api=http://127.0.0.1:5000/uat/api (auth and api share a real
                       host; give both when they differ)
  --timeout <seconds>  how long an upstream may take (default ${DEFAULT_UPSTREAM_TIMEOUT_MS / 1000}); then 502
  --compare            also replay each exchange in a shadow sandbox and show the divergences at
                       GET /__admin/fidelity and on /__admin/ui (--scenario, --map, --rules as for diff)
  --port, --host, --public-url, --port-per-host, --tls, --tls-port, --tls-dir, --log-level,
  --admin-token, --insecure-admin   as for the sandbox (checkout-sandbox --help)
Then: checkout-sandbox diff DIR (docs/fidelity.md).
`;

export async function runRecord(argv: string[]): Promise<number> {
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
  process.stdout.write(banner(recorder, options));
  await stopped;
  await recorder.close();
  process.stdout.write(`record: ${recorder.count()} exchange${recorder.count() === 1 ? '' : 's'} in ${recorder.file}\n`);
  return 0;
}

function banner(recorder: Recorder, options: RecorderOptions): string {
  const sandbox = recorder.sandbox;
  const lines = [
    `checkout-sandbox record ready on ${sandbox.listenUrl()}   pid: ${process.pid}`,
    `  recording to ${recorder.file} (every exchange redacted before it is written)`,
  ];
  for (const env of ENVIRONMENTS) {
    lines.push(`  ${env.toUpperCase()}`);
    for (const surface of SURFACES) {
      const dedicated = sandbox.dedicatedUrl(env, surface);
      lines.push(`    ${SURFACE_RECORDS[surface].placeholder.padEnd(22)}${sandbox.baseUrl(env, surface)}${dedicated ? `  or ${dedicated}` : ''}  →  ${recorder.upstream(env, surface).href.replace(/\/$/, '')}`);
    }
  }
  const tls = sandbox.tlsPort();
  if (tls !== null) lines.push(`  https:    port ${tls}: the real host names (SNI); upstream names are resolved through DNS, not /etc/hosts`);
  if (options.compare) lines.push(`  compare:  GET /__admin/fidelity and /__admin/ui (shadow world: scenario ${options.compare.scenario})`);
  lines.push('  stop with Ctrl-C; then: checkout-sandbox diff <dir>', '');
  return lines.join('\n');
}

function parse(argv: string[]): RecorderOptions | 'help' {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    options: {
      out: { type: 'string' },
      upstream: { type: 'string', multiple: true, default: [] },
      timeout: { type: 'string' },
      compare: { type: 'boolean' },
      scenario: { type: 'string' },
      map: { type: 'string', multiple: true, default: [] },
      rules: { type: 'string' },
      port: { type: 'string' },
      host: { type: 'string' },
      'public-url': { type: 'string' },
      'port-per-host': { type: 'boolean' },
      tls: { type: 'boolean' },
      'tls-port': { type: 'string' },
      'tls-dir': { type: 'string' },
      'log-level': { type: 'string' },
      'admin-token': { type: 'string' },
      'insecure-admin': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) return 'help';
  if (!values.out) throw new FlagError('--out DIR is required: the directory the recording is written under');
  if (!values.compare && (values.scenario !== undefined || values.map.length > 0 || values.rules !== undefined)) {
    throw new FlagError('--scenario, --map and --rules apply to --compare; add --compare (or give them to diff later)');
  }
  const timeout = values.timeout === undefined ? DEFAULT_UPSTREAM_TIMEOUT_MS / 1000 : Number(values.timeout);
  if (!Number.isFinite(timeout) || timeout <= 0) throw new FlagError(`--timeout: '${values.timeout}' is not a number of seconds, e.g. --timeout 10`);
  if ((values['tls-port'] !== undefined || values['tls-dir'] !== undefined) && !values.tls) throw new FlagError('--tls-port and --tls-dir only apply with --tls');
  const maps: MapSpec[] = values.map.map(parseMap);
  const rules: Rules | undefined = values.rules === undefined ? undefined : loadRules(values.rules);
  return {
    out: values.out,
    upstreams: Object.fromEntries(values.upstream.map(parseUpstream)),
    timeoutMs: timeout * 1000,
    listen: {
      port: values.port === undefined ? DEFAULT_PORT : portValue('--port', values.port),
      host: values.host ?? DEFAULT_HOST,
      ...(values['public-url'] !== undefined ? { publicUrl: publicUrlValue('--public-url', values['public-url']) } : {}),
      ...(values['port-per-host'] ? { portPerHost: true } : {}),
      ...(values.tls ? { tls: { dir: values['tls-dir'] ?? DEFAULT_TLS_DIR, ...(values['tls-port'] !== undefined ? { port: portValue('--tls-port', values['tls-port'], '4443') } : {}) } } : {}),
      ...(values['log-level'] !== undefined ? { logLevel: logLevelValue('--log-level', values['log-level']) } : {}),
      ...(values['admin-token'] !== undefined ? { adminToken: values['admin-token'] } : {}),
      ...(values['insecure-admin'] ? { insecureAdmin: true } : {}),
    },
    ...(values.compare ? { compare: { scenario: values.scenario ?? 'default', maps, ...(rules ? { rules } : {}) } } : {}),
  };
}
