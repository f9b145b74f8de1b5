/**
 * The migration report panel: per integration, its calls to each host (retired, legacy,
 * current), its findings, its latest authentication failures and its go-live readiness;
 * the integrations still on the retired host first.
 */
import { api } from './api.js';
import type { MigrationReport, PrincipalReport } from './answers.js';
import { SURFACE_NAMES, callerOf, surfaceName } from './names.js';
import { $, el } from './page.js';
import { readinessOf } from './readiness.js';
import { count, instant, sentence } from './words.js';

type HostGroup = 'retired' | 'legacy' | 'current';

/** The report's groups of hosts, each named as the host filter names its surface. */
const HOST_GROUPS: readonly [HostGroup, string][] = (
  [
    ['retired', 'retired'],
    ['legacy', 'legacy'],
    ['current', 'api'],
  ] as const
).map(([group, surface]) => [group, sentence(surfaceName(surface))]);

const RANKS = ['retired', 'legacy', 'current', 'none'] as const;

function rank(p: PrincipalReport): number {
  return p.retired.calls > 0 ? 0 : p.legacy.calls > 0 ? 1 : p.current.calls > 0 ? 2 : 3;
}

function integrationCard(p: PrincipalReport): HTMLElement {
  const env = p.envs[0] || 'uat';
  const caller = callerOf(
    env,
    p.kind === 'client'
      ? { clientId: p.principal, merchantId: p.merchantId }
      : p.kind === 'sharedkey'
        ? { username: p.principal, merchantId: p.merchantId }
        : {},
  );
  const hosts = el(
    'ul',
    { class: 'hosts' },
    HOST_GROUPS.map(([group, name]) => {
      const calls = p[group];
      return el('li', { class: group + (calls.calls ? ' used' : '') }, [
        el('span', { class: 'label', text: name }),
        el('span', { class: 'count', text: String(calls.calls) }),
        el('span', { class: 'when', text: calls.lastSeen ? `last ${instant(calls.lastSeen)}` : 'no calls' }),
      ]);
    }),
  );
  const findings = el(
    'ul',
    { class: 'findings' },
    p.findings.map((f) =>
      el('li', { class: `finding ${f.code}` }, [el('span', { class: `severity ${f.severity}`, text: f.severity }), sentence(f.message)]),
    ),
  );
  const failures = p.authFailures
    .slice(-3)
    .reverse()
    .map((f) => el('li', { text: `${instant(f.at)} ${f.method} ${surfaceName(f.surface)} ${f.path} → ${f.status} ${f.auth}: ${f.cause}` }));
  return el('article', { class: `integration on-${RANKS[rank(p)]}`, 'data-principal': p.principal }, [
    el('h3', {}, [
      caller.who || 'Calls without credentials',
      caller.merchant ? el('span', { class: 'who', text: ` · ${caller.merchant}` }) : null,
      el('span', { class: 'who', text: ` · ${p.envs.join(', ').toUpperCase()}` }),
    ]),
    el('p', { class: 'last-seen', text: `Last seen ${instant(p.lastSeen)}` }),
    hosts,
    findings,
    failures.length ? el('ul', { class: 'failures', 'aria-label': 'Latest authentication failures' }, failures) : null,
    readinessOf(p),
  ]);
}

let lastReport: MigrationReport | null = null;

function showReport(report: MigrationReport): void {
  lastReport = report;
  const principals = report.principals.slice().sort((a, b) => rank(a) - rank(b));
  const on = (group: HostGroup): number => principals.filter((p) => p[group].calls > 0).length;
  $('migration-summary').textContent =
    principals.length === 0
      ? 'No integration has called yet: calls to the retired, legacy and current hosts show here as they arrive.'
      : `${count(principals.length, 'integration')} seen in the latest ${count(report.entries, 'request')}: ` +
        `${on('retired')} still calling the ${SURFACE_NAMES.retired}, ${on('legacy')} the ${SURFACE_NAMES.legacy}, ${on('current')} the ${SURFACE_NAMES.api}.`;
  const box = $('migration-integrations');
  box.textContent = '';
  for (const p of principals) box.appendChild(integrationCard(p));
}

/** The cards again, with the names as they now stand (a client created or renamed). */
export function redrawReport(): void {
  if (lastReport) showReport(lastReport);
}

export function refreshReport(): Promise<void> {
  return api<MigrationReport>('GET', '/__admin/report').then(showReport);
}

/** The report reads the whole journal: under a stream of requests it is read again at most once a second. */
let reportTimer: ReturnType<typeof setTimeout> | null = null;
let reportReadAt = -Infinity;

export function scheduleReport(): void {
  if (reportTimer) return;
  reportTimer = setTimeout(
    () => {
      reportTimer = null;
      reportReadAt = performance.now();
      void refreshReport();
    },
    Math.max(150, reportReadAt + 1000 - performance.now()),
  );
}
