/**
 * `checkout-sandbox record`: a sandbox whose surfaces forward instead of emulate. Addressing
 * is the sandbox's own (path prefix, Host header, dedicated ports, the HTTPS drop-in:
 * src/gateway/), so an integration points at the recorder exactly as it points at the
 * sandbox; /__admin stays local (health, hosts, the journal of what went through; the calls
 * that act on an emulated world are refused, src/fidelity/control-plane.ts). Every
 * request on a surface goes to its upstream unchanged and the client gets the upstream's
 * answer unchanged; the exchange is redacted (src/fidelity/redaction.ts) and appended to the
 * recording before the answer leaves. With `compare`, a shadow world compares as it goes.
 */
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import type { Context } from 'hono';
import { monotonicMs, wallClockIso } from '../clock.js';
import type { SandboxOptions } from '../config.js';
import {
  ENVIRONMENTS,
  type EnvName,
  type HostsConfig,
  SURFACES,
  type SurfaceName,
  emulatedHostNames,
  isEnvName,
  isSurfaceName,
} from '../hosts.js';
import { Hono } from 'hono';
import { StatusResponse, responseTextOf } from '../http/response.js';
import { Refusal } from '../http/refusal.js';
import { readBody } from '../http/body.js';
import { respondToErrors } from '../http/dialect.js';
import { checkoutDialect } from '../http/dialects/checkout.js';
import { pathAndQueryOf, routingPath } from '../http/routing.js';
import type { SurfaceEnv } from '../http/types.js';
import { type Sandbox, createSandbox } from '../sandbox.js';
import type { SurfaceFactory } from '../world/world.js';
import { recorderControlPlane } from './control-plane.js';
import { LiveComparison, type LiveOptions } from './live.js';
import { type RecordedBody, RecordingWriter } from './recording.js';
import { Redactor } from './redaction.js';
import { HOP_BY_HOP, type UpstreamResponse, UpstreamError, forward } from './upstream.js';

export const DEFAULT_UPSTREAM_TIMEOUT_MS = 30_000;

export interface RecorderOptions {
  /** The directory the recording is written under (a new file per run). */
  out: string;
  /** `uat.api` → base URL, overriding the real host of that surface. */
  upstreams?: Readonly<Record<string, string>>;
  /** How the recorder listens: port, host, portPerHost, tls, publicUrl, logLevel, adminToken. */
  listen?: Omit<SandboxOptions, 'statePath' | 'scenario' | 'now' | 'frozen'>;
  timeoutMs?: number;
  /** Compare in a shadow world as traffic flows (GET /__admin/fidelity). */
  compare?: LiveOptions;
  /** The redaction key is made per run; tests may pass their own redactor. */
  redactor?: Redactor;
}

export interface Recorder {
  readonly sandbox: Sandbox;
  /** The recording file this run appends to. */
  readonly file: string;
  /** Where each surface forwards to. */
  upstream(env: EnvName, surface: SurfaceName): URL;
  /** Exchanges recorded so far. */
  count(): number;
  /** Resolves once the live comparison has compared everything recorded so far. @testSeam a test waits for it before reading the comparison. */
  idle(): Promise<void>;
  close(): Promise<void>;
}

