/**
 * GET / on the main port: where a newcomer who opens the sandbox's address lands. A browser
 * (Accept: text/html) gets a small page linking the dashboard, the API reference, the hosts
 * and every base URL; a program gets the same as JSON. No surface answers `/` on the main
 * port, so this takes nothing away from the emulated hosts (they keep `/` on their own ports
 * and Host names). The sandbox's icon answers beside it.
 */
import { ENVIRONMENTS, type EnvName, SURFACES, SURFACE_RECORDS, type SurfaceName, type Urls, bySurface } from '../hosts.js';
import { jsonResponse } from '../http/response.js';

/** The scenario's UAT credentials the first steps use (src/world/first-steps.ts). */
export interface FirstStepsCredentials {
  merchant: string;
  clientId: string;
  clientSecret: string;
  scope: string;
  storeId: string;
  countryCode: string;
}

/** The three commands a newcomer runs first, for this sandbox: a token, a checkout, a purchase. */
function firstSteps(urls: Urls, credentials: FirstStepsCredentials): string[] {
  const root = urls.baseUrl('uat', 'api').replace(/\/uat\/api$/, '');
  const c = credentials;
  const checkout = JSON.stringify({
    storeId: Number(c.storeId),
    countryCode: c.countryCode,
    reference: 'ORD-1',
    merchantTermsUri: 'http://127.0.0.1:8000/terms',
    cart: { items: [{ id: 'TENT-2P', description: 'Two-person tent', unitPrice: '2499.00', quantity: 1, vat: 25 }] },
  });
  return [
    `TOKEN=$(curl -s ${urls.baseUrl('uat', 'auth')}/oauth2/v2.0/token -d grant_type=client_credentials \\\n  -d client_id=${c.clientId} -d client_secret=${c.clientSecret} --data-urlencode scope=${c.scope} \\\n  | sed -E 's/.*"access_token":"([^"]+)".*/\\1/')`,
    `ID=$(curl -s ${urls.baseUrl('uat', 'api')}/checkouts -H "Authorization: Bearer $TOKEN" -H 'Content-Type: application/json' \\\n  -d '${checkout}' \\\n  | sed -E 's/.*"privateId":"([^"]+)".*/\\1/')`,
    `curl -s -X POST ${root}/__admin/uat/checkouts/$ID/purchase -d '{"result":"Preliminary"}'   # add -H "Authorization: Bearer <admin token>" where the sandbox has one`,
  ];
}

interface StartLinks {
  dashboard: string;
  /** The dashboard, playing the migration demo on this sandbox as it opens. */
  migrationDemo: string;
  apiReference: string;
  hosts: string;
  openapi: string;
  health: string;
  baseUrls: Record<EnvName, Record<SurfaceName, string>>;
}

/**
 * True for the paths the start page answers: `/` (any query), and `/favicon.ico`, which a
 * browser asks for beside any page of the sandbox (the dashboard's console showed its 404).
 */
export function isStartPath(pathAndQuery: string): boolean {
  return pathAndQuery === '/' || pathAndQuery.startsWith('/?') || pathAndQuery === FAVICON_PATH;
}

const FAVICON_PATH = '/favicon.ico';

