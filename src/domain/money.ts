/**
 * Money in integer minor units. Real clients send amounts as JSON numbers (199.5), as
 * decimal strings ("199.00", WooCommerce) or as integers; all are read through their
 * decimal text, never through float arithmetic, and rounded half away from zero to
 * two decimals (PHP clients may send 0.30000000000000004).
 */

const DECIMAL = /^([+-])?(\d*)(?:\.(\d*))?$/;

/** Minor units from a number or decimal string; null when it is not an amount. */
export function toMinor(value: unknown): number | null {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
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
  const minor = cents + roundUp;
  if (!Number.isSafeInteger(minor)) return null;
  return sign === '-' ? -minor : minor;
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
