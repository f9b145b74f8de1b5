/**
 * Rules over the lines of a checkout (docs/real-service.md, "Cart in every shape", "Fees in every shape"): what the service keeps of an
 * id and a description, "no fees", and that no article occurs twice across cart and fees.
 * Binding the lines is src/domain/requests/cart.ts.
 */
import type { CartItem, Fee, Fees } from './model.js';
import type { Problem } from './requests/problems.js';

/** Real clients send ids and descriptions longer than the service keeps; it cuts them. */
export const MAX_ID_LENGTH = 50;
export const MAX_DESCRIPTION_LENGTH = 50;

export interface BoundCart {
  items: CartItem[];
  shippingProperties: unknown;
}

export const NO_FEES: Fees = { shipping: null, directInvoiceFee: null };

/**
 * id + description must be unique across cart and fees, as the real API checks
 * (400 Duplicate_Articles); one entry per duplicated pair.
 */
export function duplicateArticles(items: readonly CartItem[], fees: Fees): Problem[] {
  const lines = [...items, ...[fees.shipping, fees.directInvoiceFee].filter((f): f is Fee => f !== null)];
  const counts = new Map<string, { id: string; description: string; count: number }>();
  for (const line of lines) {
    const key = `${line.id}\u0000${line.description}`;
    const entry = counts.get(key) ?? { id: line.id, description: line.description, count: 0 };
    entry.count += 1;
    counts.set(key, entry);
  }
  return [...counts.values()]
    .filter((entry) => entry.count > 1)
    .map((entry) => ({
      reason: 'Duplicate_Articles',
      message:
        `The article id '${entry.id}' with description '${entry.description}' occurs ${entry.count} times across cart and fees; ` +
        'each id + description pair must be unique (merge the lines or give them distinct ids).',
    }));
}
