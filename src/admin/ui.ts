/**
 * GET /__admin/ui: the dashboard. A static shell (hono/html) and one script that uses the
 * admin API only (clock, retirement and the time left until the shutdown, the migration
 * report, the request journal, merchants and API clients, checkouts, orders, callbacks, and
 * under `record --compare` the divergences from the real service) and refreshes on the event
 * stream (GET /__admin/events). No state is read here: the page carries the answers of the
 * script's first admin calls, made in process, so what it shows is what any other admin client
 * would see, from the first paint on.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { html, raw } from 'hono/html';
import { SURFACES, SURFACE_RECORDS } from '../hosts.js';
import type { AnyOperation } from '../http/operation.js';
import { DASHBOARD_STYLE } from './dashboard-style.js';
import { adminOperation, refusals } from './operation.js';

/**
 * The dashboard's script, as the build bundled it from src/admin/dashboard/ (scripts/build.mjs).
 * Read from dist/ whether this module runs from dist/ or from src/ (tsx, the tests): the
 * path leads to the same file from both, so every run serves the one script the build made.
 * Read on first use, so a module that only lists the operations needs no build.
 */
const SCRIPT_FILE = new URL('../../dist/admin/assets/dashboard.js', import.meta.url);
let script: string | undefined;
function dashboardScript(): string {
  if (script === undefined) {
    try {
      script = readFileSync(SCRIPT_FILE, 'utf8');
    } catch (error) {
      throw new Error(`The dashboard's script is not built (${fileURLToPath(SCRIPT_FILE)}): run npm run build`, { cause: error });
    }
  }
  return script;
}

/** The dashboard needs nothing of the world: what it shows it reads through the admin API, its first paint included. */
export interface DashboardDeps {
  /** An admin call answered in process: the request's headers (token, Host) with another path. */
  answer(request: Request, path: string): Response | Promise<Response>;
}

/** How many requests the requests panel shows (the script reads it from the table). */
const REQUEST_ROWS = 200;

/**
 * The GET calls of the script's first refresh. Their answers go into the page, so the first
 * paint shows the panels' content rather than waiting for a round trip per panel; the script
 * takes each one once, then reads the admin API as it always does.
 */
const firstPaintPaths = (): string[] => [
  '/__admin/clock',
  '/__admin/retirement',
  '/__admin/hosts',
  '/__admin/report',
  '/__admin/fidelity',
  '/__admin/demo/migration',
  `/__admin/requests?surface=${HOST_FILTER.map(([value]) => value).join(',')}&limit=${REQUEST_ROWS}`,
  ...(['uat', 'prod'] as const).flatMap((env) =>
    ['merchants', 'checkouts', 'orders', 'callbacks'].map((list) => `/__admin/${env}/${list}`),
  ),
];

/** Each first-paint call's answer by its path; a call that does not answer 200 (a recorder's 409) is left to the script. */
async function firstPaint(deps: DashboardDeps, request: Request): Promise<Record<string, unknown>> {
  const answers = await Promise.all(
    firstPaintPaths().map(async (path) => {
      const response = await deps.answer(new Request(request.url, { headers: request.headers }), path);
      return response.status === 200 ? ([[path, (await response.json()) as unknown]] as const) : [];
    }),
  );
  return Object.fromEntries(answers.flat());
}

