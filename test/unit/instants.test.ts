/**
 * The service's forms of an instant: UTC with seven fractional digits (checkouts, orders,
 * authorization and customer-token webhooks), and the same in Swedish local time (the order
 * webhooks, https://dev.walleypay.com/docs/webhooks/orders), across the changes of
 * daylight saving time.
 */
import { describe, expect, it } from 'vitest';
import { serviceInstant, stockholmServiceInstant } from '../../src/domain/instants.js';

describe('instants in the service’s form', () => {
  it('writes UTC with seven fractional digits and +00:00', () => {
    expect(serviceInstant('2024-01-30T10:02:31.270Z')).toBe('2024-01-30T10:02:31.2700000+00:00');
    expect(serviceInstant('2024-01-30T10:02:31Z')).toBe('2024-01-30T10:02:31.0000000+00:00');
  });

  it('writes an instant past year 9999 as the latest one the service can write, in both forms', () => {
    expect(serviceInstant('+010000-03-30T00:00:00.000Z')).toBe('9999-12-31T23:59:59.9999999+00:00');
    expect(stockholmServiceInstant('+010000-03-30T00:00:00.000Z')).toMatch(/^9999-12-31T23:59:59\.9999999\+0[12]:00$/);
  });

  it('writes Swedish local time for the order webhooks: the orders page’s +01:00 in winter, +02:00 in summer', () => {
    // The authorizations page's 10:02:31 UTC is the orders page's 11:02 (+01:00) of the same morning.
    expect(stockholmServiceInstant('2024-01-30T10:02:31.270Z')).toBe('2024-01-30T11:02:31.2700000+01:00');
    expect(stockholmServiceInstant('2024-07-30T10:02:31.270Z')).toBe('2024-07-30T12:02:31.2700000+02:00');
    // The last minute of winter time and the first of summer time (31 March 2024, 01:00 UTC).
    expect(stockholmServiceInstant('2024-03-31T00:59:00.000Z')).toBe('2024-03-31T01:59:00.0000000+01:00');
    expect(stockholmServiceInstant('2024-03-31T01:00:00.000Z')).toBe('2024-03-31T03:00:00.0000000+02:00');
    // Across midnight, the local date is the next day's.
    expect(stockholmServiceInstant('2024-01-30T23:30:00.000Z')).toBe('2024-01-31T00:30:00.0000000+01:00');
    expect(stockholmServiceInstant('not an instant')).toBe('not an instant');
  });
});
