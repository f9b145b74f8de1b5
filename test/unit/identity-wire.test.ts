/**
 * Wire details of the identity provider: AADSTS bodies, timestamps, correlation ids, the
 * Authorization header readings, and ASP.NET's date form in bearer challenges.
 */
import { describe, expect, it } from 'vitest';
import { presentedToken } from '../../src/auth/bearer.js';
import { instant } from '../../src/clock.js';
import { AADSTS, aadTimestamp, tokenErrorBody, traceFor } from '../../src/identity/errors.js';
import { lifetimesFor } from '../../src/identity/issuer.js';
import { basicCredentials } from '../../src/identity/token-request.js';
import { aspNetInstant } from '../../src/identity/verifier.js';
import type { ApiClient } from '../../src/domain/merchant.js';
import type { Settings } from '../../src/store/state.js';

describe('AADSTS bodies', () => {
  it('formats the timestamp without fractions, with a space', () => {
    expect(aadTimestamp(instant('2026-10-30T22:59:00.987Z'))).toBe('2026-10-30 22:59:00Z');
  });

  it('builds the seven fields with the trace lines after CRLFs', () => {
    const trace = { traceId: 't', correlationId: 'c', timestamp: '2026-10-30 22:59:00Z' };
    expect(tokenErrorBody(AADSTS.unsupportedGrantType('password'), trace)).toEqual({
      error: 'unsupported_grant_type',
      error_description:
        "AADSTS70003: The app requested an unsupported grant type 'password'.\r\nTrace ID: t\r\nCorrelation ID: c\r\nTimestamp: 2026-10-30 22:59:00Z",
      error_codes: [70003],
      timestamp: '2026-10-30 22:59:00Z',
      trace_id: 't',
      correlation_id: 'c',
      error_uri: 'https://login.microsoftonline.com/error?code=70003',
    });
  });

  it('maps every catalogued case to the status and error Entra answers with', () => {
    expect(
      [
        AADSTS.missingParameter('grant_type'),
        AADSTS.unsupportedGrantType('x'),
        AADSTS.missingSecret(),
        AADSTS.invalidSecret('a'),
        AADSTS.expiredSecret('a'),
        AADSTS.unknownClient('a', 'd'),
        AADSTS.unknownTenant('t'),
        AADSTS.invalidScope('s'),
        AADSTS.scopeWithoutDefault('s'),
        AADSTS.multipleResources('s'),
        AADSTS.unknownResource('r', 'd'),
        AADSTS.methodNotAllowed('GET'),
      ].map((f) => [f.code, f.status, f.error]),
    ).toEqual([
      [900144, 400, 'invalid_request'],
      [70003, 400, 'unsupported_grant_type'],
      [7000216, 401, 'invalid_client'],
      [7000215, 401, 'invalid_client'],
      [7000222, 401, 'invalid_client'],
      [700016, 400, 'unauthorized_client'],
      [90002, 400, 'invalid_tenant'],
      [70011, 400, 'invalid_scope'],
      [1002012, 400, 'invalid_scope'],
      [700022, 400, 'invalid_scope'],
      [500011, 400, 'invalid_resource'],
      [900561, 400, 'invalid_request'],
    ]);
  });

  it('echoes a GUID client-request-id (lower-cased), prefers it over x-ms-client-request-id, ignores non-GUIDs', () => {
    const now = instant('2026-10-30T00:00:00Z');
    const guid = 'AAAAAAAA-BBBB-4CCC-8DDD-EEEEEEEEEEEE';
    expect(
      traceFor(new Headers({ 'client-request-id': guid, 'x-ms-client-request-id': '00000000-0000-4000-8000-000000000000' }), now)
        .correlationId,
    ).toBe(guid.toLowerCase());
    expect(traceFor(new Headers({ 'x-ms-client-request-id': guid }), now).correlationId).toBe(guid.toLowerCase());
    expect(traceFor(new Headers({ 'client-request-id': 'abc' }), now).correlationId).not.toBe('abc');
  });
});

describe('presentedToken', () => {
  it.each([
    [undefined, { kind: 'none' }],
    ['', { kind: 'none' }],
    ['   ', { kind: 'none' }],
    ['Bearer', { kind: 'none' }],
    ['Bearer   ', { kind: 'none' }],
    ['Bearer abc', { kind: 'token', token: 'abc' }],
    ['bearer  abc ', { kind: 'token', token: 'abc' }],
    ['BEARER abc', { kind: 'token', token: 'abc' }],
    ['SharedKey xyz', { kind: 'scheme', scheme: 'SharedKey' }],
    ['Basic eHl6', { kind: 'scheme', scheme: 'Basic' }],
    ['Bearerabc', { kind: 'scheme', scheme: 'Bearerabc' }],
  ] as const)('%j → %j', (header, expected) => {
    expect(presentedToken(header)).toEqual(expected);
  });
});

describe('basicCredentials', () => {
  const b64 = (s: string) => Buffer.from(s).toString('base64');
  it('reads form-encoded and plain id:secret pairs', () => {
    expect(basicCredentials(`Basic ${b64('id:s%3Acret%2B1')}`)).toEqual({ clientId: 'id', clientSecret: 's:cret+1' });
    expect(basicCredentials(`basic ${b64('id:a+b~c')}`)).toEqual({ clientId: 'id', clientSecret: 'a+b~c' });
    expect(basicCredentials(`Basic ${b64('id:100%')}`)).toEqual({ clientId: 'id', clientSecret: '100%' });
    expect(basicCredentials(`Basic ${b64('id:')}`)).toEqual({ clientId: 'id', clientSecret: null });
  });
  it('ignores other schemes and undecodable values', () => {
    expect(basicCredentials(undefined)).toBeNull();
    expect(basicCredentials('Bearer abc')).toBeNull();
    expect(basicCredentials(`Basic ${b64('no-colon')}`)).toBeNull();
    expect(basicCredentials(`Basic ${b64(':secret')}`)).toBeNull();
  });
});

describe('aspNetInstant', () => {
  it('prints .NET invariant-culture UTC dates', () => {
    expect(aspNetInstant(Date.parse('2026-10-30T12:59:59Z') / 1000)).toBe('10/30/2026 12:59:59');
    expect(aspNetInstant(Date.parse('2027-01-02T03:04:05Z') / 1000)).toBe('01/02/2027 03:04:05');
  });
});

describe('lifetimesFor', () => {
  const settings = { tokens: { lifetimeSeconds: 3599, extLifetimeSeconds: 7200, clockSkewSeconds: 300, rateLimit: null } } as Settings;
  const client = { tokenLifetimeSeconds: null } as ApiClient;
  it('uses the settings, or the client override for both values', () => {
    expect(lifetimesFor(settings, client)).toEqual({ expiresIn: 3599, extExpiresIn: 7200 });
    expect(lifetimesFor(settings, { ...client, tokenLifetimeSeconds: 60 })).toEqual({ expiresIn: 60, extExpiresIn: 60 });
  });
});
