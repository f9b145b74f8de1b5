/**
 * The migration report (GET /__admin/report): the journal read per principal, answering what
 * a migrating merchant asks. Which calls still go to the retired host (and when they start
 * failing), which to the legacy host, which already use the current API; tokens requested
 * against API calls per client; every auth failure with its cause. Computed on demand from
 * whatever the ring still holds.
 */
import { LEFT_TO_THE_SHOP, type ReadinessResult, type TrafficEntry, evaluateReadiness } from '../domain/readiness/readiness.js';
import type { RetirementSettings } from '../domain/settings.js';
import { parseSharedKeyHeader } from '../domain/sharedkey-signature.js';
import type { Principal } from '../http/notes.js';
import { type RawEntry, requestHeader } from './journal.js';
import { principalOf as callerOf } from '../faults/faults.js';
import { sharedTraffic, trafficEntry } from './traffic.js';
import { spanInWords } from '../domain/time-span.js';

export interface ReportContext {
  nowMs: number;
  retirement: RetirementSettings;
  /** The real host name of a surface, e.g. checkout-api.example (for the wording). */
  hostName(env: string, surface: string): string;
  isoOf(ms: number): string;
  /** How many entries the journal's ring holds at most (to say when it has dropped some). */
  ringSize?: number;
}

interface CallGroup {
  calls: number;
  /** Sandbox time of the latest call; null: none. */
  lastSeen: string | null;
  /** 'GET /checkout/{id}' → count. */
  endpoints: Record<string, number>;
}

interface AuthFailure {
  at: string;
  env: string | null;
  surface: string | null;
  method: string;
  path: string;
  status: number | 'refused' | null;
  auth: string;
  cause: string;
}

export interface Finding {
  /** retired-host, legacy-host, current-api, token-per-call, auth-failure */
  code: string;
  severity: 'error' | 'warning' | 'info';
  message: string;
}

export interface PrincipalReport {
  principal: string;
  kind: 'sharedkey' | 'client' | 'unknown';
  merchantId: string | null;
  envs: string[];
  /** Sandbox time of its latest call, on any host. */
  lastSeen: string;
  retired: CallGroup;
  legacy: CallGroup;
  current: CallGroup;
  tokens: { requested: number; apiCalls: number } | null;
  authFailures: AuthFailure[];
  findings: Finding[];
  /** Go-live readiness: one result per item (src/domain/readiness), from what the journal holds. */
  readiness: ReadinessResult[];
}

/** What the report could read: the journal is a bounded ring, and the items see only what it still holds. */
export interface ReportWindow {
  /** Entries held (every direction and surface). */
  held: number;
  /** The ring's size; null when not known. */
  size: number | null;
  /** The ring is full: older entries have been dropped. */
  full: boolean;
  oldestId: number | null;
  oldestAt: string | null;
}

export interface MigrationReport {
  generatedAt: string;
  retirement: { shutdownAt: string; shutDown: boolean; daysLeft: number };
  /** How many journal entries the report read (the ring may have dropped older ones). */
  entries: number;
  window: ReportWindow;
  principals: PrincipalReport[];
  /** The go-live checklist's questions the traffic cannot answer: the shop answers them itself. */
  leftToTheShop: readonly { title: string; source: string }[];
}

const DAY_MS = 86_400_000;

export function buildReport(entries: readonly RawEntry[], ctx: ReportContext): MigrationReport {
  const shutdownMs = Date.parse(ctx.retirement.shutdownAt);
  const byPrincipal = new Map<string, PrincipalReport>();
  const inbound = entries.filter((e) => e.direction === 'in' && e.surface !== 'admin' && e.surface !== null);
  const own = new Map<PrincipalReport, TrafficEntry[]>();
  // Oldest first, so failures read in the order they happened.
  for (const entry of [...inbound].reverse()) {
    const report = principalOf(byPrincipal, entry);
    if (entry.surface !== 'frontend') {
      const list = own.get(report);
      if (list) list.push(trafficEntry(entry));
      else own.set(report, [trafficEntry(entry)]);
    }
    const at = ctx.isoOf(entry.atMs);
    report.lastSeen = at;
    if (entry.env && !report.envs.includes(entry.env)) report.envs.push(entry.env);
    const auth = entry.notes.auth ?? 'none';
    const failed = isAuthFailure(auth);
    if (failed) {
      report.authFailures.push({
        at,
        env: entry.env,
        surface: entry.surface,
        method: entry.method,
        path: entry.path,
        status: entry.status,
        auth,
        cause: entry.notes.authCause ?? auth,
      });
    }
    if (auth.startsWith('token:')) {
      if (auth === 'token:ok') (report.tokens ??= { requested: 0, apiCalls: 0 }).requested++;
      continue;
    }
    if (entry.surface === 'retired') add(report.retired, entry, at);
    else if (entry.surface === 'legacy') add(report.legacy, entry, at);
    else if (entry.surface === 'api' && auth.startsWith('bearer:')) {
      add(report.current, entry, at);
      if (auth === 'bearer:ok') (report.tokens ??= { requested: 0, apiCalls: 0 }).apiCalls++;
    }
  }
  const window = windowOf(entries, ctx);
  // No "now": the items read the traffic only, so the same journal reads the same at any moment.
  const shared = sharedTraffic(entries);
  for (const report of byPrincipal.values()) {
    report.findings = findingsOf(report, ctx, shutdownMs);
    report.readiness = evaluateReadiness({ ...shared, own: own.get(report) ?? [] }).map((result) =>
      window.full ? { ...result, detail: `${result.detail} ${windowNote(window)}` } : result,
    );
  }
  return {
    generatedAt: ctx.isoOf(ctx.nowMs),
    retirement: {
      shutdownAt: ctx.retirement.shutdownAt,
      shutDown: ctx.nowMs >= shutdownMs,
      daysLeft: Math.max(0, Math.ceil((shutdownMs - ctx.nowMs) / DAY_MS)),
    },
    entries: inbound.length,
    window,
    leftToTheShop: LEFT_TO_THE_SHOP,
    principals: [...byPrincipal.values()].filter(
      (p) => p.retired.calls + p.legacy.calls + p.current.calls + p.authFailures.length + (p.tokens?.requested ?? 0) > 0,
    ),
  };
}

