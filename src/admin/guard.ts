/**
 * Who may use the control plane (/__admin). It can reset the world and lists every SharedKey,
 * so it must not be reachable by a web page the developer happens to open, nor by the LAN
 * when the sandbox binds a public address. The emulated surfaces are not guarded: the real
 * ones are open to the internet too.
 *
 * Rules, in order (each refusal says how to get through):
 *   1. Cross-site requests are refused (403): a browser marks them with `Sec-Fetch-Site`
 *      other than same-origin/none, an `Origin` (or, without one, a `Referer`) other than the
 *      sandbox's own. A browser's state-changing call in a "simple" content type
 *      (text/plain, form, multipart: the ones a page may send without a CORS preflight) is
 *      refused too. curl, SDKs and in-process calls send none of these headers and are not
 *      affected.
 *   2. With an admin token configured, every call needs `Authorization: Bearer <token>`
 *      (401), except GET /__admin/health, which a container health check calls bare, and
 *      GET /__admin/tls/ca.crt, a certificate a job fetches to trust the HTTPS listener. A
 *      browser cannot send that header, so, as Jupyter does, a page of /__admin opened with
 *      `?token=<token>` (the banner prints that link) puts the token in a cookie, HttpOnly and
 *      SameSite=Strict on /__admin only, and redirects to the same page without it.
 *   3. The Host header must name the sandbox (403): a loopback name or address, the bind
 *      address, an emulated host name or the public URL's host. A DNS-rebinding page's Host
 *      is its own domain. A request carrying the admin token is exempt: no page has it, and a
 *      browser sends the cookie only to the host that set it, never to a rebinding page's.
 *      So is GET /__admin/health, which a probe calls under the pod's address and which
 *      reveals nothing a page could use.
 */
import { timingSafeEqual } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { AdminError } from './errors.js';

export interface AdminGuardInput {
  /** The bearer token /__admin requires; undefined = none required (loopback only). */
  token?: string | undefined;
  /** The address the sandbox binds (a Host of it is the sandbox itself). */
  bindHost: string;
  /** The emulated hosts' real names (fixtures/hosts.yaml): clients reach the sandbox under them. */
  hostNames: string[];
  /** The sandbox's public URL when it sits behind a proxy or a DNS name (e.g. a --public-url flag). */
  publicUrl?: string | undefined;
}

/** What a GET reaches without the token: a container's health check, and the HTTPS CA's certificate (public by nature) for a job to trust. */
const OPEN_PATHS = new Set(['/__admin/health', '/__admin/tls/ca.crt']);

const SIMPLE_CONTENT_TYPES = ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data'];
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function adminGuard(input: AdminGuardInput): MiddlewareHandler {
  const allowedHosts = new Set([...input.hostNames, input.bindHost].map((h) => h.toLowerCase()));
  if (input.publicUrl) allowedHosts.add(new URL(input.publicUrl).hostname.toLowerCase());
  const expected = input.token === undefined ? null : Buffer.from(input.token, 'utf8');

  return async (c, next) => {
    const headers = c.req.raw.headers;
    const method = c.req.method.toUpperCase();
    const hostHeader = headers.get('host') ?? new URL(c.req.url).host;

    const crossSite = crossSiteReason(headers, hostHeader, method);
    if (crossSite) {
      throw new AdminError(403, `${crossSite} The admin plane answers only same-origin calls and non-browser clients (curl, SDKs, tests).`);
    }

    if (expected !== null && method === 'GET') {
      const fromUrl = tokenInUrl(c.req.url, expected);
      if (fromUrl) return fromUrl;
    }
    const presented = bearerOf(headers.get('authorization'));
    const hasToken = expected !== null && presented !== null && sameSecret(presented, expected);
    const cookie = cookieOf(headers.get('cookie'));
    const hasCookie = expected !== null && cookie !== null && sameSecret(cookie, expected);
    const exempt = method === 'GET' && OPEN_PATHS.has(c.req.path.replace(/\/$/, ''));
    if (expected !== null && !hasToken && !hasCookie && !exempt) {
      throw new AdminError(
        401,
        presented === null
          ? "The admin plane needs its token: send 'Authorization: Bearer <token>' with the token given by --admin-token or SANDBOX_ADMIN_TOKEN " +
              '(made at start and printed in the banner when none was given; in a browser, open /__admin/ui?token=<token> once).'
          : 'The admin token does not match the one given by --admin-token or SANDBOX_ADMIN_TOKEN.',
      );
    }

    const hostName = hostNameOf(hostHeader);
    if (!exempt && !hasToken && !hasCookie && !isLoopbackHost(hostName) && !allowedHosts.has(hostName)) {
      throw new AdminError(
        403,
        `The admin plane does not answer under the host name '${hostName}' (a DNS-rebinding guard). Call it as 127.0.0.1 or localhost, ` +
          'under an emulated host name, or configure an admin token and send it.',
      );
    }
    await next();
    // The token authorises the caller, so answers must not be cached by anything in between.
    if (expected !== null) c.res.headers.set('cache-control', 'no-store');
  };
}

