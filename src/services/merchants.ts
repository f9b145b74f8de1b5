/**
 * The merchants of one environment, as the auth checks and the handlers look them up: by
 * id, by SharedKey username, and their stores. Read-only: merchants come from the scenario.
 */
import type { Merchant, Store } from '../domain/model.js';
import type { EnvState } from '../store/state.js';

export class MerchantDirectory {
  constructor(private readonly state: () => EnvState) {}

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