function windowOf(entries: readonly RawEntry[], ctx: ReportContext): ReportWindow {
  const oldest = entries[entries.length - 1];
  const size = ctx.ringSize ?? null;
  return {
    held: entries.length,
    size,
    full: size !== null && entries.length >= size,
    oldestId: oldest?.id ?? null,
    oldestAt: oldest ? ctx.isoOf(oldest.atMs) : null,
  };
}

/** Said on every item once the ring has dropped entries: what it read, and that older traffic is gone. */
function windowNote(window: ReportWindow): string {
  return `(Read from the ${window.held} entries the journal still holds, from #${window.oldestId} at ${window.oldestAt}; older ones were dropped.)`;
}

function isAuthFailure(auth: string): boolean {
  if (auth === 'none' || auth.endsWith(':ok')) return false;
  return true;
}

function principalOf(map: Map<string, PrincipalReport>, entry: RawEntry): PrincipalReport {
  const p = entry.notes.principal ?? claimedPrincipal(entry);
  const name = p.clientId ?? p.username ?? '(no credentials)';
  const kind = p.clientId ? 'client' : p.username ? 'sharedkey' : 'unknown';
  const key = `${kind}:${name}`;
  let report = map.get(key);
  if (!report) {
    const empty = (): CallGroup => ({ calls: 0, lastSeen: null, endpoints: {} });
    report = {
      principal: name,
      kind,
      merchantId: p.merchantId ?? null,
      envs: [],
      lastSeen: '',
      retired: empty(),
      legacy: empty(),
      current: empty(),
      tokens: null,
      authFailures: [],
      findings: [],
      readiness: [],
    };
    map.set(key, report);
  }
  if (!report.merchantId && p.merchantId) report.merchantId = p.merchantId;
  return report;
}

/**
 * Who a call says it is when nothing authenticated it: the retired host, once shut, refuses
 * before SharedKey is checked, and those calls belong to the user whose calls they continue;
 * an injected fault answers before any authentication.
 */
function claimedPrincipal(entry: RawEntry): Principal {
  const header = requestHeader(entry, 'authorization');
  if (entry.surface === 'retired') {
    const parsed = parseSharedKeyHeader(header ?? undefined);
    return parsed.ok ? { username: parsed.username } : {};
  }
  // A fault rule answered before authentication ran (an injected 423, say): the call is still
  // the integration's, and its reaction to the answer is part of its readiness.
  if (entry.notes.auth === undefined && (entry.surface === 'api' || entry.surface === 'legacy') && header) {
    if (/^sharedkey\s/i.test(header.trim())) {
      const parsed = parseSharedKeyHeader(header);
      return parsed.ok ? { username: parsed.username } : {};
    }
    const clientId = callerOf(header);
    return clientId ? { clientId } : {};
  }
  return {};
}

function add(group: CallGroup, entry: RawEntry, at: string): void {
  group.calls++;
  group.lastSeen = at;
  const endpoint = `${entry.method} ${pathTemplate(entry.path)}`;
  group.endpoints[endpoint] = (group.endpoints[endpoint] ?? 0) + 1;
}

/** Ids out of paths, so calls group by endpoint: uuids, numbers, long tokens → {id}. */
function pathTemplate(path: string): string {
  return path
    .split('/')
    .map((segment) => (/^[0-9a-f]{8}-[0-9a-f]{4}-|^\d+$|^[A-Za-z0-9_-]{20,}$/i.test(segment) ? '{id}' : segment))
    .join('/');
}

function endpoints(group: CallGroup): string {
  return Object.entries(group.endpoints)
    .map(([endpoint, n]) => `${endpoint} ×${n}`)
    .join(', ');
}

