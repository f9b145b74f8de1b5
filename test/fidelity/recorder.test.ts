/**
 * `record` as a client and an upstream see it, over real sockets: the request reaches the
 * upstream unchanged, the client gets the upstream's answer unchanged (900, repeated headers,
 * compressed bytes), every way of addressing the sandbox works, /__admin stays local, and an
 * upstream that cannot be reached gives a 502 naming it, recorded as such.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { type IncomingHttpHeaders, type Server, createServer, request as httpRequest } from 'node:http';
import { createServer as createHttpsServer, request as httpsRequest } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedKeyHeaderValue } from '../../src/domain/sharedkey-signature.js';
import { loadHosts } from '../../src/hosts.js';
import { type Exchange, readRecordings } from '../../src/fidelity/recording.js';
import { type Recorder, startRecorder } from '../../src/fidelity/recorder.js';
import { type Resolve, dnsOnlyLookup } from '../../src/fidelity/upstream.js';
import { generateTlsMaterial } from '../../src/tls/certificates.js';

interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  rawHeaders: string[];
  body: Buffer;
}

/** An upstream that keeps what it received and answers a business-rule rejection: 900, two cookies, a gzipped body. */
const ANSWER = gzipSync(
  Buffer.from(
    JSON.stringify({
      id: 'x',
      data: null,
      error: { code: 900, message: 'Purchase completed', errors: [{ reason: 'Purchase_Completed', message: 'done' }] },
    }),
  ),
);
function echoServer(seen: Seen[]): Server {
  return createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      seen.push({
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        rawHeaders: req.rawHeaders,
        body: Buffer.concat(chunks),
      });
      res.writeHead(900, 'Business Rule', [
        ['Content-Type', 'application/json; charset=utf-8'],
        ['Content-Encoding', 'gzip'],
        ['Set-Cookie', 'session=s3cr3t-cookie-one; Path=/'],
        ['Set-Cookie', 'affinity=s3cr3t-cookie-two; Path=/'],
        ['X-Upstream', 'yes'],
      ]);
      res.end(ANSWER);
    });
  });
}

