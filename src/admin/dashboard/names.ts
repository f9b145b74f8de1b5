/**
 * Names for what the journal and the report give as ids: the real host name per env and
 * surface, the surfaces' own labels (from the page's host filter, which the server fills from
 * the surfaces' records), and the merchants and API clients of each env.
 */
import { api } from './api.js';
import type { Env, HostList, JournalRow, Merchant } from './answers.js';
import { short } from './words.js';

const hostNames = new Map<string, string>();
const merchantNames: Record<Env, Map<string, string>> = { uat: new Map(), prod: new Map() };
const clientNames: Record<Env, Map<string, { name: string; merchantId: string }>> = { uat: new Map(), prod: new Map() };

/** What the page's host filter names each surface; the journal query names them all. */
export const SURFACE_NAMES: Readonly<Record<string, string>> = Object.fromEntries(
  Array.from(document.querySelectorAll('#filter-surface option[value]:not([value=""])'), (option) => [
    option.getAttribute('value') ?? '',
    option.textContent ?? '',
  ]),
);

/** A surface's label; one the filter does not name (or none) as it came. */
export function surfaceName(surface: string | null): string {
  return (surface && SURFACE_NAMES[surface]) || surface || '';
}

export function refreshHosts(): Promise<void> {
  return api<HostList>('GET', '/__admin/hosts').then((body) => {
    for (const h of body.hosts) hostNames.set(`${h.env}/${h.surface}`, h.realHost);
  });
}

export function hostNameOf(env: string, surface: string | null): string | undefined {
  return hostNames.get(`${env}/${surface ?? ''}`);
}

const listeners: (() => void)[] = [];

/** Called whenever the names change (a client created or renamed): what shows names redraws. */
export function onNamesChanged(listener: () => void): void {
  listeners.push(listener);
}

/** The merchants of an env, as the merchants panel just read them. */
export function takeMerchantNames(env: Env, merchants: readonly Merchant[]): void {
  merchantNames[env].clear();
  clientNames[env].clear();
  for (const m of merchants) {
    merchantNames[env].set(m.id, m.name);
    for (const c of m.apiClients) clientNames[env].set(c.clientId, { name: c.name, merchantId: m.id });
  }
  for (const listener of listeners) listener();
}

/** Who made a call, as authentication told (a journal entry's principal); the report names a merchant or none (null). */
type Principal = Omit<JournalRow['principal'], 'merchantId'> & { merchantId?: string | null | undefined };

const isEnv = (env: string): env is Env => env === 'uat' || env === 'prod';

/** Who made a call, in words: the API client or SharedKey user and its merchant. */
export function callerOf(env: string, principal: Principal | undefined): { who: string; merchant: string } {
  const p = principal ?? {};
  const known = isEnv(env);
  const client = p.clientId && known ? clientNames[env].get(p.clientId) : undefined;
  const merchantId = p.merchantId || client?.merchantId || null;
  const merchantName = merchantId && known ? merchantNames[env].get(merchantId) : undefined;
  const merchant = merchantId ? (merchantName ? `${merchantName} (${merchantId})` : `merchant ${merchantId}`) : '';
  const who = p.clientId
    ? `API client ${client?.name ? `${client.name} (${short(p.clientId)})` : p.clientId}`
    : p.username
      ? `SharedKey user ${p.username}`
      : '';
  return { who, merchant };
}
