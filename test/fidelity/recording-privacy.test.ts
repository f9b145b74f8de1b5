/**
 * No secret and no personal datum of the recorded traffic reaches a recording: the client
 * secret (form and multipart), the tokens, SharedKey signatures, cookies, and the customer's
 * names, e-mail, phone, addresses and national number, wherever they stood (a request, an
 * answer, a query). Placeholders are stable, so the token an answer issued is recognisably the
 * one later requests bear. Also: `record --compare` shows divergences live.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sharedKeyHeaderValue } from '../../src/domain/sharedkey-signature.js';
import { readRecordings } from '../../src/fidelity/recording.js';
import { startRecorder } from '../../src/fidelity/recorder.js';
import { NORDIC } from '../support/checkout-requests.js';
import { merchantFlow, startStandIn } from '../support/fidelity.js';
import { CREDENTIALS, UAT_SCOPE } from '../support/identity.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
const tempDir = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'record-privacy-'));
  dirs.push(dir);
  return dir;
};

const upstreamsOf = (origin: string) => Object.fromEntries(['auth', 'api', 'legacy'].map((s) => [`uat.${s}`, `${origin}/uat/${s}`]));

describe('a recording', () => {
  it('holds no secret and no personal datum of the traffic, and links exchanges by stable placeholders', async () => {
    const standIn = await startStandIn();
    const recorder = await startRecorder({
      out: tempDir(),
      upstreams: upstreamsOf(standIn.origin),
      listen: { port: 0, logLevel: 'silent' },
    });
    const base = recorder.sandbox.listenUrl();
    try {
      const flow = await merchantFlow(base, standIn);
      // The PHP SDK's token request: multipart/form-data.
      const multipart = new FormData();
      for (const [k, v] of Object.entries({
        grant_type: 'client_credentials',
        client_id: CREDENTIALS.uat.clientId,
        client_secret: CREDENTIALS.uat.clientSecret,
        scope: UAT_SCOPE,
      }))
        multipart.append(k, v);
      expect((await fetch(`${base}/uat/api/oauth2/v2.0/token/`, { method: 'POST', body: multipart })).status).toBe(200);
      // A prefill with a national number and an address, a cookie, an e-mail in a query.
      const prefill = {
        email: 'lars.viberg@example.se',
        mobilePhoneNumber: '+46709876543',
        nationalIdentificationNumber: '19520101-1234',
        deliveryAddress: {
          firstName: 'Lars-Erik',
          lastName: 'Viberg',
          address: 'Sommarstugevägen 2',
          postalCode: '85353',
          city: 'Sundsvall',
        },
      };
      const init = await fetch(`${base}/uat/api/checkouts?contact=lars.viberg@example.se`, {
        method: 'POST',
        headers: { authorization: `Bearer ${flow.token}`, 'content-type': 'application/json', cookie: 'wp_session=cookie-secret-4711' },
        body: JSON.stringify({
          storeId: 1234,
          countryCode: 'SE',
          merchantTermsUri: 'https://shop.example/terms',
          privateCustomerPrefill: prefill,
          cart: { items: [{ id: 'A', description: 'A', unitPrice: 10, quantity: 1, vat: 25 }] },
        }),
      });
      expect(init.status).toBe(200);

      const customer = standIn.sandbox.services.env('uat').checkouts.find(flow.privateId)!.customer!;
      const personal = [
        customer.email,
        customer.mobilePhoneNumber,
        customer.nationalIdentificationNumber,
        customer.deliveryAddress,
        customer.billingAddress,
      ].flatMap((v) =>
        v !== null && typeof v === 'object'
          ? Object.entries(v)
              .filter(([k]) => k !== 'country' && k !== 'countryCode')
              .map(([, x]) => x)
          : [v],
      );
      const secrets = [
        CREDENTIALS.uat.clientSecret,
        flow.token,
        flow.token.split('.')[2]!,
        sharedKeyHeaderValue(NORDIC.username, NORDIC.key, `/merchants/${NORDIC.storeId}/checkouts/${flow.privateId}`, '').split(' ')[1]!,
        'cookie-secret-4711',
        'anna.andersson@example.se',
        '+46701234567',
        prefill.email,
        prefill.mobilePhoneNumber,
        prefill.nationalIdentificationNumber,
        ...Object.values(prefill.deliveryAddress),
        ...personal,
      ].filter((v): v is string => typeof v === 'string' && v.length >= 4);
      expect(secrets.length).toBeGreaterThan(16);

      const text = readFileSync(recorder.file, 'utf8');
      for (const secret of secrets) expect(text.includes(secret), `the recording holds '${secret}'`).toBe(false);
      // Each exchange can still be followed: the issued token is the one the calls bear.
      const exchanges = readRecordings([recorder.file]);
      const issued = (exchanges[0]!.answer.body as { json: { access_token: string } }).json.access_token;
      expect(issued).toMatch(/^redacted:token:[0-9a-f]{12}$/);
      expect(exchanges[1]!.request.headers.authorization).toBe(`Bearer ${issued}`);
      expect(exchanges.filter((e) => e.request.headers.authorization === `Bearer ${issued}`).length).toBeGreaterThanOrEqual(7);
      // The same e-mail is the same placeholder in the request that sent it and the answer that echoes it
      // (the checkout read once the customer is identified: before that it shows no customer).
      const sent = (exchanges[1]!.request.body as { json: { customer: { email: string } } }).json.customer.email;
      const customerOf = (e: (typeof exchanges)[number]) =>
        (e.answer.body as { json?: { data?: { customer?: { email: string } | null } } } | null)?.json?.data?.customer;
      expect((exchanges[2]!.answer.body as { json: { data: { customer: unknown } } }).json.data.customer).toBeNull();
      expect(exchanges.map(customerOf).find((customer) => customer)?.email).toBe(sent);
      expect(exchanges.at(-1)!.path).toMatch(/^\/checkouts\?contact=redacted:email:[0-9a-f]{12}$/);
    } finally {
      await recorder.close();
      await standIn.close();
    }
  });
});

describe('record --compare', () => {
  it('compares in a shadow world as traffic flows: GET /__admin/fidelity lists the divergences', async () => {
    const standIn = await startStandIn([
      (r, a) => {
        if (r.method === 'GET' && /^\/checkouts\/[^/]+$/.test(r.path)) (a.json as { data: Record<string, unknown> }).data.riskScore = 0.12;
      },
    ]);
    const recorder = await startRecorder({
      out: tempDir(),
      upstreams: upstreamsOf(standIn.origin),
      listen: { port: 0, logLevel: 'silent' },
      compare: { scenario: 'default' },
    });
    try {
      await merchantFlow(recorder.sandbox.listenUrl(), standIn);
      await recorder.idle();
      const response = await fetch(`${recorder.sandbox.listenUrl()}/__admin/fidelity`);
      expect(response.status).toBe(200);
      const body = (await response.json()) as {
        comparing: boolean;
        scenario: string;
        problems: string[];
        report: {
          exchanges: number;
          replayed: number;
          divergences: { endpoint: string; kind: string; pointer: string; count: number }[];
          catchUps: unknown[];
        };
        latest: { kind: string; pointer: string }[];
      };
      expect(body.comparing).toBe(true);
      expect(body.problems).toEqual([]);
      expect(body.report.exchanges).toBe(9);
      expect(body.report.replayed).toBe(9);
      expect(body.report.divergences.map((d) => [d.endpoint, d.kind, d.pointer, d.count])).toEqual([
        ['GET /checkouts/{privateId}', 'missing', '/data/riskScore', 2],
      ]);
      expect(body.report.catchUps).toHaveLength(2);
      expect(body.latest[0]).toMatchObject({ kind: 'missing', pointer: '/data/riskScore' });
    } finally {
      await recorder.close();
      await standIn.close();
    }
  });
});
