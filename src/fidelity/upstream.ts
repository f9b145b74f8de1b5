/**
 * Forwarding one request to the real host, unchanged: method, path and query, every header
 * but Host and the hop-by-hop ones, and the body bytes as received (a SharedKey signature
 * covers them). The answer comes back unchanged too: status (900 included), headers but the
 * hop-by-hop ones, and the raw body bytes, still compressed if the upstream compressed them.
 *
 * node:http rather than fetch(): fetch would decompress bodies and normalise what the proxy
 * must pass on as it is.
 *
 * Names of the emulated real hosts are resolved through DNS, not /etc/hosts: with the HTTPS
 * drop-in, /etc/hosts points those very names at the recorder, which would then call itself.
 */
import { promises as dns, type LookupAddress, type LookupOptions } from 'node:dns';
import { type IncomingMessage, request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { reservedExampleName } from '../domain/reserved-names.js';

/** Connection-level headers a proxy never passes on (RFC 9110 §7.6.1), plus Host (the upstream's own). */
export const HOP_BY_HOP: ReadonlySet<string> = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'host',
]);

export type UpstreamErrorKind = 'dns' | 'tls' | 'timeout' | 'connect' | 'protocol';

export class UpstreamError extends Error {
  override name = 'UpstreamError';
  constructor(
    readonly kind: UpstreamErrorKind,
    message: string,
  ) {
    super(message);
  }
}

export interface UpstreamRequest {
  method: string;
  /** The path and query as the real host sees them. */
  pathAndQuery: string;
  headers: Headers;
  body: Uint8Array;
}

export interface UpstreamResponse {
  status: number;
  /** [name, value] as received, repeated headers (Set-Cookie) kept apart; hop-by-hop ones removed. */
  headers: [string, string][];
  body: Uint8Array;
}

export interface ForwardOptions {
  timeoutMs: number;
  /** Host names to resolve through DNS rather than the system's lookup (the emulated real names). */
  dnsOnly?: ReadonlySet<string>;
}

/** Sends the request to `base` (scheme, host and an optional path prefix) and reads the whole answer. */
export function forward(base: URL, request: UpstreamRequest, options: ForwardOptions): Promise<UpstreamResponse> {
  const headers: Record<string, string> = {};
  const dropped = connectionTokens(request.headers.get('connection'));
  request.headers.forEach((value, name) => {
    if (!HOP_BY_HOP.has(name) && !dropped.has(name) && name !== 'content-length') headers[name] = value;
  });
  if (request.body.byteLength > 0 || !['GET', 'HEAD', 'DELETE', 'OPTIONS'].includes(request.method.toUpperCase())) {
    headers['content-length'] = String(request.body.byteLength);
  }
  const prefix = base.pathname.replace(/\/+$/, '');
  const send = base.protocol === 'https:' ? httpsRequest : httpRequest;
  const hostname = base.hostname.replace(/^\[|\]$/g, '');
  const signal = AbortSignal.timeout(options.timeoutMs);
  const useDns = options.dnsOnly?.has(hostname.toLowerCase()) === true && isIP(hostname) === 0;
  // A name reserved for examples resolves nowhere: say so at once, without asking a resolver.
  const reserved = reservedExampleName(hostname);
  if (reserved) {
    return Promise.reject(
      new UpstreamError(
        'dns',
        `the name ${reserved} of the upstream ${base.origin} does not resolve: it is reserved for examples (RFC 2606, RFC 6761) and never looked up`,
      ),
    );
  }

  return new Promise<UpstreamResponse>((resolve, reject) => {
    const fail = (error: unknown): void => reject(classify(error, base, options.timeoutMs));
    const req = send(
      {
        protocol: base.protocol,
        hostname,
        port: base.port || undefined,
        method: request.method,
        path: `${prefix}${request.pathAndQuery}`,
        headers,
        signal,
        servername: isIP(hostname) === 0 ? hostname : undefined,
        ...(useDns ? { lookup: dnsOnlyLookup() } : {}),
      },
      (res: IncomingMessage) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', fail);
        res.on('end', () => {
          const hop = connectionTokens(res.headers.connection);
          const pairs: [string, string][] = [];
          for (let i = 0; i + 1 < res.rawHeaders.length; i += 2) {
            const name = res.rawHeaders[i]!.toLowerCase();
            if (!HOP_BY_HOP.has(name) && !hop.has(name)) pairs.push([name, res.rawHeaders[i + 1]!]);
          }
          resolve({ status: res.statusCode ?? 502, headers: pairs, body: new Uint8Array(Buffer.concat(chunks)) });
        });
      },
    );
    req.on('error', fail);
    req.end(request.body.byteLength > 0 ? Buffer.from(request.body) : undefined);
  });
}