async function listening(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return `127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A raw client (no decompression, no header merging), as a PHP cURL client would see the answer. */
function send(
  url: string,
  init: { method: string; headers?: Record<string, string>; body?: Buffer; servername?: string; ca?: string },
): Promise<{ status: number; rawHeaders: string[]; body: Buffer }> {
  const target = new URL(url);
  const call = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = call(
      {
        hostname: target.hostname,
        port: target.port,
        path: `${target.pathname}${target.search}`,
        method: init.method,
        headers: init.headers,
        servername: init.servername,
        ca: init.ca,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, rawHeaders: res.rawHeaders, body: Buffer.concat(chunks) }));
      },
    );
    req.on('error', reject);
    req.end(init.body);
  });
}

/** One CA and set of host certificates for the file (node-forge takes a second per key). */
const tlsDir = join(mkdtempSync(join(tmpdir(), 'record-tls-')), 'tls');
let material: ReturnType<typeof generateTlsMaterial>['material'] | null = null;
const tlsMaterial = () => (material ??= generateTlsMaterial(tlsDir, loadHosts()).material);
afterAll(() => rmSync(join(tlsDir, '..'), { recursive: true, force: true }));

const pairs = (raw: string[]): [string, string][] =>
  raw.flatMap((v, i) => (i % 2 === 0 ? [[v.toLowerCase(), raw[i + 1]!] as [string, string]] : []));
const lastExchange = (recorder: Recorder): Exchange => readRecordings([recorder.file]).at(-1)!;

describe('record: forwarding', () => {
  const dir = mkdtempSync(join(tmpdir(), 'record-forward-'));
  const seen: Seen[] = [];
  const upstream = echoServer(seen);
  let recorder: Recorder;
  beforeAll(async () => {
    const address = await listening(upstream);
    tlsMaterial();
    recorder = await startRecorder({
      out: join(dir, 'rec'),
      upstreams: { 'uat.legacy': `http://${address}/prefix` },
      listen: { port: 0, logLevel: 'silent', portPerHost: 'random', tls: { dir: tlsDir, port: 0 } },
    });
  });
  afterAll(async () => {
    await recorder?.close();
    upstream.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('sends the request upstream unchanged and the answer back unchanged: 900, both cookies, the gzipped bytes', async () => {
    const path = '/merchants/1234/checkouts/0b7d6a52-1f0e-4c1e-9a11-5d2a1c3e4f01/cart?trace=1';
    // PHP escapes: a re-serialised body would hash differently, so the bytes must travel as they are.
    const body = Buffer.from('{"items":[{"id":"A\\/1","description":"Tält","unitPrice":"1.00","quantity":1,"vat":25}]}');
    const authorization = sharedKeyHeaderValue('nordic-outdoor-uat', 'uat-shared-key-nordic-0001', path, body);
    const answer = await send(`${recorder.sandbox.listenUrl()}/uat/legacy${path}`, {
      method: 'PUT',
      headers: { authorization, 'content-type': 'application/json', 'x-shop': 'WooCommerce 8', 'content-length': String(body.byteLength) },
      body,
    });
    const got = seen.at(-1)!;
    expect(got.method).toBe('PUT');
    expect(got.url).toBe(`/prefix${path}`);
    expect(got.headers.authorization).toBe(authorization);
    expect(got.headers['x-shop']).toBe('WooCommerce 8');
    expect(got.headers.host).toBe(`127.0.0.1:${(upstream.address() as AddressInfo).port}`);
    expect(got.body.equals(body)).toBe(true);

    expect(answer.status).toBe(900);
    const headers = pairs(answer.rawHeaders);
    expect(headers.filter(([n]) => n === 'set-cookie').map(([, v]) => v)).toEqual([
      'session=s3cr3t-cookie-one; Path=/',
      'affinity=s3cr3t-cookie-two; Path=/',
    ]);
    expect(headers).toContainEqual(['x-upstream', 'yes']);
    expect(headers).toContainEqual(['content-encoding', 'gzip']);
    expect(answer.body.equals(ANSWER)).toBe(true);

    const exchange = lastExchange(recorder);
    expect(exchange).toMatchObject({ env: 'uat', surface: 'legacy', method: 'PUT', path, status: 900 });
    expect(exchange.request.headers.authorization).toMatch(/^SharedKey redacted:sharedkey:[0-9a-f]{12}$/);
    // Recorded decoded (the client got the bytes as sent), cookies as placeholders.
    expect(exchange.answer.body).toEqual({
      json: {
        id: 'x',
        data: null,
        error: { code: 900, message: 'Purchase completed', errors: [{ reason: 'Purchase_Completed', message: 'done' }] },
      },
    });
    expect(readFileSync(recorder.file, 'utf8')).not.toContain('s3cr3t-cookie');
  });

  it('is addressed as the sandbox is: Host header, dedicated port, HTTPS on the real name', async () => {
    const host = 'api.checkout.uat.walleydev.com';
    const byHost = await send(`${recorder.sandbox.listenUrl()}/checkout`, {
      method: 'POST',
      headers: { host, 'content-type': 'application/json' },
      body: Buffer.from('{}'),
    });
    expect(byHost.status).toBe(900);
    expect(seen.at(-1)!.url).toBe('/prefix/checkout');

    const dedicated = recorder.sandbox.dedicatedUrl('uat', 'legacy')!;
    await send(`${dedicated}/merchants/1234/checkouts/abc`, { method: 'GET' });
    expect(seen.at(-1)!.url).toBe('/prefix/merchants/1234/checkouts/abc');

    const tls = await send(`https://127.0.0.1:${recorder.sandbox.tlsPort()}/widget`, {
      method: 'POST',
      headers: { host, 'content-type': 'application/json' },
      body: Buffer.from('{"storeId":1234}'),
      servername: host,
      ca: readFileSync(join(tlsDir, 'ca.crt'), 'utf8'),
    });
    expect(tls.status).toBe(900);
    expect(seen.at(-1)!.url).toBe('/prefix/widget');
    expect(
      readRecordings([recorder.file])
        .slice(-3)
        .map((e) => [e.surface, e.path]),
    ).toEqual([
      ['legacy', '/checkout'],
      ['legacy', '/merchants/1234/checkouts/abc'],
      ['legacy', '/widget'],
    ]);
  });

  it('forwards every other surface to its real host over HTTPS by default', () => {
    expect(recorder.upstream('uat', 'legacy').href).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/prefix$/);
    expect(recorder.upstream('uat', 'api').href).toBe('https://api.uat.walleydev.com/');
    expect(recorder.upstream('uat', 'auth').href).toBe('https://api.uat.walleydev.com/');
    expect(recorder.upstream('prod', 'retired').href).toBe('https://checkout-api.collector.se/');
    expect(recorder.upstream('uat', 'frontend').href).toBe('https://checkout.uat.walleydev.com/');
  });

  it('keeps /__admin local: health answers here, and the journal lists what went through', async () => {
    const before = seen.length;
    const health = await fetch(`${recorder.sandbox.listenUrl()}/__admin/health`);
    expect(health.status).toBe(200);
    expect(seen.length).toBe(before);
    const journal = (await (await fetch(`${recorder.sandbox.listenUrl()}/__admin/requests?surface=legacy`)).json()) as {
      requests: { status: number; method: string }[];
    };
    expect(journal.requests.length).toBeGreaterThanOrEqual(4);
    expect(journal.requests.every((r) => r.status === 900)).toBe(true);
    const fidelity = (await (await fetch(`${recorder.sandbox.listenUrl()}/__admin/fidelity`)).json()) as { comparing: boolean };
    expect(fidelity.comparing).toBe(false);
  });
});

