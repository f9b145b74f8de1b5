/**
 * API clients of one environment, as the merchant portal manages them and the identity
 * provider and bearer checks look them up. The only code that changes them.
 */
import type { Clock } from '../clock.js';
import type { ApiClient, Merchant } from '../domain/merchant.js';
import type { EnvName } from '../hosts.js';
import {
  type IssuedSecret,
  type NewApiClient,
  type NewSecret,
  addSecret,
  createApiClient,
  deleteSecret,
  revokeClient,
} from '../identity/clients.js';
import { put } from '../store/state.js';
import type { StateStore } from '../store/store.js';

export class ApiClientService {
  constructor(
    private readonly store: StateStore,
    private readonly clock: Clock,
    readonly env: EnvName,
  ) {}

  private get clients() {
    return this.store.env(this.env).apiClients;
  }

  /** By client id (any case), whatever its merchant: the token endpoint's and the bearer check's lookup. */
  find(clientId: string): ApiClient | undefined {
    return this.clients.get(clientId.toLowerCase());
  }

  /** The merchant's client, or undefined. */
  get(merchantId: string, clientId: string): ApiClient | undefined {
    const client = this.find(clientId);
    return client && client.merchantId === merchantId ? client : undefined;
  }

  list(merchantId?: string): ApiClient[] {
    const all = this.clients.toArray();
    return merchantId === undefined ? all : all.filter((c) => c.merchantId === merchantId);
  }

  async create(merchant: Merchant, input: NewApiClient): Promise<{ client: ApiClient; secret: IssuedSecret }> {
    const created = createApiClient(merchant, input, this.clock.iso());
    await this.save(created.client);
    return created;
  }

  async rename(client: ApiClient, changes: { name?: string; tokenLifetimeSeconds?: number | null }): Promise<ApiClient> {
    const next = { ...client, ...changes };
    await this.save(next);
    return next;
  }

  async addSecret(client: ApiClient, input: NewSecret): Promise<{ client: ApiClient; secret: IssuedSecret }> {
    const added = addSecret(client, input, this.clock.iso());
    await this.save(added.client);
    return added;
  }

  /** null when the client has no such secret. */
  async deleteSecret(client: ApiClient, secretId: string): Promise<ApiClient | null> {
    const next = deleteSecret(client, secretId);
    if (next) await this.save(next);
    return next;
  }

  async revoke(client: ApiClient): Promise<ApiClient> {
    const next = revokeClient(client, this.clock.iso());
    await this.save(next);
    return next;
  }

  private save(client: ApiClient): Promise<void> {
    return this.store.apply([put(this.env, 'apiClients', client)]);
  }
}
