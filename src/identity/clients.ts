/**
 * API clients as the merchant portal manages them: a client id and a secret shown once (only
 * a salted hash is kept), further secrets that coexist with the old ones until deleted, and
 * revocation. Revoked clients stay in the state so their tokens can be refused with a reason.
 */
import { randomUUID } from 'node:crypto';
import type { ApiClient, ApiClientSecret, Merchant } from '../domain/merchant.js';
import { generateSecret, hashSecret, randomSalt } from './secrets.js';

export interface NewSecret {
  /** A chosen value (sandbox convenience for tests); the portal generates one otherwise. */
  clientSecret?: string;
  expiresAt: string | null;
}

export interface NewApiClient extends NewSecret {
  /** The portal's id for it (a GUID); none: a new one. A shop that brings its own credentials gives it. */
  clientId?: string;
  name?: string;
  tokenLifetimeSeconds?: number | null;
}

export interface IssuedSecret {
  record: ApiClientSecret;
  /** The plain secret: returned once, never stored. */
  clientSecret: string;
}

/** A new client with its first secret (pure: the caller saves it). */
export function createApiClient(merchant: Merchant, input: NewApiClient, nowIso: string): { client: ApiClient; secret: IssuedSecret } {
  const draft: ApiClient = {
    clientId: input.clientId?.toLowerCase() ?? randomUUID(),
    merchantId: merchant.id,
    objectId: randomUUID(),
    name: input.name ?? `${merchant.name} integration`,
    secrets: [],
    tokenLifetimeSeconds: input.tokenLifetimeSeconds ?? null,
    createdAt: nowIso,
    revokedAt: null,
  };
  return addSecret(draft, input, nowIso);
}

/** The client with one more secret (a copy) and the plain secret, shown once. */
export function addSecret(client: ApiClient, input: NewSecret, nowIso: string): { client: ApiClient; secret: IssuedSecret } {
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
  return { client: { ...client, secrets: [...client.secrets, record] }, secret: { record, clientSecret } };
}

/** The client without one secret (a copy); null when it has no such secret. */
export function deleteSecret(client: ApiClient, secretId: string): ApiClient | null {
  const secrets = client.secrets.filter((s) => s.secretId !== secretId.toLowerCase());
  return secrets.length === client.secrets.length ? null : { ...client, secrets };
}

export function revokeClient(client: ApiClient, nowIso: string): ApiClient {
  return { ...client, revokedAt: client.revokedAt ?? nowIso };
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