/** Why a request looks cross-site, or null. */
function crossSiteReason(headers: Headers, hostHeader: string, method: string): string | null {
  const site = headers.get('sec-fetch-site')?.toLowerCase();
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return `A ${site} request (Sec-Fetch-Site) is refused.`;
  const origin = headers.get('origin');
  if (origin !== null && !sameOrigin(origin, hostHeader)) return `A request from the origin '${origin}' is refused.`;
  // Older browsers send neither header on a form post, but a Referer naming the page.
  const referer = headers.get('referer');
  if (origin === null && referer !== null && !sameOrigin(referer, hostHeader)) return `A request from the page '${referer}' is refused.`;
  const fromBrowser = site !== undefined || origin !== null || referer !== null;
  if (fromBrowser && !SAFE_METHODS.has(method)) {
    const mime = (headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
    if (mime === '' || SIMPLE_CONTENT_TYPES.includes(mime)) {
      return `A browser's ${method} with the content type '${mime || 'none'}' is refused: send application/json.`;
    }
  }
  return null;
}

function sameOrigin(origin: string, hostHeader: string): boolean {
  try {
    const url = new URL(origin);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.host.toLowerCase() === hostHeader.toLowerCase();
  } catch {
    // "null" (sandboxed frames, file://) and anything unparsable.
    return false;
  }
}

/** The cookie a browser keeps the admin token in. */
const TOKEN_COOKIE = 'checkout-sandbox-admin';

/**
 * A GET with `?token=`: the right token goes into the cookie and the browser to the same URL
 * without it (out of the address bar and what it copies); a wrong one is refused. Null without one.
 */
function tokenInUrl(requestUrl: string, expected: Buffer): Response | null {
  const url = new URL(requestUrl);
  const token = url.searchParams.get('token');
  if (token === null) return null;
  if (!sameSecret(token, expected))
    throw new AdminError(
      401,
      'The token in the URL does not match the one given by --admin-token or SANDBOX_ADMIN_TOKEN (or printed in the banner).',
    );
  url.searchParams.delete('token');
  // The cookie goes only to the control plane (an isolated world's too), never to an emulated host.
  const adminRoot = url.pathname.slice(0, url.pathname.indexOf('/__admin') + '/__admin'.length);
  return new Response(null, {
    status: 303,
    headers: {
      location: `${url.pathname}${url.search}`,
      'set-cookie': `${TOKEN_COOKIE}=${encodeURIComponent(token)}; Path=${adminRoot}; HttpOnly; SameSite=Strict`,
      'cache-control': 'no-store',
    },
  });
}

function cookieOf(header: string | null): string | null {
  for (const part of (header ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name !== TOKEN_COOKIE) continue;
    try {
      return decodeURIComponent(value.join('='));
    } catch {
      return null;
    }
  }
  return null;
}

function bearerOf(header: string | null): string | null {
  const match = /^\s*bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1] ?? null;
}

function sameSecret(presented: string, expected: Buffer): boolean {
  const given = Buffer.from(presented, 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The host name of a Host header value: port dropped, IPv6 brackets removed, lower case. */
function hostNameOf(hostHeader: string): string {
  const value = hostHeader.trim().toLowerCase();
  if (value.startsWith('[')) return value.slice(1, value.indexOf(']') > 0 ? value.indexOf(']') : undefined);
  return value.replace(/:\d*$/, '').replace(/\.$/, '');
}

export function isLoopbackHost(name: string): boolean {
  const host = name.toLowerCase().replace(/^\[|\]$/g, '');
  return host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/**
 * Binding a non-loopback address opens /__admin to the network: that needs a token, or the
 * explicit insecureAdmin. Returns why the sandbox must not start, or null. (The CLI never gets
 * here: it makes a token when none is given, src/cli/admin-access.ts.)
 */
export function adminExposureProblem(bindHost: string, token: string | undefined, insecureAdmin: boolean): string | null {
  if (isLoopbackHost(bindHost) || token !== undefined || insecureAdmin) return null;
  return (
    `option host: '${bindHost}' opens the admin plane (/__admin: reset, every SharedKey) to the network. ` +
    "Give it a token with adminToken: '<secret>' (the CLI's --admin-token or SANDBOX_ADMIN_TOKEN; clients then send " +
    "Authorization: Bearer <secret>), or accept an open admin plane with insecureAdmin: true (the CLI's --insecure-admin)."
  );
}