function connectionTokens(value: string | string[] | null | undefined): Set<string> {
  const text = Array.isArray(value) ? value.join(',') : (value ?? '');
  return new Set(
    text
      .split(',')
      .map((t) => t.trim().toLowerCase())
      .filter((t) => t !== '' && t !== 'close' && t !== 'keep-alive'),
  );
}

/** What failed, in words that name the upstream. */
function classify(error: unknown, base: URL, timeoutMs: number): UpstreamError {
  const err = error as NodeJS.ErrnoException & { name?: string };
  const code = err.code ?? '';
  const where = base.origin;
  if (err.name === 'AbortError' || err.name === 'TimeoutError' || code === 'ABORT_ERR' || code === 'ETIMEDOUT') {
    return new UpstreamError('timeout', `${where} did not answer within ${timeoutMs / 1000} s`);
  }
  if (['ENOTFOUND', 'EAI_AGAIN', 'EAI_FAIL', 'EAI_NONAME', 'ENODATA', 'ESERVFAIL', 'ENOTIMP'].includes(code)) {
    return new UpstreamError('dns', `the name ${base.hostname} of the upstream ${where} does not resolve (${code})`);
  }
  if (/CERT|SSL|TLS|SELF_SIGNED|UNABLE_TO|EPROTO|HOSTNAME_MISMATCH/i.test(code) || /certificate|ssl|tls/i.test(err.message ?? '')) {
    return new UpstreamError(
      'tls',
      `the TLS handshake with the upstream ${where} failed (${code || err.message}); trust its CA with NODE_EXTRA_CA_CERTS`,
    );
  }
  if (code.startsWith('HPE_')) return new UpstreamError('protocol', `the upstream ${where} answered something that is not HTTP (${code})`);
  return new UpstreamError('connect', `the upstream ${where} could not be reached (${code || err.message})`);
}

/** Addresses of one family for a name, from DNS servers. */
export type Resolve = (hostname: string, family: 4 | 6) => Promise<string[]>;
const resolveByDns: Resolve = (hostname, family) => (family === 4 ? dns.resolve4(hostname) : dns.resolve6(hostname));

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** A lookup with the system's signature that asks DNS servers only (dns.resolve*), never /etc/hosts. */
export function dnsOnlyLookup(
  resolve: Resolve = resolveByDns,
): (hostname: string, options: LookupOptions, callback: LookupCallback) => void {
  return (hostname, options, callback) => {
    const family = typeof options === 'object' ? options.family : undefined;
    const wants: (4 | 6)[] = family === 6 || family === 'IPv6' ? [6] : family === 4 || family === 'IPv4' ? [4] : [4, 6];
    void Promise.all(
      wants.map((f) =>
        resolve(hostname, f).then(
          (list) => list.map((address) => ({ address, family: f })),
          () => [],
        ),
      ),
    ).then((lists) => {
      const addresses = lists.flat();
      if (addresses.length === 0) {
        // Never the system's lookup as a fallback: /etc/hosts may point this very name at the recorder.
        callback(Object.assign(new Error(`DNS has no address for ${hostname}`), { code: 'ENOTFOUND' }), '');
      } else if (typeof options === 'object' && options.all) callback(null, addresses);
      else callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}