/** A small icon: a card with a tick, in SVG (browsers take it for /favicon.ico by its type). */
const FAVICON = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect x="2" y="6" width="28" height="20" rx="4" fill="#1f6f5c"/><path d="M10 16l4 4 8-8" fill="none" stroke="#fff" stroke-width="3" stroke-linecap="round" stroke-linejoin="round"/></svg>`;

function favicon(request: Request): Response {
  return new Response(request.method === 'HEAD' ? null : FAVICON, {
    status: 200,
    headers: { 'content-type': 'image/svg+xml', 'cache-control': 'public, max-age=86400' },
  });
}

function startLinks(urls: Urls): StartLinks {
  // This world's root: the origin, plus /sandboxes/{id} for an isolated world.
  const root = urls.baseUrl('uat', 'api').replace(/\/uat\/api$/, '');
  const baseUrls = Object.fromEntries(
    ENVIRONMENTS.map((env) => [env, bySurface((surface) => urls.baseUrl(env, surface))]),
  ) as StartLinks['baseUrls'];
  return {
    dashboard: `${root}/__admin/ui`,
    migrationDemo: `${root}/__admin/ui?demo=migration`,
    apiReference: `${root}/__admin/docs`,
    hosts: `${root}/__admin/hosts`,
    openapi: `${root}/__admin/openapi.json`,
    health: `${root}/__admin/health`,
    baseUrls,
  };
}

export function startPage(request: Request, urls: Urls, credentials: FirstStepsCredentials | null = null): Response {
  if (new URL(request.url).pathname.endsWith(FAVICON_PATH)) return favicon(request);
  const links = startLinks(urls);
  const steps = credentials ? { merchant: credentials.merchant, commands: firstSteps(urls, credentials) } : null;
  if (!(request.headers.get('accept') ?? '').includes('text/html')) {
    return jsonResponse({ name: 'checkout-sandbox', ...links, firstSteps: steps }, 200, { vary: 'accept' });
  }
  const body = request.method === 'HEAD' ? null : html(links, urls, steps);
  return new Response(body, { status: 200, headers: { 'content-type': 'text/html; charset=utf-8', vary: 'accept' } });
}

function html(links: StartLinks, urls: Urls, steps: { merchant: string; commands: string[] } | null): string {
  const a = (href: string, text = href): string => `<a href="${escape(href)}">${escape(text)}</a>`;
  const rows = ENVIRONMENTS.flatMap((env) =>
    SURFACES.map(
      (surface) =>
        `<tr><td>${env.toUpperCase()}</td><td><code>${escape(SURFACE_RECORDS[surface].placeholder)}</code></td><td>${a(links.baseUrls[env][surface])}</td><td>${escape(urls.hosts[env][surface].host)}</td></tr>`,
    ),
  ).join('\n      ');
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>checkout-sandbox</title>
  <style>
    body { font: 15px/1.5 system-ui, sans-serif; max-width: 60rem; margin: 2rem auto; padding: 0 1rem; color: #222; }
    table { border-collapse: collapse; } td, th { padding: .2rem .8rem .2rem 0; text-align: left; }
    code { font-size: 90%; }
    pre { background: #f4f4f4; padding: .5rem; overflow-x: auto; }
  </style>
</head>
<body>
  <h1>checkout-sandbox</h1>
  <p>A local sandbox of the checkout and order administration service, UAT and PROD.</p>
  <ul>
    <li>${a(links.dashboard, 'Dashboard')}: clock, retired host, merchants, checkouts, orders, callbacks</li>
    <li>${a(links.migrationDemo, 'Play the migration demo')}: on this sandbox, a demo shop moves off the retired host to the legacy host and the current API while the clock crosses the shutdown; the dashboard shows each call</li>
    <li>${a(links.apiReference, 'API reference')}: every emulated host and the admin API (OpenAPI: ${a(links.openapi)})</li>
    <li>${a(links.hosts, 'Hosts')}: every base URL, dedicated port and real host name, as JSON</li>
  </ul>
  ${
    steps
      ? `<h2>First steps</h2>
  <p>In a shell, as ${escape(steps.merchant)} in UAT: a token, a checkout, then the customer buys (the dashboard above shows each step).</p>
  <ol class="first-steps">
    ${steps.commands.map((command) => `<li><pre><code>${escape(command)}</code></pre></li>`).join('\n    ')}
  </ol>`
      : ''
  }
  <h2>Base URLs</h2>
  <table>
    <thead><tr><th>env</th><th>placeholder</th><th>base URL</th><th>real host</th></tr></thead>
    <tbody>
      ${rows}
    </tbody>
  </table>
</body>
</html>
`;
}

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
