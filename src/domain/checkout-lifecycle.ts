/**
 * The checkout's lifecycle:
 *   Initialized → CustomerIdentified → CommittedToPurchase → PurchaseCompleted, or Aborted.
 * Merchant updates are allowed only while the session is open. The update pages' error tables
 * (e.g. https://dev.walleypay.com/docs/checkout/optional/updatemetadata) name the refusals:
 * once the customer has pressed "Complete purchase" the checkout is locked for modifications
 * (900 Purchase_Commitment_Found), after completion 900 Purchase_Completed, and 423
 * Resource_Locked while another modifying request for the session is being executed (clients
 * retry it). Pure rules: they return a Violation (kind locked or rule); the HTTP edge picks the
 * status and the envelope.
 */
import type { Checkout, CheckoutStatus, Order } from './model.js';
import { capturedAmount } from './order-ledger.js';
import { Violation } from './violation.js';

/**
 * The 900 reasons that refuse an update, by the status that refuses it: the checkout is closed
 * to the merchant's changes (for Purchase_Commitment_Found until the purchase completes, or the
 * validation fails and unlocks it).
 */
export const UPDATE_REFUSAL_REASONS = {
  CommittedToPurchase: 'Purchase_Commitment_Found',
  PurchaseCompleted: 'Purchase_Completed',
  Aborted: 'Checkout_Aborted',
} as const satisfies Partial<Record<CheckoutStatus, string>>;

/** Why a merchant may not change the cart, fees, metadata or whole checkout now (null = allowed). */
export function updateRejection(checkout: Pick<Checkout, 'status' | 'privateId'>, what: string): Violation | null {
  switch (checkout.status) {
    case 'Initialized':
    case 'CustomerIdentified':
      return null;
    case 'CommittedToPurchase':
      return new Violation(
        'rule',
        UPDATE_REFUSAL_REASONS.CommittedToPurchase,
        `The customer has pressed "Complete purchase" on checkout ${checkout.privateId}, so it is locked for modifications; the ${what} cannot be changed now. ` +
          'Wait for the purchase to complete (or for the validation to fail, which unlocks it), then read the checkout.',
      );
    case 'PurchaseCompleted':
      return new Violation(
        'rule',
        UPDATE_REFUSAL_REASONS.PurchaseCompleted,
        `The purchase of checkout ${checkout.privateId} is already completed; the ${what} can no longer be changed. Read the order from GET on the checkout.`,
      );
    case 'Aborted':
      return new Violation(
        'rule',
        UPDATE_REFUSAL_REASONS.Aborted,
        `The checkout ${checkout.privateId} was aborted; the ${what} can no longer be changed. Initialize a new checkout.`,
      );
  }
}

/**
 * Why a checkout cannot be aborted now (https://dev.walleypay.com/docs/checkout/paylink/abort-paylink):
 * 409 while the customer commits to the purchase, 900 once it is completed; null when it can.
 */
export function abortRejection(checkout: Pick<Checkout, 'privateId' | 'status'>): Violation | null {
  if (checkout.status === 'CommittedToPurchase') {
    return new Violation(
      'conflict',
      'Purchase_Commitment_Found',
      `The customer has pressed "Complete purchase" on checkout ${checkout.privateId}: it cannot be aborted while the purchase is being committed. Read the checkout again in a moment.`,
    );
  }
  return checkout.status === 'PurchaseCompleted' ? updateRejection(checkout, 'session') : null;
}

/** Another modifying request for the checkout is still being executed: retry this one (423). */
export function modificationInProgress(privateId: string, what: string): Violation {
  return new Violation(
    'locked',
    'Resource_Locked',
    `Another modifying request for checkout ${privateId} is still being executed, so the ${what} was not changed. Send the request again once that one has answered.`,
  );
}

/**
 * Why the merchant may not change the reference now (null = allowed). Before the purchase
 * completes nothing refuses it: WooCommerce sets it while the customer commits, OpenCart after
 * the purchase (it waits for `reference` to be null). After it, the update order reference page
 * allows one change, and only before the order is captured
 * (https://dev.walleypay.com/docs/checkout/optional/updateorderreference). The page gives no
 * answer for the refusal: it is the checkout API's business error, 900 `Purchase_Completed`, the
 * reason the other update pages give once the purchase is complete.
 */
export function referenceRejection(
  checkout: Pick<Checkout, 'status' | 'privateId' | 'referenceUpdatedAfterPurchaseAt'>,
  order: Order | undefined,
): Violation | null {
  if (checkout.status !== 'PurchaseCompleted') return null;
  if (checkout.referenceUpdatedAfterPurchaseAt) {
    return new Violation(
      'rule',
      'Purchase_Completed',
      `The reference of checkout ${checkout.privateId} was already changed once after the purchase (at ${checkout.referenceUpdatedAfterPurchaseAt}, sandbox time); ` +
        'it can be changed only once after the purchase is completed. Set the final reference in that one update, or before the purchase completes.',
    );
  }
  if (order && capturedAmount(order) > 0) {
    return new Violation(
      'rule',
      'Purchase_Completed',
      `The order ${order.orderId} of checkout ${checkout.privateId} is already captured (status ${order.status}); the reference can be changed after the purchase only before the order is captured. ` +
        'Set the reference before capturing.',
    );
  }
  return null;
}

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
