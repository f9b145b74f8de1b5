/** The one glob dialect of fault rules and journal filters (src/domain/path-glob.ts), as picomatch reads a glob. */
import { describe, expect, it } from 'vitest';
import { pathGlob } from '../../src/domain/path-glob.js';

describe('path globs', () => {
  it('* matches within one segment, ** across segments', () => {
    const orders = pathGlob('/manage/orders/*');
    expect(orders('/manage/orders/abc')).toBe(true);
    expect(orders('/manage/orders/abc/capture')).toBe(false);
    expect(orders('/manage/orders')).toBe(false);
    const below = pathGlob('/manage/orders/**');
    expect(below('/manage/orders/abc/capture')).toBe(true);
    expect(below('/manage/orders')).toBe(true);
    expect(below('/manage/ordersx')).toBe(false);
    expect(pathGlob('/checkouts*')('/checkouts')).toBe(true);
    expect(pathGlob('/checkouts*')('/checkouts/x')).toBe(false);
    expect(pathGlob('/**/capture')('/manage/orders/abc/capture')).toBe(true);
    expect(pathGlob('/*/v2.0/**')('/common/v2.0/.well-known/openid-configuration')).toBe(true);
  });

  it('takes case as the surfaces route, ignores a trailing slash on either side, reads the rest literally', () => {
    expect(pathGlob('/manage/orders/*')('/MANAGE/Orders/abc')).toBe(false);
    expect(pathGlob('/checkouts/')('/checkouts')).toBe(true);
    expect(pathGlob('/checkouts')('/checkouts/')).toBe(true);
    expect(pathGlob('/a.b(c)')('/aXb(c)')).toBe(false);
    expect(pathGlob('/a.b(c)')('/a.b(c)')).toBe(true);
    expect(pathGlob('/a+b?')('/a+b?')).toBe(true);
    expect(pathGlob('/a+b?')('/aab')).toBe(false);
  });
});

describe('path globs against hostile patterns', () => {
  it('answers a pattern of many stars against a long path without backtracking', () => {
    const hostile = pathGlob('/*a*a*a*a*a*a*a*a*a*a*b');
    expect(hostile(`/${'a'.repeat(39)}`)).toBe(false);
    expect(hostile(`/${'a'.repeat(38)}b`)).toBe(true);
    const across = pathGlob('/**a**a**a**a**a**a**a**b');
    expect(across(`/${'a/'.repeat(200)}`)).toBe(false);
    expect(across(`/${'a/'.repeat(200)}b`)).toBe(true);
  });
});