/** JSON inside a script element: `<` escaped, so no text of the data can close the element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

export const DASHBOARD_OPERATIONS: readonly AnyOperation<DashboardDeps>[] = [
  adminOperation<DashboardDeps>({
    op: 'getDashboardScript',
    method: 'GET',
    path: '/__admin/ui/dashboard.js',
    summary: "The dashboard's script",
    answers: { '200': { description: 'The script.', contentType: 'application/javascript' }, ...refusals() },
    handler: () => () =>
      new Response(dashboardScript(), {
        headers: { 'content-type': 'application/javascript; charset=utf-8', 'cache-control': 'no-cache' },
      }),
  }),
  adminOperation<DashboardDeps>({
    op: 'getDashboard',
    method: 'GET',
    path: '/__admin/ui',
    summary: 'The dashboard',
    answers: { '200': { description: 'The dashboard page.', contentType: 'text/html' }, ...refusals() },
    handler: (deps) => async (c) => c.html(page(await firstPaint(deps, c.req.raw))),
  }),
];

function envSection(env: 'uat' | 'prod'): ReturnType<typeof html> {
  const name = env.toUpperCase();
  return html`<section class="env" id="env-${env}" aria-labelledby="env-${env}-heading">
    <h2 id="env-${env}-heading">${name}</h2>
    <h3>Merchants, stores and API clients</h3>
    <div class="merchants" data-env="${env}"></div>
    <h3>Checkouts</h3>
    <div class="table-wrap"><table class="checkouts" data-env="${env}">
      <caption class="visually-hidden">${name} checkouts</caption>
      <thead><tr><th scope="col">privateId</th><th scope="col">Status</th><th scope="col">Amount</th><th scope="col">Reference</th><th scope="col">Expires</th><th scope="col">Order</th><th scope="col">Hosted page</th></tr></thead>
      <tbody></tbody>
    </table></div>
    <h3>Orders</h3>
    <div class="table-wrap"><table class="orders" data-env="${env}">
      <caption class="visually-hidden">${name} orders</caption>
      <thead><tr><th scope="col">orderId</th><th scope="col">Status</th><th scope="col">Total</th><th scope="col">Payment</th><th scope="col">Reference</th><th scope="col">Placed</th></tr></thead>
      <tbody></tbody>
    </table></div>
    <h3>Callback attempts</h3>
    <div class="table-wrap"><table class="callbacks" data-env="${env}">
      <caption class="visually-hidden">${name} callback attempts</caption>
      <thead><tr><th scope="col">Kind</th><th scope="col">Checkout</th><th scope="col">URL</th><th scope="col">State</th><th scope="col">Attempts</th><th scope="col">Next attempt</th></tr></thead>
      <tbody></tbody>
    </table></div>
  </section>`;
}

/**
 * The hosts a journal entry can name, with the surfaces' own labels, and the sandbox's calls to
 * the merchant. The script takes its names for them, and its journal query, from this select.
 */
const HOST_FILTER = [
  ...SURFACES.map((surface) => [surface, SURFACE_RECORDS[surface].label] as const),
  ['merchant', 'calls to the merchant'] as const,
];

/** A select of the requests panel's filters; its first option shows everything. */
function filter(name: string, label: string, options: readonly (readonly [string, string])[]): ReturnType<typeof html> {
  return html`<label for="filter-${name}">${label}</label>
      <select id="filter-${name}" name="${name}"><option value="">all</option>${options.map(([value, text]) => html`<option value="${value}">${text}</option>`)}</select>`;
}

