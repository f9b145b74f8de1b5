import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hexDigestsMatch, parseSharedKeyHeader, sharedKeyHeaderValue, sharedKeyHex } from '../../src/domain/sharedkey-signature.js';
import { pathAsSent } from '../../src/auth/sharedkey.js';
import { surfacePathOf } from '../../src/http/routing.js';

describe('SharedKey signature', () => {
  it('is base64(username:sha256hex(body + path + key)) with lowercase hex, as PHP hash() gives', () => {
    const body = '{"storeId":1234}';
    const expectedHex = createHash('sha256').update(`${body}/checkoutsecret`, 'utf8').digest('hex');
    expect(sharedKeyHex(body, '/checkout', 'secret')).toBe(expectedHex);
    const header = sharedKeyHeaderValue('user', 'secret', '/checkout', body);
    expect(header).toBe(`SharedKey ${Buffer.from(`user:${expectedHex}`).toString('base64')}`);
  });

  it('hashes raw bytes: a PHP json_encode body and its re-serialisation sign differently', () => {
    const php = String.raw`{"uri":"https:\/\/shop.example\/terms","d":"Kl\u00e4der"}`;
    const reserialised = JSON.stringify(JSON.parse(php));
    expect(reserialised).toBe('{"uri":"https://shop.example/terms","d":"Kläder"}');
    expect(sharedKeyHex(php, '/checkout', 'k')).not.toBe(sharedKeyHex(reserialised, '/checkout', 'k'));
    expect(sharedKeyHex(Buffer.from(php, 'utf8'), '/checkout', 'k')).toBe(sharedKeyHex(php, '/checkout', 'k'));
  });

  it('parses the header leniently: scheme case, extra spaces, uppercase hex, a colon in the username', () => {
    const hex = 'A'.repeat(64);
    const token = Buffer.from(`shop:user:${hex}`).toString('base64');
    expect(parseSharedKeyHeader(`sharedkey   ${token}`)).toEqual({ ok: true, username: 'shop:user', hex: 'a'.repeat(64) });
    expect(parseSharedKeyHeader(undefined)).toEqual({ ok: false, problem: 'missing' });
    expect(parseSharedKeyHeader('')).toEqual({ ok: false, problem: 'missing' });
    expect(parseSharedKeyHeader('Bearer abc')).toEqual({ ok: false, problem: 'scheme' });
    expect(parseSharedKeyHeader('SharedKey !!!')).toEqual({ ok: false, problem: 'garbled' });
    expect(parseSharedKeyHeader(`SharedKey ${Buffer.from('user-without-hex').toString('base64')}`)).toEqual({
      ok: false,
      problem: 'garbled',
    });
    expect(parseSharedKeyHeader(`SharedKey ${Buffer.from('user:abc').toString('base64')}`)).toEqual({ ok: false, problem: 'garbled' });
  });

  it('compares digests case-insensitively', () => {
    expect(hexDigestsMatch('ab'.repeat(32), 'AB'.repeat(32))).toBe(true);
    expect(hexDigestsMatch('ab'.repeat(32), 'ac'.repeat(32))).toBe(false);
    expect(hexDigestsMatch('ab', 'ab'.repeat(32))).toBe(false);
  });

  it('takes the path and query exactly as on the request line', () => {
    expect(pathAsSent(surfacePathOf('http://h:1/merchants/1/checkouts/x?a=1&b=%20#frag', undefined))).toEqual({
      path: '/merchants/1/checkouts/x',
      query: 'a=1&b=%20',
    });
    expect(pathAsSent(surfacePathOf('http://h/checkout', undefined))).toEqual({ path: '/checkout', query: '' });
  });
});
