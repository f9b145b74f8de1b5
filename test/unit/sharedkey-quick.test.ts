/**
 * The quick SharedKey check of the fast read (src/auth/sharedkey.ts): it proves the caller of a
 * bodiless request as the full check would, remembers the headers it verified, and never
 * trusts one after the merchant's key changed.
 */
import { describe, expect, it } from 'vitest';
import { sharedKeyQuick } from '../../src/auth/sharedkey.js';
import { sharedKeyHeaderValue } from '../../src/domain/sharedkey-signature.js';
import type { Merchant } from '../../src/domain/model.js';

type QuickDeps = Parameters<typeof sharedKeyQuick>[0];

function merchantWithKey(key: string): Merchant {
  return {
    id: '1001',
    name: 'Nordic Outdoor AB (UAT)',
    stores: [{ id: '1234' } as Merchant['stores'][number]],
    sharedKey: { username: 'nordic-outdoor-uat', key },
  };
}

/** The check over a directory of one merchant whose key the test may change. */
function quickOver(directory: { merchant: Merchant }) {
  const deps = {
    env: 'uat',
    services: { merchants: { bySharedKeyUsername: (username: string) => (username === directory.merchant.sharedKey.username ? directory.merchant : undefined) } },
  } as unknown as QuickDeps;
  return sharedKeyQuick(deps);
}

const PATH = '/merchants/1234/checkouts/0b7d6a52-1f0e-4c1e-9a11-5d2a1c3e4f01';
const noParams = (name: string): string | undefined => (name === 'storeId' ? '1234' : undefined);

describe('the quick SharedKey check', () => {
  it('proves the caller of a correct signature, again from what it remembered, and not for another path', () => {
    const quick = quickOver({ merchant: merchantWithKey('key-1') });
    const header = sharedKeyHeaderValue('nordic-outdoor-uat', 'key-1', PATH);
    const expected = { caller: { scheme: 'sharedkey', merchantId: '1001', username: 'nordic-outdoor-uat' }, outcome: 'sharedkey:ok', principal: { username: 'nordic-outdoor-uat', merchantId: '1001' } };
    expect(quick({ authorization: header, pathAndQuery: PATH, param: noParams })).toEqual(expected);
    expect(quick({ authorization: header, pathAndQuery: PATH, param: noParams })).toEqual(expected);
    // The same header on another path is checked, and fails.
    expect(quick({ authorization: header, pathAndQuery: `${PATH}/cart`, param: noParams })).toBeUndefined();
  });

  it('does not reuse a verified header once the key changed, and proves the new key', () => {
    const directory = { merchant: merchantWithKey('key-1') };
    const quick = quickOver(directory);
    const old = sharedKeyHeaderValue('nordic-outdoor-uat', 'key-1', PATH);
    expect(quick({ authorization: old, pathAndQuery: PATH, param: noParams })).toBeDefined();
    directory.merchant = merchantWithKey('key-2');
    expect(quick({ authorization: old, pathAndQuery: PATH, param: noParams })).toBeUndefined();
    expect(quick({ authorization: sharedKeyHeaderValue('nordic-outdoor-uat', 'key-2', PATH), pathAndQuery: PATH, param: noParams })).toBeDefined();
  });

  it('leaves a store that is not the merchant’s, a missing or garbled header to the full check', () => {
    const quick = quickOver({ merchant: merchantWithKey('key-1') });
    const foreign = '/merchants/2234/checkouts/x';
    expect(quick({ authorization: sharedKeyHeaderValue('nordic-outdoor-uat', 'key-1', foreign), pathAndQuery: foreign, param: () => '2234' })).toBeUndefined();
    expect(quick({ authorization: undefined, pathAndQuery: PATH, param: noParams })).toBeUndefined();
    expect(quick({ authorization: 'SharedKey !!!', pathAndQuery: PATH, param: noParams })).toBeUndefined();
  });
});
