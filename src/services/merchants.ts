/**
 * The merchants of one environment, as the auth checks and the handlers look them up: by
 * id, by SharedKey username, and their stores. Merchants come from the scenario; only the
 * URLs the merchant registers for callbacks (and its webhook HMAC key) change at run time.
 */
import type { Merchant, Store } from '../domain/model.js';
import type { EnvName } from '../hosts.js';
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
  async setCallbackUris(merchantId: string, uris: { webhookUri?: string | null; webhookHmacKey?: string | null; invoiceStatusUri?: string | null }): Promise<Merchant | null> {
    const merchant = this.byId(merchantId);
    if (!merchant) return null;
    const next = { ...merchant, ...uris };
    await this.store.apply([put(this.env, 'merchants', next)]);
    return next;
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
