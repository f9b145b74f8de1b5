/**
 * Money in integer minor units. Real clients send amounts as JSON numbers (199.5), as
 * decimal strings ("199.00", WooCommerce) or as integers; all are read through their
 * decimal text, never through float arithmetic, and rounded half away from zero to
 * two decimals (PHP clients may send 0.30000000000000004).
 */

const DECIMAL = /^([+-])?(\d*)(?:\.(\d*))?$/;

/** Minor units from a number or decimal string; null when it is not an amount, or one beyond what minor units hold (readMinor). */
export function toMinor(value: unknown): number | null {
  const minor = readMinor(value);
  return minor !== null && Number.isSafeInteger(minor) ? minor : null;
}

/**
 * Minor units from a number or decimal string; null when it is not an amount; ±Infinity when
 * it is one, but beyond what an integer of minor units holds exactly (2^53 and more). Only
 * where the domain refuses such an amount in its own words (an order's limits) is it read so;
 * everywhere else toMinor makes it "not an amount".
 */
export function readMinor(value: unknown): number | null {
  let text: string;
  if (typeof value === 'number') {
    if (Number.isNaN(value)) return null;
    // Past 1e21 a number has no plain decimal form (and JSON's 1e400 reads as Infinity): far beyond any amount.
    if (!(Math.abs(value) < 1e21)) return value < 0 ? -Infinity : Infinity;
    text = numberToPlainString(value);
  } else if (typeof value === 'string') {
    text = value.trim().replace(',', '.');
  } else {
    return null;
  }
  const match = DECIMAL.exec(text);
  if (!match) return null;
  const [, sign, whole = '', fraction = ''] = match;
  if (whole === '' && fraction === '') return null;
  const cents = Number(whole || '0') * 100 + Number((fraction + '00').slice(0, 2));
  const roundUp = Number(fraction[2] ?? '0') >= 5 ? 1 : 0;
  const minor = Number.isSafeInteger(cents + roundUp) ? cents + roundUp : Infinity;
  return sign === '-' ? -minor : minor;
}

/** Whether an amount is one minor units hold exactly (an integer below 2^53 in size). */
export function isHeld(minor: number): boolean {
  return Number.isSafeInteger(minor);
}

/** Major units as a JSON number (19900 → 199, 1999 → 19.99). Exact for integers < 2^53. */
export function toMajor(minor: number): number {
  return minor / 100;
}

export interface PricedLine {
  unitPrice: number;
  quantity: number;
}

export function lineTotal(line: PricedLine): number {
  return line.unitPrice * line.quantity;
}

export function sumLines(lines: readonly PricedLine[]): number {
  return lines.reduce((sum, line) => sum + lineTotal(line), 0);
}

/** Avoids exponent notation (1e-7) so the decimal parser sees every digit. */
function numberToPlainString(value: number): string {
  const text = String(value);
  if (!/e/i.test(text)) return text;
  return value.toFixed(20).replace(/0+$/, '').replace(/\.$/, '');
}