describe('record: an upstream that cannot be reached', () => {
  const dir = mkdtempSync(join(tmpdir(), 'record-502-'));
  const silent = createServer(() => undefined);
  let untrusted: Server;
  let recorder: Recorder;
  let closedPort = 0;
  beforeAll(async () => {
    const silentAddress = await listening(silent);
    // A TLS upstream whose certificate no CA the recorder trusts has signed.
    const cert = tlsMaterial().hosts.find((c) => c.host === 'api.uat.walleydev.com')!;
    untrusted = createHttpsServer({ key: cert.key, cert: cert.cert }, (_req, res) => res.end('{}'));
    const tlsAddress = await listening(untrusted);
    const probe = createServer();
    closedPort = Number((await listening(probe)).split(':')[1]);
    probe.close();
    recorder = await startRecorder({
      out: join(dir, 'rec'),
      timeoutMs: 300,
      upstreams: {
        'uat.api': 'http://no-such-upstream.invalid',
        'uat.legacy': `https://${tlsAddress}`,
        'uat.retired': `http://${silentAddress}`,
        'prod.api': `http://127.0.0.1:${closedPort}`,
      },
      listen: { port: 0, logLevel: 'silent' },
    });
  });
  afterAll(async () => {
    await recorder?.close();
    silent.closeAllConnections();
    silent.close();
    untrusted?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it.each([
    ['uat/api', 'dns', 'no-such-upstream.invalid'],
    ['uat/legacy', 'tls', 'https://127.0.0.1:'],
    ['uat/retired', 'timeout', 'did not answer within 0.3 s'],
    ['prod/api', 'connect', 'could not be reached'],
  ])('%s: 502 naming the upstream (%s), recorded as such', async (prefix, kind, named) => {
    const response = await fetch(`${recorder.sandbox.listenUrl()}/${prefix}/checkouts/x`);
    expect(response.status).toBe(502);
    expect(response.headers.get('x-sandbox-upstream-error')).toBe(kind);
    const body = (await response.json()) as { error: { code: number; message: string; errors: { reason: string }[] } };
    expect(body.error.code).toBe(502);
    expect(body.error.errors[0]!.reason).toBe('Upstream_Unreachable');
    expect(body.error.message).toContain(named);
    const exchange = lastExchange(recorder);
    expect(exchange.status).toBe(502);
    expect(exchange.error?.kind).toBe(kind);
    expect(exchange.error?.message).toContain(named.startsWith('https') ? '127.0.0.1' : named);
  });
});

describe('record: names of the emulated hosts', () => {
  const lookup = (resolve: Resolve, options: { all?: boolean; family?: number }) =>
    new Promise<{ error: string | null; address: unknown }>((done) =>
      dnsOnlyLookup(resolve)('api.uat.walleydev.com', options as never, (error, address) => done({ error: error?.code ?? null, address })),
    );

  it('are resolved through DNS only, never /etc/hosts (which may point them at the recorder itself)', async () => {
    const asked: string[] = [];
    const dnsKnows: Resolve = async (host, family) => {
      asked.push(`${host}/${family}`);
      return family === 4 ? ['192.0.2.10'] : [];
    };
    expect(await lookup(dnsKnows, {})).toEqual({ error: null, address: '192.0.2.10' });
    expect(await lookup(dnsKnows, { all: true })).toEqual({ error: null, address: [{ address: '192.0.2.10', family: 4 }] });
    expect(asked).toContain('api.uat.walleydev.com/6');
    const dnsDoesNot: Resolve = () => Promise.reject(Object.assign(new Error('no'), { code: 'ENOTFOUND' }));
    expect(await lookup(dnsDoesNot, {})).toEqual({ error: 'ENOTFOUND', address: '' });
  });
});
