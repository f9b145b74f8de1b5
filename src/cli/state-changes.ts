/**
 * What a resumed state holds that its scenario does not: the banner lists it, because a
 * restart that silently keeps last week's webhook URL, a clock ten minutes ahead or a
 * five-minute token lifetime is what confuses a newcomer most. Each line reads
 * "<what>: <the scenario's> in the scenario, <the state's> now".
 */
import type { ClockSnapshot } from '../clock.js';
import type { Settings } from '../domain/settings.js';
import { ENVIRONMENTS } from '../hosts.js';
import type { Scenario } from '../store/scenario.js';
import { settingsOf } from '../store/seed.js';
import type { SnapshotDoc } from '../store/snapshot.js';

/** Every difference between the scenario and the saved world, one line each (none: []). */
export function stateChanges(scenario: Scenario, doc: SnapshotDoc, settings: Settings, clock: ClockSnapshot): string[] {
  return [...clockChange(scenario, clock), ...settingChanges(settingsOf(scenario), settings), ...worldChanges(scenario, doc)];
}

/** "tokens.lifetimeSeconds: 3599 in the scenario, 300 now" for every leaf that differs. */
function settingChanges(scenario: unknown, current: unknown, path = ''): string[] {
  const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
  if (isObject(scenario) && isObject(current)) {
    const keys = [...new Set([...Object.keys(scenario), ...Object.keys(current)])];
    return keys.flatMap((key) => settingChanges(scenario[key], current[key], path ? `${path}.${key}` : key));
  }
  const a = JSON.stringify(scenario ?? null);
  const b = JSON.stringify(current ?? null);
  return a === b ? [] : [`${path}: ${a} in the scenario, ${b} now`];
}

/**
 * The clock against the scenario's: frozen or ticking, and how far from the machine's time
 * when the scenario runs on it. A scenario clock that ticks from an instant has moved on by
 * itself since the seed, so only a freeze is told apart there.
 */
function clockChange(scenario: Scenario, clock: ClockSnapshot): string[] {
  const wanted = scenario.clock;
  const current =
    clock.mode === 'frozen' ? `frozen at ${clock.at}` : clock.offsetMs === 0 ? "the machine's time" : offsetText(clock.offsetMs);
  if (!wanted || (wanted.now === undefined && !wanted.frozen)) {
    const onRealTime = clock.mode === 'offset' && Math.abs(clock.offsetMs) < 1000;
    return onRealTime ? [] : [`clock: the machine's time in the scenario, ${current} now (DELETE /__admin/clock goes back to it)`];
  }
  if (wanted.frozen) {
    const same = clock.mode === 'frozen' && (wanted.now === undefined || Date.parse(clock.at) === Date.parse(wanted.now));
    return same ? [] : [`clock: frozen${wanted.now ? ` at ${wanted.now}` : ''} in the scenario, ${current} now`];
  }
  return clock.mode === 'frozen' ? [`clock: ticking from ${wanted.now} in the scenario, ${current} now`] : [];
}

/** "10 min ahead of the machine's time", "2 h 5 min behind …". */
function offsetText(offsetMs: number): string {
  let seconds = Math.round(Math.abs(offsetMs) / 1000);
  const parts: string[] = [];
  for (const [unit, size] of [
    ['d', 86_400],
    ['h', 3600],
    ['min', 60],
    ['s', 1],
  ] as const) {
    if (seconds >= size && parts.length < 2) parts.push(`${Math.floor(seconds / size)} ${unit}`);
    seconds %= size;
  }
  return `${parts.join(' ') || '0 s'} ${offsetMs > 0 ? 'ahead of' : 'behind'} the machine's time`;
}

/** Merchants' callback URLs, API clients, and the checkouts and orders created since the seed. */
function worldChanges(scenario: Scenario, doc: SnapshotDoc): string[] {
  const lines: string[] = [];
  const uri = (value: string | null | undefined): string => value ?? 'none';
  for (const env of ENVIRONMENTS) {
    const seeded = scenario.environments[env].merchants;
    const state = doc.environments[env];
    for (const merchant of state.merchants) {
      const at = `${env}.merchants.${merchant.id}`;
      const origin = seeded.find((m) => m.id === merchant.id);
      if (!origin) {
        lines.push(`${at}: not in the scenario, added since`);
        continue;
      }
      for (const key of ['webhookUri', 'invoiceStatusUri'] as const) {
        if (uri(origin[key]) !== uri(merchant[key]))
          lines.push(`${at}.${key}: ${uri(origin[key])} in the scenario, ${uri(merchant[key])} now`);
      }
      const seededClients = new Set(origin.apiClients.map((c) => c.clientId.toLowerCase()));
      for (const client of state.apiClients.filter((c) => c.merchantId === merchant.id)) {
        const what = [
          seededClients.has(client.clientId) ? null : 'created since the seed',
          client.revokedAt ? `revoked at ${client.revokedAt}` : null,
          client.secrets.length !== 1 ? `${client.secrets.length} secrets (the scenario gives 1)` : null,
        ].filter((part) => part !== null);
        if (what.length) lines.push(`${at}.apiClients.${client.clientId}: ${what.join(', ')}`);
      }
    }
    // Seeded records are dated at or before the seed (sandbox time); later ones were created
    // since. (A clock moved back before the seed would hide one: rare, and only the count errs.)
    const seededAt = Date.parse(doc.seededAt);
    const since = (dates: string[], kind: string): void => {
      const created = dates.filter((date) => Date.parse(date) > seededAt).length;
      if (created) lines.push(`${env}.${kind}: ${created} created since the seed (${dates.length} in all)`);
    };
    since(
      state.checkouts.map((c) => c.createdAt),
      'checkouts',
    );
    since(
      state.orders.map((o) => o.placedAt),
      'orders',
    );
  }
  return lines;
}
