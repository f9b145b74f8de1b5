/**
 * The merchants of one environment, as the auth checks and the handlers look them up: by
 * id, by SharedKey username, and their stores. Merchants come from the scenario, or are added
 * at run time with their own stores and credentials (a shop that keeps its settings); the URLs
 * a merchant registers for callbacks (and its webhook HMAC key) change at run time.
 */
import { randomBytes } from 'node:crypto';
import { instant } from '../clock.js';
import type { ApiClient, Merchant, MerchantCallbacks, MerchantEntry, Store } from '../domain/merchant.js';
import type { EnvName } from '../hosts.js';
import { secretMatches } from '../domain/secret-hash.js';
import { createApiClient } from '../identity/clients.js';
import { merchantFromEntry } from '../store/seed.js';
import { type EnvState, put } from '../store/state.js';
import type { StateStore } from '../store/store.js';

export class MerchantDirectory {
  constructor(
    private readonly store: StateStore,
    private readonly env: EnvName,
  ) {}

  private state(): EnvState {
    return this.store.env(this.env);
  }

  /** Where the merchant's webhooks and invoice-status calls go, and the key its webhooks are signed with; null when there is no such merchant. */
  async setCallbackUris(merchantId: string, uris: Partial<MerchantCallbacks>): Promise<Merchant | null> {
    const merchant = this.byId(merchantId);
    if (!merchant) return null;
    const next = { ...merchant, ...uris };
    await this.store.apply([put(this.env, 'merchants', next)]);
    return next;
  }

  /** How much the merchant's order reads lag its order actions (null: none); null when there is no such merchant. */
  async setOrderReadLag(merchantId: string, orderReadLagSeconds: number | null): Promise<Merchant | null> {
    const merchant = this.byId(merchantId);
    if (!merchant) return null;
    const next = { ...merchant, orderReadLagSeconds };
    await this.store.apply([put(this.env, 'merchants', next)]);
    return next;
  }

  /**
   * What of the entry another merchant of the environment already has (its id, SharedKey
   * username, a store id, an API client id), as a sentence; null when it is all free.
   * A caller would otherwise be ambiguous, as the scenario schema refuses at start.
   */
  conflictOf(entry: MerchantEntry): string | null {
    const state = this.state();
    const differences = this.differencesFrom(entry);
    if (differences !== null) return `merchant ${entry.id} exists already, with other settings: ${differences.join('; ')}`;
    const byUser = this.bySharedKeyUsername(entry.sharedKey.username);
    if (byUser) return `SharedKey username ${entry.sharedKey.username} belongs to merchant ${byUser.id}`;
    for (const store of entry.stores) {
      const owner = this.list().find((m) => m.stores.some((s) => s.id === store.id));
      if (owner) return `store ${store.id} belongs to merchant ${owner.id}`;
    }
    const ids = new Set<string>();
    for (const client of entry.apiClients) {
      const id = client.clientId.toLowerCase();
      const owner = state.apiClients.get(id);
      if (owner) return `API client ${id} belongs to merchant ${owner.merchantId}`;
      if (ids.has(id)) return `API client ${id} is given twice`;
      ids.add(id);
    }
    const storeIds = entry.stores.map((s) => s.id);
    const twice = storeIds.find((id, i) => storeIds.indexOf(id) !== i);
    return twice === undefined ? null : `store ${twice} is given twice`;
  }

  /**
   * How the merchant of the entry's id differs from the entry in what a shop configures (name,
   * stores, SharedKey, API clients and their secrets); null when there is no such merchant, empty
   * when it is the same, so that registering the same shop twice is not a conflict.
   */
  differencesFrom(entry: MerchantEntry): string[] | null {
    const existing = this.byId(entry.id);
    if (!existing) return null;
    const differences: string[] = [];
    if (existing.name !== entry.name) differences.push(`name is '${existing.name}', not '${entry.name}'`);
    const stores = (list: readonly Pick<Store, 'id' | 'countryCode' | 'currency'>[]) =>
      list.map((s) => `${s.id} (${s.countryCode}, ${s.currency})`).join(', ');
    if (stores(existing.stores) !== stores(entry.stores))
      differences.push(`stores are ${stores(existing.stores)}, not ${stores(entry.stores)}`);
    if (existing.sharedKey.username !== entry.sharedKey.username)
      differences.push(`SharedKey username is ${existing.sharedKey.username}, not ${entry.sharedKey.username}`);
    else if (existing.sharedKey.key !== entry.sharedKey.key) differences.push(`the SharedKey of ${existing.sharedKey.username} is another`);
    const clients = [...this.state().apiClients.values()].filter((c) => c.merchantId === existing.id);
    const ids = (list: readonly { clientId: string }[]) =>
      list
        .map((c) => c.clientId.toLowerCase())
        .sort()
        .join(', ') || 'none';
    if (ids(clients) !== ids(entry.apiClients)) differences.push(`API clients are ${ids(clients)}, not ${ids(entry.apiClients)}`);
    else
      for (const asked of entry.apiClients) {
        const client = clients.find((c) => c.clientId.toLowerCase() === asked.clientId.toLowerCase());
        if (client && !client.secrets.some((s) => secretMatches(asked.clientSecret, s.salt, s.hash)))
          differences.push(`the secret of API client ${client.clientId} is another`);
      }
    return differences;
  }

  /** Adds the merchant with its stores and API clients in one change (the caller checked conflictOf). */
  async add(entry: MerchantEntry, nowIso: string): Promise<{ merchant: Merchant; apiClients: ApiClient[] }> {
    // A shop's own merchant signs its webhooks too: a key of its own when the entry names none.
    const merchant = merchantFromEntry(entry, () => randomBytes(16).toString('hex'));
    const apiClients = entry.apiClients.map(
      (c) =>
        createApiClient(
          merchant,
          {
            clientId: c.clientId,
            clientSecret: c.clientSecret,
            name: c.name,
            tokenLifetimeSeconds: c.tokenLifetimeSeconds ?? null,
            expiresAt: c.secretExpiresAt ? instant(c.secretExpiresAt).toISOString() : null,
          },
          nowIso,
        ).client,
    );
    await this.store.apply([put(this.env, 'merchants', merchant), ...apiClients.map((client) => put(this.env, 'apiClients', client))]);
    return { merchant, apiClients };
  }

  byId(merchantId: string): Merchant | undefined {
    return this.state().merchants.get(merchantId);
  }

  bySharedKeyUsername(username: string): Merchant | undefined {
    return this.state().merchants.getBy('username', username);
  }

  list(): Merchant[] {
    return this.state().merchants.toArray();
  }

  /** The merchant's store by id; with no id, its only store (null when it has several). */
  storeOf(merchant: Merchant, storeId: string | null): Store | null | undefined {
    if (storeId === null) return merchant.stores.length === 1 ? merchant.stores[0]! : null;
    return merchant.stores.find((store) => store.id === storeId);
  }
}