/** `uat.api=http://127.0.0.1:5000/uat/api` → ['uat.api', URL]; throws naming the accepted form. */
export function parseUpstream(text: string): [string, string] {
  const match = /^([a-z]+)\.([a-z]+)=(.+)$/i.exec(text.trim());
  const env = match?.[1]?.toLowerCase() ?? '';
  const surface = match?.[2]?.toLowerCase() ?? '';
  if (!match || !isEnvName(env) || !isSurfaceName(surface)) {
    throw new Error(
      `--upstream ${text}: expected ENV.SURFACE=URL with ENV ${ENVIRONMENTS.join('|')} and SURFACE ${SURFACES.join('|')}, e.g. --upstream uat.api=http://127.0.0.1:5000/uat/api`,
    );
  }
  let url: URL;
  try {
    url = new URL(match[3]!);
  } catch {
    throw new Error(`--upstream ${text}: '${match[3]}' is not a URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`--upstream ${text}: use an http or https URL`);
  return [`${env}.${surface}`, url.href];
}

export async function startRecorder(options: RecorderOptions): Promise<Recorder> {
  const writer = new RecordingWriter(options.out);
  const redactor = options.redactor ?? new Redactor();
  const live = options.compare ? new LiveComparison(options.compare) : null;
  const timeoutMs = options.timeoutMs ?? DEFAULT_UPSTREAM_TIMEOUT_MS;
  let hosts: HostsConfig | null = null;
  const upstream = (env: EnvName, surface: SurfaceName): URL => {
    const given = options.upstreams?.[`${env}.${surface}`];
    return new URL(given ?? `https://${hosts![env][surface].host}`);
  };
  const dnsOnly = new Set<string>();

  // Not a table of operations: every path of the surface goes upstream, whatever it is.
  const forwarding: SurfaceFactory = (deps) => {
    const app = new Hono<SurfaceEnv>({ getPath: routingPath });
    // What the recorder itself refuses (a body over the cap) answers as the sandbox would.
    app.onError(respondToErrors(() => checkoutDialect, deps.logger));
    app.all('*', async (c) => {
      const exchange = await relay(c, deps.env, deps.surface, { upstream: upstream(deps.env, deps.surface), timeoutMs, dnsOnly, redactor });
      const written = writer.append(exchange.record);
      live?.push(written);
      return exchange.response;
    });
    return app;
  };

  // /__admin serves what applies to a recorder; the rest is refused, naming the upstream's own (src/fidelity/control-plane.ts).
  const controlPlane = recorderControlPlane({ upstream, given: (env, surface) => options.upstreams?.[`${env}.${surface}`] !== undefined });
  const sandbox = await createSandbox(
    { ...options.listen, statePath: null },
    { surfaces: forwarding, controlPlane, ...(live ? { fidelity: live } : {}) },
  );
  hosts = sandbox.hosts;
  live?.onCompared((compared) => sandbox.events.publish({ type: 'fidelity.compared', ...compared }));
  for (const name of emulatedHostNames(hosts)) dnsOnly.add(name);
  await sandbox.listen();

  return {
    sandbox,
    file: writer.file,
    upstream,
    count: () => writer.count,
    idle: () => live?.idle() ?? Promise.resolve(),
    async close() {
      await sandbox.close();
      await live?.close();
    },
  };
}

interface RelayDeps {
  upstream: URL;
  timeoutMs: number;
  dnsOnly: ReadonlySet<string>;
  redactor: Redactor;
}

/** Forwards one request and returns the client's answer with the (redacted) exchange to record. */
async function relay(c: Context<SurfaceEnv>, env: EnvName, surface: SurfaceName, deps: RelayDeps) {
  const time = wallClockIso();
  const started = monotonicMs();
  const pathAndQuery = c.env?.surfacePath ?? pathAndQueryOf(c.req.url);
  const method = c.req.method;
  const body = await readBody(c);
  const { redactor, upstream } = deps;
  let answer: UpstreamResponse;
  let failure: UpstreamError | null = null;
  try {
    answer = await forward(
      upstream,
      { method, pathAndQuery, headers: c.req.raw.headers, body },
      { timeoutMs: deps.timeoutMs, dnsOnly: deps.dnsOnly },
    );
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    failure = error;
    answer = upstreamFailure(error, upstream);
  }
  const requestHeaders: Record<string, string> = {};
  // What went upstream: no Host, no connection-level headers.
  c.req.raw.headers.forEach((value, name) => {
    if (!HOP_BY_HOP.has(name)) requestHeaders[name] = value;
  });
  const answerHeaders = new Headers();
  for (const [name, value] of answer.headers) answerHeaders.append(name, value);
  const record = {
    time,
    env,
    surface,
    method,
    path: redactor.path(pathAndQuery),
    request: {
      headers: redactor.headers(requestHeaders),
      body: recordedBody(redactor, body, c.req.header('content-encoding'), c.req.header('content-type')),
    },
    status: answer.status,
    answer: {
      headers: redactor.headers(answerHeaders),
      body: recordedBody(redactor, answer.body, answerHeaders.get('content-encoding'), answerHeaders.get('content-type')),
    },
    durationMs: Math.round((monotonicMs() - started) * 100) / 100,
    upstream: upstream.href.replace(/\/$/, ''),
    ...(failure ? { error: { kind: failure.kind, message: failure.message } } : {}),
  };
  return { record, response: toResponse(answer, method) };
}

/** The upstream's answer for the client: status (900 too), headers and body bytes as received. */
function toResponse(answer: UpstreamResponse, method: string): Response {
  const headers = new Headers();
  for (const [name, value] of answer.headers) headers.append(name, value);
  const empty = method === 'HEAD' || answer.status === 204 || answer.status === 304 || answer.body.byteLength === 0;
  const body = empty ? null : answer.body;
  if (answer.status >= 200 && answer.status <= 599) return new Response(body, { status: answer.status, headers });
  return new StatusResponse(body, { headers }, answer.status);
}

/** 502 in the checkout envelope, naming the upstream and what failed. */
function upstreamFailure(error: UpstreamError, upstream: URL): UpstreamResponse {
  const message = `checkout-sandbox record: ${error.message}. The request was not answered by ${upstream.origin}.`;
  const body = new TextEncoder().encode(
    responseTextOf(checkoutDialect.render(Refusal.single(502, 'Upstream_Unreachable', message), upstream.pathname)),
  );
  return {
    status: 502,
    headers: [
      ['content-type', 'application/json; charset=utf-8'],
      ['x-sandbox-upstream-error', error.kind],
    ],
    body,
  };
}

/** A body as recorded: decoded from its Content-Encoding (the client got it as sent), then redacted. */
function recordedBody(
  redactor: Redactor,
  bytes: Uint8Array,
  encoding: string | null | undefined,
  contentType: string | null | undefined,
): RecordedBody | null {
  const coding = (encoding ?? '').trim().toLowerCase();
  if (bytes.byteLength === 0 || coding === '' || coding === 'identity') return redactor.body(bytes, contentType ?? null);
  try {
    if (coding === 'gzip' || coding === 'x-gzip') return redactor.body(new Uint8Array(gunzipSync(bytes)), contentType ?? null);
    if (coding === 'deflate') return redactor.body(new Uint8Array(inflateSync(bytes)), contentType ?? null);
    if (coding === 'br') return redactor.body(new Uint8Array(brotliDecompressSync(bytes)), contentType ?? null);
  } catch {
    // Undecodable: fall through.
  }
  // Bytes nobody can redact are never written: their size only.
  return { omitted: 'binary', bytes: bytes.byteLength };
}