function findingsOf(report: PrincipalReport, ctx: ReportContext, shutdownMs: number): Finding[] {
  const findings: Finding[] = [];
  const env = report.envs[0] ?? 'uat';
  if (report.retired.calls > 0) {
    const when =
      ctx.nowMs >= shutdownMs
        ? `the host was shut down at ${ctx.retirement.shutdownAt}: these calls fail now`
        : `they will fail after the shutdown at ${ctx.retirement.shutdownAt} (in ${spanInWords(shutdownMs - ctx.nowMs)} of sandbox time)`;
    findings.push({
      code: 'retired-host',
      severity: 'error',
      message:
        `${report.retired.calls} call${plural(report.retired.calls)} still ${verb(report.retired.calls, 'go')} to the retired host ${ctx.hostName(env, 'retired')} (${endpoints(report.retired)}); ${when}. ` +
        `Move to the current API ${ctx.hostName(env, 'api')} with a bearer token (recommended) or, replacing the host name only, to the legacy host ${ctx.hostName(env, 'legacy')}.`,
    });
  }
  if (report.legacy.calls > 0) {
    findings.push({
      code: 'legacy-host',
      severity: 'warning',
      message:
        `${report.legacy.calls} call${plural(report.legacy.calls)} ${verb(report.legacy.calls, 'go')} to the legacy host ${ctx.hostName(env, 'legacy')} with SharedKey (${endpoints(report.legacy)}): ` +
        `transitional; order administration is only on the current API ${ctx.hostName(env, 'api')}.`,
    });
  }
  if (report.current.calls > 0) {
    findings.push({
      code: 'current-api',
      severity: 'info',
      message: `${report.current.calls} call${plural(report.current.calls)} already ${verb(report.current.calls, 'use')} the current API ${ctx.hostName(env, 'api')} (${endpoints(report.current)}).`,
    });
  }
  const tokens = report.tokens;
  if (tokens && tokens.requested >= 2 && tokens.requested * 2 >= tokens.apiCalls) {
    findings.push({
      code: 'token-per-call',
      severity: 'warning',
      message:
        `requested ${tokens.requested} tokens for ${tokens.apiCalls} API call${plural(tokens.apiCalls)}: a token is valid for its expires_in (about an hour); ` +
        'cache it and reuse it until shortly before it expires instead of fetching one per call (the identity provider throttles token requests).',
    });
  }
  if (report.authFailures.length > 0) {
    const counts = new Map<string, number>();
    for (const failure of report.authFailures) counts.set(failure.auth, (counts.get(failure.auth) ?? 0) + 1);
    findings.push({
      code: 'auth-failure',
      severity: 'error',
      message: `${report.authFailures.length} authentication failure${plural(report.authFailures.length)}: ${[...counts].map(([auth, n]) => `${auth} ×${n}`).join(', ')} (causes below).`,
    });
  }
  return findings;
}

function verb(n: number, base: string): string {
  return n === 1 ? (base.endsWith('o') ? `${base}es` : `${base}s`) : base;
}

function plural(n: number): string {
  return n === 1 ? '' : 's';
}

/** The report for a terminal. */
export function reportText(report: MigrationReport): string {
  const lines: string[] = [];
  lines.push(`Migration report at ${report.generatedAt} (sandbox time), from ${report.entries} journaled requests`);
  lines.push(
    report.retirement.shutDown
      ? `The retired host was shut down at ${report.retirement.shutdownAt}.`
      : `The retired host shuts down at ${report.retirement.shutdownAt} (${spanInWords(Date.parse(report.retirement.shutdownAt) - Date.parse(report.generatedAt))} left).`,
  );
  if (report.principals.length === 0) lines.push('', 'No integration has called the retired, legacy or current hosts yet.');
  for (const principal of report.principals) {
    lines.push(
      '',
      `${principal.kind === 'client' ? 'API client' : principal.kind === 'sharedkey' ? 'SharedKey user' : 'Caller'} ${principal.principal}` +
        `${principal.merchantId ? ` (merchant ${principal.merchantId})` : ''} [${principal.envs.join(', ').toUpperCase()}]`,
    );
    for (const finding of principal.findings) lines.push(`  ${finding.severity.toUpperCase().padEnd(7)} ${finding.message}`);
    for (const failure of principal.authFailures) {
      lines.push(
        `    ${failure.at} ${failure.method} ${failure.env ?? '?'}/${failure.surface ?? '?'}${failure.path} → ${failure.status} ${failure.auth}: ${failure.cause}`,
      );
    }
    const tally = (status: ReadinessResult['status']): number => principal.readiness.filter((item) => item.status === status).length;
    lines.push(
      `  Go-live readiness: ${tally('met')} met, ${tally('not-met')} not met, ${tally('not-seen')} not seen (item by item: report --readiness).`,
    );
  }
  return `${lines.join('\n')}\n`;
}
