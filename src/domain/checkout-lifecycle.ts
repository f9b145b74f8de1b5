/**
 * The checkout's lifecycle (docs/service-facts.md, "Checkout status"):
 *   Initialized → CustomerIdentified → CommittedToPurchase → PurchaseCompleted, or Aborted.
 * Merchant updates are allowed only while the session is open; while the customer is
 * committing the session is locked (423, clients reload and retry); after completion the
 * real API rejects with its business-rule status 900. Pure rules: they return a Violation
 * (kind locked or rule); the HTTP edge picks the status and the envelope.
 */
import { isOpen } from './checkout.js';
import type { Checkout, CheckoutStatus } from './model.js';
import { Violation } from './violation.js';

/** Why a merchant may not change the cart, fees, metadata or whole checkout now (null = allowed). */
export function updateRejection(checkout: Pick<Checkout, 'status' | 'privateId'>, what: string): Violation | null {
  switch (checkout.status) {
    case 'Initialized':
    case 'CustomerIdentified':
      return null;
    case 'CommittedToPurchase':
      return new Violation(
        'locked',
        'Resource_Locked',
        `The checkout ${checkout.privateId} is locked while the customer completes the purchase; the ${what} cannot be changed now. Reload the checkout and retry.`,
      );
    case 'PurchaseCompleted':
      return new Violation(
        'rule',
        'Purchase_Completed',
        `The purchase of checkout ${checkout.privateId} is already completed; the ${what} can no longer be changed. Read the order from GET on the checkout.`,
      );
    case 'Aborted':
      return new Violation(
        'rule',
        'Checkout_Aborted',
        `The checkout ${checkout.privateId} was aborted; the ${what} can no longer be changed. Initialize a new checkout.`,
      );
  }
}

// The reference is deliberately not gated: WooCommerce sets it while the customer commits,
// OpenCart only after the purchase completed (it waits for `reference` to be null).

export type CustomerAction = 'identify' | 'commit' | 'complete' | 'abort';

const ALLOWED_FROM: Record<CustomerAction, readonly CheckoutStatus[]> = {
  identify: ['Initialized', 'CustomerIdentified'],
  commit: ['Initialized', 'CustomerIdentified', 'CommittedToPurchase'],
  complete: ['Initialized', 'CustomerIdentified', 'CommittedToPurchase'],
  abort: ['Initialized', 'CustomerIdentified', 'CommittedToPurchase', 'Aborted'],
};

const RESULTING_STATUS: Record<CustomerAction, CheckoutStatus> = {
  identify: 'CustomerIdentified',
  commit: 'CommittedToPurchase',
  complete: 'PurchaseCompleted',
  abort: 'Aborted',
};

/** Whether the customer's side may take `action` now (null = allowed). */
export function customerActionRejection(checkout: Pick<Checkout, 'status' | 'privateId'>, action: CustomerAction): Violation | null {
  if (ALLOWED_FROM[action].includes(checkout.status)) return null;
  return new Violation(
    'conflict',
    'Invalid_State',
    `Cannot ${action} checkout ${checkout.privateId}: it is ${checkout.status}; ${action} is possible from ` +
      `${ALLOWED_FROM[action].join(', ')}. Initialize a new checkout to start over.`,
  );
}

export function statusAfter(action: CustomerAction): CheckoutStatus {
  return RESULTING_STATUS[action];
}

export { isOpen };