function page(initial: Record<string, unknown>): ReturnType<typeof html> {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>checkout-sandbox dashboard</title>
<link rel="icon" href="data:,">
<style>${raw(DASHBOARD_STYLE)}</style>
</head>
<body>
<header><h1>checkout-sandbox</h1><p id="live" role="status" aria-live="polite">Connecting to the event stream…</p>
<button type="button" id="projector" aria-pressed="false">Large type, high contrast</button></header>
<main>
  <section id="clock" aria-labelledby="clock-heading">
    <h2 id="clock-heading">Sandbox clock</h2>
    <p class="now">Now: <output id="clock-now">…</output> <span id="clock-mode"></span></p>
    <p class="local">In Stockholm: <output id="clock-local">…</output></p>
    <form id="clock-set">
      <label for="clock-instant">Set to (ISO-8601)</label>
      <input id="clock-instant" name="now" placeholder="2026-10-30T22:59:00Z" autocomplete="off">
      <label class="inline"><input type="checkbox" id="clock-frozen" name="frozen"> Frozen</label>
      <button type="submit">Set clock</button>
    </form>
    <form id="clock-advance">
      <label for="clock-duration">Advance by (ISO-8601 duration)</label>
      <input id="clock-duration" name="duration" value="PT1H" autocomplete="off">
      <button type="submit">Advance</button>
      <button type="button" data-advance="PT1M">+1 minute</button>
      <button type="button" data-advance="P1D">+1 day</button>
    </form>
    <p class="buttons">
      <button type="button" id="clock-freeze">Freeze</button>
      <button type="button" id="clock-before-shutdown">One minute before the shutdown</button>
      <button type="button" id="clock-shutdown">Jump to the shutdown</button>
      <button type="button" id="clock-real">Back to real time</button>
    </p>
    <div id="clock-problem" role="alert" hidden></div>
  </section>
  <section id="retired" aria-labelledby="retired-heading">
    <h2 id="retired-heading">Retired host</h2>
    <p class="countdown"><output id="retired-countdown">…</output></p>
    <p><strong id="retired-state">…</strong></p>
    <p id="retired-detail"></p>
    <p id="retired-brownouts" hidden></p>
  </section>
  <section id="demo" aria-labelledby="demo-heading">
    <h2 id="demo-heading">Migration demo</h2>
    <p>A demo shop (its own merchant in UAT) moves off the retired host on this sandbox: a checkout on the retired host, the same calls on the legacy host, the clock across the shutdown, then the current API. The panels show each call as it lands; the clock is left just after the shutdown (Back to real time undoes it).</p>
    <p class="buttons"><button type="button" id="demo-play">Play the migration demo</button> <output id="demo-state" role="status"></output></p>
    <ol id="demo-steps"></ol>
  </section>
  <section id="migration" aria-labelledby="migration-heading">
    <h2 id="migration-heading">Integrations: who calls which host, and go-live readiness</h2>
    <p id="migration-summary" role="status"></p>
    <div id="migration-integrations"></div>
  </section>
  <section id="requests" aria-labelledby="requests-heading">
    <h2 id="requests-heading">Requests</h2>
    <form id="request-filters" class="filters">
      ${filter('env', 'Environment', [
        ['uat', 'UAT'],
        ['prod', 'PROD'],
      ])}
      ${filter('surface', 'Host', HOST_FILTER)}
      ${filter('status', 'Status', [
        ['2xx', '2xx'],
        ['3xx', '3xx'],
        ['4xx', '4xx'],
        ['5xx', '5xx'],
        ['900', '900 (a rule broken)'],
        ['refused', 'refused or no answer'],
      ])}
      <output id="requests-shown"></output>
    </form>
    <div class="table-wrap"><table id="request-log" data-rows="${REQUEST_ROWS}">
      <caption class="visually-hidden">Requests to the sandbox and its calls to merchants, newest first</caption>
      <thead><tr><th scope="col">Time (sandbox)</th><th scope="col">Env</th><th scope="col">Host</th><th scope="col">Method</th><th scope="col">Path</th><th scope="col">Status</th><th scope="col">Integration</th><th scope="col"><span class="visually-hidden">Details</span></th></tr></thead>
      <tbody></tbody>
    </table></div>
  </section>
  <section id="fidelity" aria-labelledby="fidelity-heading" hidden>
    <h2 id="fidelity-heading">Fidelity: the real service against the sandbox</h2>
    <p id="fidelity-summary" role="status"></p>
    <div class="table-wrap"><table id="fidelity-divergences">
      <caption class="visually-hidden">Where the sandbox answered otherwise than the real service</caption>
      <thead><tr><th scope="col">Endpoint</th><th scope="col">Kind</th><th scope="col">Pointer or header</th><th scope="col">Real</th><th scope="col">Sandbox</th><th scope="col">Count</th></tr></thead>
      <tbody></tbody>
    </table></div>
    <ul id="fidelity-problems"></ul>
  </section>
  ${envSection('uat')}
  ${envSection('prod')}
  <section id="secret" aria-labelledby="secret-heading" tabindex="-1" hidden>
    <h2 id="secret-heading">New API client: copy the secret now</h2>
    <p>The secret is shown only this once; the sandbox keeps a hash.</p>
    <dl id="secret-detail"></dl>
    <button type="button" id="secret-close">I have copied it</button>
  </section>
  <section id="events" aria-labelledby="events-heading">
    <h2 id="events-heading">Recent events</h2>
    <ol id="event-log" reversed></ol>
  </section>
</main>
<script type="application/json" id="first-paint">${raw(scriptJson(initial))}</script>
<script src="/__admin/ui/dashboard.js" defer></script>
</body>
</html>`;
}
