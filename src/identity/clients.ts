/**
 * API clients as the merchant portal manages them: a client id and a secret shown once (only
 * a salted hash is kept), further secrets that coexist with the old ones until deleted, and
 * revocation. Revoked clients stay in the state so their tokens can be refused with a reason.
 */
import { randomUUID } from 'node:crypto';
import type { ApiClient, ApiClientSecret, Merchant } from '../domain/model.js';
import type { EnvState } from '../store/state.js';
import { generateSecret, hashSecret, randomSalt } from './secrets.js';

export interface NewSecret {
  /** A chosen value (sandbox convenience for tests); the portal generates one otherwise. */
  clientSecret?: string;
  expiresAt: string | null;
}

export interface NewApiClient extends NewSecret {
  name?: string;
  tokenLifetimeSeconds?: number | null;
}

export interface IssuedSecret {
  record: ApiClientSecret;
  /** The plain secret: returned once, never stored. */
  clientSecret: string;
}

export function createApiClient(state: EnvState, merchant: Merchant, input: NewApiClient, nowIso: string): { client: ApiClient; secret: IssuedSecret } {
  const client: ApiClient = {
    clientId: randomUUID(),
    merchantId: merchant.id,
    objectId: randomUUID(),
    name: input.name ?? `${merchant.name} integration`,
    secrets: [],
    tokenLifetimeSeconds: input.tokenLifetimeSeconds ?? null,
    createdAt: nowIso,
    revokedAt: null,
  };
  const secret = addSecret(client, input, nowIso);
  state.apiClients.push(client);
  return { client, secret };
}

export function addSecret(client: ApiClient, input: NewSecret, nowIso: string): IssuedSecret {
  const clientSecret = input.clientSecret ?? generateSecret();
  const salt = randomSalt();
  const record: ApiClientSecret = {
    secretId: randomUUID(),
    hash: hashSecret(clientSecret, salt),
    salt,
    hint: clientSecret.slice(0, 3),
    createdAt: nowIso,
    expiresAt: input.expiresAt,
  };
  client.secrets.push(record);
  return { record, clientSecret };
}

/** Removes a secret; false when the client has no such secret. */
export function deleteSecret(client: ApiClient, secretId: string): boolean {
  const index = client.secrets.findIndex((s) => s.secretId === secretId.toLowerCase());
  if (index < 0) return false;
  client.secrets.splice(index, 1);
  return true;
}

export function revokeClient(client: ApiClient, nowIso: string): void {
  client.revokedAt ??= nowIso;
}

export function findApiClient(state: EnvState, merchantId: string, clientId: string): ApiClient | undefined {
  return state.apiClients.find((c) => c.merchantId === merchantId && c.clientId === clientId.toLowerCase());
}

/** What the portal shows of a client: never a secret or its hash. */
export interface ApiClientView {
  clientId: string;
  merchantId: string;
  name: string;
  objectId: string;
  tokenLifetimeSeconds: number | null;
  createdAt: string;
  revokedAt: string | null;
  secrets: { secretId: string; hint: string; createdAt: string; expiresAt: string | null; expired: boolean }[];
}

export function apiClientView(client: ApiClient, nowMs: number): ApiClientView {
  return {
    clientId: client.clientId,
    merchantId: client.merchantId,
    name: client.name,
    objectId: client.objectId,
    tokenLifetimeSeconds: client.tokenLifetimeSeconds,
    createdAt: client.createdAt,
    revokedAt: client.revokedAt,
    secrets: client.secrets.map((s) => ({
      secretId: s.secretId,
      hint: s.hint,
      createdAt: s.createdAt,
      expiresAt: s.expiresAt,
      expired: s.expiresAt !== null && Date.parse(s.expiresAt) <= nowMs,
    })),
  };
}
