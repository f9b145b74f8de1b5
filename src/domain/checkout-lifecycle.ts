/**
 * The checkout's lifecycle (service-facts §9.1):
 *   Initialized → CustomerIdentified → CommittedToPurchase → PurchaseCompleted, or Aborted.
 * Merchant updates are allowed only while the session is open; while the customer is
 * committing the session is locked (423, clients reload and retry); after completion the
 * real API rejects with its business-rule status 900. Pure rules: callers turn a Rejection
 * into their own envelope (checkout API or admin).
 */
import { isOpen } from './checkout.js';
import type { Checkout, CheckoutStatus } from './model.js';

export interface Rejection {
  status: number;
  reason: string;
  message: string;
}

/** Why a merchant may not change the cart, fees, metadata or whole checkout now (null = allowed). */
export function updateRejection(checkout: Pick<Checkout, 'status' | 'privateId'>, what: string): Rejection | null {
  switch (checkout.status) {
    case 'Initialized':
    case 'CustomerIdentified':
      return null;
    case 'CommittedToPurchase':
      return {
        status: 423,
        reason: 'Resource_Locked',
        message: `The checkout ${checkout.privateId} is locked while the customer completes the purchase; the ${what} cannot be changed now. Reload the checkout and retry.`,
      };
    case 'PurchaseCompleted':
      return {
        status: 900,
        reason: 'Purchase_Completed',
        message: `The purchase of checkout ${checkout.privateId} is already completed; the ${what} can no longer be changed. Read the order from GET on the checkout.`,
      };
    case 'Aborted':
      return {
        status: 900,
        reason: 'Checkout_Aborted',
        message: `The checkout ${checkout.privateId} was aborted; the ${what} can no longer be changed. Initialize a new checkout.`,
      };
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
export function customerActionRejection(checkout: Pick<Checkout, 'status' | 'privateId'>, action: CustomerAction): Rejection | null {
  if (ALLOWED_FROM[action].includes(checkout.status)) return null;
  return {
    status: 409,
    reason: 'Invalid_State',
    message:
      `Cannot ${action} checkout ${checkout.privateId}: it is ${checkout.status}; ${action} is possible from ` +
      `${ALLOWED_FROM[action].join(', ')}. Initialize a new checkout to start over.`,
  };
}

export function statusAfter(action: CustomerAction): CheckoutStatus {
  return RESULTING_STATUS[action];
}

export { isOpen };
