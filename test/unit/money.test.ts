import { describe, expect, it } from 'vitest';
import { sumLines, toMajor, toMinor } from '../../src/domain/money.js';

describe('money in minor units', () => {
  it.each([
    ['199.00', 19900],
    ['199', 19900],
    [199.5, 19950],
    [0.1 + 0.2, 30],
    ['-49.90', -4990],
    ['19,99', 1999],
    [1e-7, 0],
    ['0.005', 1],
    [' 12.3 ', 1230],
    [2499, 249900],
  ])('reads %s as %i', (input, minor) => {
    expect(toMinor(input)).toBe(minor);
  });

  it.each([['abc'], [''], ['.'], [null], [undefined], [Number.NaN], [{}], ['1.2.3']])('rejects %s', (input) => {
    expect(toMinor(input)).toBeNull();
  });

  it('prints major units exactly', () => {
    expect(toMajor(1999)).toBe(19.99);
    expect(toMajor(19900)).toBe(199);
    expect(JSON.stringify(toMajor(-4990))).toBe('-49.9');
  });

  it('sums lines without float drift', () => {
    expect(
      sumLines([
        { unitPrice: 1999, quantity: 3 },
        { unitPrice: 1, quantity: 1 },
      ]),
    ).toBe(5998);
  });
});
