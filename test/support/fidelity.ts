/**
 * The real UAT, stood in: a second sandbox behind a small proxy that can change known things
 * in its answers (add a field, drop one, change a type, an enum value, a status code, a
 * header), and the merchant's flow driven through `record` against it. The customer buys on
 * the stand-in directly, as a shopper in the iframe would: that purchase is never recorded.
 */
import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sharedKeyHeaderValue } from '../../src/domain/sharedkey-signature.js';
import { type Sandbox, createSandbox } from '../../src/sandbox.js';
import { CREDENTIALS, UAT_SCOPE } from './identity.js';
import { NORDIC } from './checkout-requests.js';

/** A change the proxy makes to one answer: the request's method, surface path, and the answer. */
export type Mutation = (request: { method: string; surface: string; path: string }, answer: StandInResponse) => void;

export interface StandInResponse {
  status: number;
  headers: Record<string, string>;
  /** Parsed JSON when the answer is JSON (change it in place), else null. */
  json: unknown;
}

export interface StandIn {
  sandbox: Sandbox;
  /** The proxy's origin: {origin}/uat/api etc. are the stand-in's surfaces. */
  origin: string;
  /** The shop's own endpoint (notifications land here and get 200), so no call leaves the machine. */
  shop: string;
  close(): Promise<void>;
}

export async function startStandIn(mutations: Mutation[] = []): Promise<StandIn> {
  const sandbox = await createSandbox({ scenario: 'default', logLevel: 'silent' });
  const { url } = await sandbox.listen();
  const server: Server = createServer((req, res) => void relay(url, req, res, mutations));
  const shop: Server = createServer((req, res) => req.resume().on('end', () => res.end('OK')));
  const origin = await listening(server);
  const shopUrl = await listening(shop);
  return {
    sandbox,
    origin,
    shop: shopUrl,
    async close() {
      for (const s of [server, shop]) {
        await new Promise<void>((resolve) => {
          s.close(() => resolve());
          s.closeAllConnections();
        });
      }
      await sandbox.close();
    },
  };
}

async function listening(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function relay(target: string, req: IncomingMessage, res: ServerResponse, mutations: Mutation[]): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers))
    if (typeof value === 'string' && name !== 'host' && name !== 'content-length') headers[name] = value;
  const response = await fetch(`${target}${req.url}`, { method: req.method, headers, ...(body.byteLength ? { body } : {}) });
  const text = await response.text();
  const answer: StandInResponse = { status: response.status, headers: {}, json: null };
  response.headers.forEach((value, name) => {
    if (!['content-length', 'transfer-encoding', 'connection', 'keep-alive', 'content-encoding'].includes(name))
      answer.headers[name] = value;
  });
  if (/json/.test(answer.headers['content-type'] ?? '') && text) answer.json = JSON.parse(text);
  const match = /^\/(uat|prod)\/([a-z]+)(\/[^?]*)/.exec(req.url ?? '');
  const request = { method: req.method ?? 'GET', surface: match?.[2] ?? '', path: match?.[3] ?? '' };
  for (const mutate of mutations) mutate(request, answer);
  const out = answer.json === null ? text : JSON.stringify(answer.json);
  res.writeHead(answer.status, answer.headers);
  res.end(out);
}

export interface FlowIds {
  privateId: string;
  orderId: string;
  token: string;
}

/** The merchant's side of a purchase, through `base` (the recorder's origin); the customer buys on the stand-in. */
export async function merchantFlow(base: string, standIn: StandIn): Promise<FlowIds> {
  const tokenResponse = await fetch(`${base}/uat/auth/oauth2/v2.0/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: CREDENTIALS.uat.clientId,
      client_secret: CREDENTIALS.uat.clientSecret,
      scope: UAT_SCOPE,
    }),
  });
  const token = (await tokenResponse.json()) as { access_token: string };
  const bearer = { authorization: `Bearer ${token.access_token}`, 'content-type': 'application/json' };
  const init = await fetch(`${base}/uat/api/checkouts`, {
    method: 'POST',
    headers: bearer,
    body: JSON.stringify({
      storeId: 1234,
      countryCode: 'SE',
      reference: 'ORD-17',
      merchantTermsUri: 'https://shop.example/terms',
      notificationUri: `${standIn.shop}/notify?id={checkout.id}`,
      customer: { email: 'anna.andersson@example.se', mobilePhoneNumber: '+46701234567' },
      cart: { items: [{ id: 'TENT-2P', description: 'Two-person tent', unitPrice: '2499.00', quantity: 1, vat: 25 }] },
    }),
  });
  const privateId = ((await init.json()) as { data: { privateId: string } }).data.privateId;
  await fetch(`${base}/uat/api/checkouts/${privateId}`, { headers: bearer });
  await fetch(`${base}/uat/api/checkouts/${privateId}/cart`, {
    method: 'PUT',
    headers: bearer,
    body: JSON.stringify({
      items: [
        { id: 'TENT-2P', description: 'Two-person tent', unitPrice: '2499.00', quantity: 1, vat: 25 },
        { id: 'PEG-10', description: 'Tent pegs', unitPrice: 99.5, quantity: 2, vat: 25 },
      ],
    }),
  });
  // An error answer: a cart item without a price.
  await fetch(`${base}/uat/api/checkouts/${privateId}/cart`, {
    method: 'PUT',
    headers: bearer,
    body: JSON.stringify({ items: [{ id: 'X', description: 'No price', quantity: 1, vat: 25 }] }),
  });
  const legacyPath = `/merchants/${NORDIC.storeId}/checkouts/${privateId}`;
  await fetch(`${base}/uat/legacy${legacyPath}`, {
    headers: { authorization: sharedKeyHeaderValue(NORDIC.username, NORDIC.key, legacyPath, '') },
  });
  // The customer buys in the iframe: on the stand-in directly, never through the recorder.
  const purchase = await standIn.sandbox.fetch(`/__admin/uat/checkouts/${privateId}/purchase`, {
    method: 'POST',
    body: JSON.stringify({ result: 'Preliminary' }),
  });
  if (purchase.status !== 200) throw new Error(`stand-in purchase failed: ${purchase.status} ${await purchase.text()}`);
  const read = (await (await fetch(`${base}/uat/api/checkouts/${privateId}`, { headers: bearer })).json()) as {
    data: { order: { orderId: string } };
  };
  const orderId = read.data.order.orderId;
  await fetch(`${base}/uat/api/manage/orders/${orderId}`, { headers: bearer });
  await fetch(`${base}/uat/api/manage/orders/${orderId}/capture`, {
    method: 'POST',
    headers: bearer,
    body: JSON.stringify({ amount: '2698.00' }),
  });
  return { privateId, orderId, token: token.access_token };
}

/** A recording of `flows` merchant flows (9 exchanges each) through `record` against an unchanged stand-in. */
export async function recordFlows(flows: number, out: string): Promise<string> {
  const { startRecorder } = await import('../../src/fidelity/recorder.js');
  const standIn = await startStandIn();
  const upstreams = Object.fromEntries(['auth', 'api', 'legacy'].map((s) => [`uat.${s}`, `${standIn.origin}/uat/${s}`]));
  const recorder = await startRecorder({ out, upstreams, listen: { port: 0, logLevel: 'silent' } });
  try {
    for (let i = 0; i < flows; i++) await merchantFlow(recorder.sandbox.listenUrl(), standIn);
    return recorder.file;
  } finally {
    await recorder.close();
    await standIn.close();
  }
}
