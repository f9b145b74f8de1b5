/**
 * Credentials in the replay: a recording holds none (they were redacted), so the world's own
 * stand in. Bearer requests get the token the world issued when the recorded token request
 * was replayed (the redacted token is the link), or a fresh one for the scenario's client;
 * SharedKey requests are signed again with the world's key over the exact bytes sent
 * (src/domain/sharedkey-signature.ts, what the sandbox verifies with). A credential the real
 * service refused (401) is sent as recorded: a placeholder is no credential either.
 */
import { sharedKeyHeaderValue } from '../domain/sharedkey-signature.js';
import type { EnvName } from '../hosts.js';
import { TENANTS } from '../identity/tenants.js';
import type { Sandbox } from '../sandbox.js';
import type { ApiClientCredentials, WorldDirectory } from './mapping.js';

export class Credentials {
  /** Redacted token (placeholder) → the world's token for the same request. */
  private readonly tokens = new Map<string, string>();
  /** A fresh token per client, for calls whose token the recording never saw issued. */
  private readonly fresh = new Map<string, string>();
  /** The last client whose token request was replayed, per environment: the integration being recorded. */
  private readonly lastClient = new Map<EnvName, string>();

  constructor(
    private readonly sandbox: Sandbox,
    readonly directory: WorldDirectory,
  ) {}

  /** The real answer issued `placeholder`; the world issued `token` for the same request. */
  learnToken(env: EnvName, placeholder: unknown, token: unknown, clientId: string | undefined): void {
    if (typeof placeholder === 'string' && typeof token === 'string') this.tokens.set(placeholder, token);
    if (clientId) this.lastClient.set(env, clientId);
  }

  /** The Authorization header to send for a recorded bearer credential. */
  async bearer(env: EnvName, recorded: string, realStatus: number): Promise<string> {
    const credential = recorded.trim().split(/\s+/)[1] ?? '';
    const known = this.tokens.get(credential);
    if (known) return `Bearer ${known}`;
    if (realStatus === 401) return recorded;
    const client = this.defaultClient(env);
    return client ? `Bearer ${await this.tokenFor(env, client)}` : recorded;
  }

  /** A SharedKey header for the merchant, over the path and query and the body bytes sent. */
  sharedKey(env: EnvName, merchantId: string | undefined, pathAndQuery: string, body: Uint8Array): string | null {
    const merchant = merchantId ?? this.directory.firstMerchant(env);
    const key = merchant === undefined ? undefined : this.directory.sharedKey(env, merchant);
    return key ? sharedKeyHeaderValue(key.username, key.key, pathAndQuery, body) : null;
  }

  /** A token of one of the merchant's API clients (catch-ups act as the merchant or its back office). */
  async tokenForMerchant(env: EnvName, merchantId: string): Promise<string | null> {
    const client = this.directory.clientOf(env, merchantId);
    return client ? this.tokenFor(env, client) : null;
  }

  private defaultClient(env: EnvName): ApiClientCredentials | undefined {
    const last = this.lastClient.get(env);
    return (last && this.directory.client(env, last)) || this.directory.clients(env)[0];
  }

  private async tokenFor(env: EnvName, client: ApiClientCredentials): Promise<string> {
    const cached = this.fresh.get(`${env}|${client.clientId}`);
    if (cached && !expired(cached, this.sandbox.clock.epochSeconds())) return cached;
    const response = await this.sandbox.fetch(`/${env}/auth/oauth2/v2.0/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: client.clientId,
        client_secret: client.clientSecret,
        scope: TENANTS[env].scope,
      }),
    });
    const json = (await response.json()) as { access_token?: string };
    if (!json.access_token) throw new Error(`the replay's world refused a token to its own client ${client.clientId} (${response.status})`);
    this.fresh.set(`${env}|${client.clientId}`, json.access_token);
    return json.access_token;
  }
}

/** True when a JWT's exp has passed on the world's clock (a long replay outlives a token). */
function expired(token: string, nowSeconds: number): boolean {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { exp?: number };
    return typeof payload.exp === 'number' && payload.exp <= nowSeconds + 60;
  } catch {
    return true;
  }
}
