/**
 * Redaction before writing: secrets by the journal's rules with stable placeholders, personal
 * data by member name, e-mails anywhere, values already seen wherever they appear again.
 */
import { describe, expect, it } from 'vitest';
import { redactText } from '../../src/journal/redact.js';
import { Redactor, isRedacted } from '../../src/fidelity/redaction.js';

const KEY = Buffer.alloc(32, 7);
const bytes = (text: string) => new TextEncoder().encode(text);

describe('Redactor', () => {
  it('gives the same value the same placeholder in headers and bodies, and another key other placeholders', () => {
    const redactor = new Redactor(KEY);
    const token = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiIxMjMifQ.c2lnbmF0dXJl';
    const answer = redactor.body(bytes(JSON.stringify({ token_type: 'Bearer', access_token: token })), 'application/json') as {
      json: { access_token: string };
    };
    const headers = redactor.headers({ Authorization: `Bearer ${token}` });
    expect(answer.json.access_token).toMatch(/^redacted:token:[0-9a-f]{12}$/);
    expect(headers.authorization).toBe(`Bearer ${answer.json.access_token}`);
    expect(new Redactor(Buffer.alloc(32, 8)).placeholder(token, 'token')).not.toBe(answer.json.access_token);
  });

  it('masks client secrets in forms, multipart parts and query strings, and SharedKey, cookies and client addresses in headers', () => {
    const redactor = new Redactor(KEY);
    const form = redactor.body(
      bytes('grant_type=client_credentials&client_id=6f1e&client_secret=uat-secret%2Fnordic&scope=x'),
      'application/x-www-form-urlencoded',
    ) as { text: string };
    expect(form.text).toMatch(/^grant_type=client_credentials&client_id=6f1e&client_secret=redacted:secret:[0-9a-f]{12}&scope=x$/);
    const multipart = '--b\r\nContent-Disposition: form-data; name="client_secret"\r\n\r\nuat-secret-nordic\r\n--b--\r\n';
    expect((redactor.body(bytes(multipart), 'multipart/form-data; boundary=b') as { text: string }).text).not.toContain(
      'uat-secret-nordic',
    );
    expect(redactor.path('/oauth2/v2.0/token?client_secret=abc&x=1')).toMatch(/client_secret=redacted:secret:[0-9a-f]{12}&x=1$/);
    const headers = redactor.headers({
      authorization: 'SharedKey bm9yZGljOmFiYw==',
      cookie: 'a=b',
      'set-cookie': 'c=d',
      'x-forwarded-for': '203.0.113.9',
      'user-agent': 'WooCommerce',
    });
    expect(headers).toMatchObject({ 'user-agent': 'WooCommerce' });
    expect(JSON.stringify(headers)).not.toMatch(/bm9yZGljOmFiYw|a=b|c=d|203\.0\.113\.9/);
    expect(headers.authorization).toMatch(/^SharedKey redacted:sharedkey:/);
  });

  it("replaces the customer's personal data by member name, at any depth and in any case, keeping nulls and non-personal fields", () => {
    const redactor = new Redactor(KEY);
    const body = {
      data: {
        countryCode: 'SE',
        customer: {
          Email: 'test@walleytest.se',
          mobilePhoneNumber: '+4670707071',
          nationalIdentificationNumber: '19520101-1234',
          deliveryAddress: {
            firstName: 'Lars-Erik',
            lastName: 'Viberg',
            coAddress: null,
            address: 'Sommarstugevägen 2',
            postalCode: 85353,
            city: 'Sundsvall',
            country: 'Sverige',
          },
        },
        businessCustomer: { organizationNumber: '556000-0000', companyName: 'Viberg AB', invoiceReference: 'Att: Lars' },
        cart: { items: [{ id: 'TENT', description: 'Tent' }] },
      },
    };
    const out = JSON.stringify((redactor.body(bytes(JSON.stringify(body)), 'application/json') as { json: unknown }).json);
    for (const value of [
      'test@walleytest.se',
      '+4670707071',
      '19520101-1234',
      'Lars-Erik',
      'Viberg',
      'Sommarstugevägen',
      '85353',
      'Sundsvall',
      '556000-0000',
      'Att: Lars',
    ])
      expect(out).not.toContain(value);
    expect(out).toContain('"country":"Sverige"');
    expect(out).toContain('"coAddress":null');
    expect(out).toContain('"description":"Tent"');
    expect(out).toMatch(/"postalCode":"redacted:postal-code:[0-9a-f]{12}"/);
  });

  it('scrubs e-mails anywhere and personal values it has seen from later text, paths and headers', () => {
    const redactor = new Redactor(KEY);
    redactor.body(bytes(JSON.stringify({ customer: { lastName: 'Viberg', mobilePhoneNumber: '+46701111111' } })), 'application/json');
    const html = redactor.body(bytes('<p>Thanks, Viberg (+46701111111, lars@example.se)</p>'), 'text/html') as { text: string };
    expect(html.text).not.toMatch(/Viberg|46701111111|lars@example\.se/);
    expect(redactor.path('/customers/Viberg?mail=lars@example.se')).not.toMatch(/Viberg|lars@/);
    expect(redactor.headers({ 'x-note': 'for Viberg' })['x-note']).not.toContain('Viberg');
  });

  it('leaves ids and amounts alone that happen to contain a personal value', () => {
    const redactor = new Redactor(KEY);
    redactor.body(
      bytes(JSON.stringify({ customer: { postalCode: '85353', lastName: 'Berg', mobilePhoneNumber: '0701111111' } })),
      'application/json',
    );
    const answer = {
      data: { privateId: '06834ba3-dea1-4d23-86cd-4985353b0c40', unitPrice: '85353.00', note: 'Bergman called 0701111111' },
    };
    const out = (redactor.body(bytes(JSON.stringify(answer)), 'application/json') as { json: typeof answer }).json.data;
    expect(out.privateId).toBe(answer.data.privateId);
    expect(out.unitPrice).toBe('85353.00');
    expect(out.note).toMatch(/^Bergman called redacted:phone:[0-9a-f]{12}$/);
  });

  it('never writes bytes it cannot read as text', () => {
    expect(new Redactor(KEY).body(new Uint8Array([0xff, 0xfe, 0x00, 0x81]), 'application/octet-stream')).toEqual({
      omitted: 'binary',
      bytes: 4,
    });
  });

  it('recognises its placeholders, inside other strings too', () => {
    expect(isRedacted('redacted:name:0123456789ab redacted:name:ba9876543210')).toBe(true);
    expect(isRedacted('Two-person tent')).toBe(false);
  });
});

describe("the journal's redaction (src/journal/redact.ts)", () => {
  it('still masks with [redacted], multipart token requests included', () => {
    expect(redactText('{"client_secret":"s3cret","name":"x"}')).toBe('{"client_secret":"[redacted]","name":"x"}');
    expect(redactText('client_id=a&client_secret=s3cret')).toBe('client_id=a&client_secret=[redacted]');
    expect(redactText('--b\r\nContent-Disposition: form-data; name="client_secret"\r\n\r\ns3cret\r\n--b--')).not.toContain('s3cret');
  });
});
