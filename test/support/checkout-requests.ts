/**
 * Requests the way real checkout clients send them, for the checkout API tests: SharedKey
 * signed over the exact bytes sent, credentials of the default scenario.
 */
import { sharedKeyHeaderValue } from '../../src/domain/sharedkey-signature.js';
import type { Sandbox } from '../../src/index.js';

export interface SharedKeyMerchant {
  username: string;
  key: string;
  storeId: string;
}

/** Nordic Outdoor (UAT): two stores, 1234 (SE) and 1235 (NO). */
export const NORDIC: SharedKeyMerchant = { username: 'nordic-outdoor-uat', key: 'uat-shared-key-nordic-0001', storeId: '1234' };
/** Fjord Books (UAT): one store, 2234 (NO). */
export const FJORD: SharedKeyMerchant = { username: 'fjord-books-uat', key: 'uat-shared-key-fjord-0002', storeId: '2234' };

export interface Envelope {
  id: string;
  data: Record<string, unknown> | null;
  error: { code: number; message: string; errors: { reason: string; message: string }[] } | null;
}

export interface Sent {
  status: number;
  headers: Headers;
  body: Envelope;
}

/** A SharedKey-signed request to `/{env}/{surface}{path}`; the signature covers `path` exactly as given. */
export async function signedFetch(
  sb: Sandbox,
  surface: 'legacy' | 'retired' | 'api',
  method: string,
  path: string,
  body?: string,
  merchant: SharedKeyMerchant = NORDIC,
  headers: Record<string, string> = {},
): Promise<Sent> {
  const authorization = sharedKeyHeaderValue(merchant.username, merchant.key, path, body ?? '');
  const init: RequestInit = { method, headers: { 'content-type': 'application/json', authorization, ...headers } };
  if (body !== undefined) init.body = body;
  return read(await sb.fetch(`/uat/${surface}${path}`, init));
}

export async function read(response: Response): Promise<Sent> {
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: (text ? JSON.parse(text) : null) as Envelope };
}

export interface InitOverrides {
  [key: string]: unknown;
}

/** A valid initialize payload for Nordic Outdoor's Swedish store. */
export function initPayload(overrides: InitOverrides = {}): Record<string, unknown> {
  return {
    storeId: 1234,
    countryCode: 'SE',
    reference: '',
    merchantTermsUri: 'https://shop.example/terms',
    notificationUri: 'https://shop.example/notify?private-id={checkout.id}',
    cart: {
      items: [
        { id: 'TENT-2P', description: 'Two-person tent', unitPrice: '2499.00', quantity: 1, vat: 25 },
        { id: 'PEG-10', description: 'Tent pegs (10)', unitPrice: 99.5, quantity: 2, vat: 25 },
      ],
    },
    fees: { shipping: { id: 'shipping', description: 'Standard delivery', unitPrice: 49, vat: 25 } },
    ...overrides,
  };
}

/** Initializes a checkout with the old path style on `surface`; returns privateId and publicToken. */
export async function initializeOldStyle(
  sb: Sandbox,
  surface: 'legacy' | 'retired',
  payload: Record<string, unknown> = initPayload(),
  merchant: SharedKeyMerchant = NORDIC,
): Promise<{ privateId: string; publicToken: string; expiresAt: string }> {
  const sent = await signedFetch(sb, surface, 'POST', '/checkout', JSON.stringify(payload), merchant);
  if (sent.status !== 200 || !sent.body.data) throw new Error(`initialize failed: ${sent.status} ${JSON.stringify(sent.body)}`);
  return sent.body.data as { privateId: string; publicToken: string; expiresAt: string };
}

/** POST to an admin call with a JSON body. */
export async function admin(
  sb: Sandbox,
  path: string,
  body: unknown = {},
  method = 'POST',
): Promise<{ status: number; body: Record<string, unknown> }> {
  const init: RequestInit = { method };
  if (method !== 'GET') init.body = JSON.stringify(body);
  const response = await sb.fetch(`/__admin${path}`, init);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** A value deep inside parsed JSON: at(body, 'data', 'cart', 'items', 0, 'unitPrice'). */
export function at(value: unknown, ...path: (string | number)[]): unknown {
  let current = value;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string | number, unknown>)[key];
  }
  return current;
}
