/**
 * Why an order administration call was refused, in the management API's own vocabulary:
 * an upper-case business code (CAPTURE_ORDER_ALREADY_CAPTURED, …) and a message that says
 * how to fix the call. The domain only says what KIND of refusal it is; src/http/dialects/problem.ts
 * maps kinds to HTTP statuses and renders the body.
 */

import { Violation, type ViolationKind } from './violation.js';

export type { ViolationKind };

/**
 * Every code the sandbox answers with. The first three are the real API's own names
 * (docs/real-service.md, "Error reasons"); the others are the sandbox's, named in the same style.
 */
export type OrderCode =
  | 'CAPTURE_ORDER_ALREADY_CAPTURED'
  | 'ORDER_ALREADY_CAPTURED'
  | 'REAUTHORIZE_AMOUNT_MUST_MATCH_SUM_OF_ARTICLES'
  | 'REAUTHORIZE_ORDER_INCREASE_ABOVE_CURRENT_TOTAL_AMOUNT_IS_NOT_ALLOWED'
  | 'MATCHING_ARTICLES_WITH_DIFFERENT_VAT'
  | 'ARTICLE_EXISTS_BUT_OTHER_INFORMATION'
  | 'REAUTHORIZE_AMOUNT_BELOW_CAPTURED_AMOUNT'
  | 'REAUTHORIZATION_IN_PROGRESS'
  | 'REAUTHORIZATION_NOT_FOUND'
  | 'CAPTURE_AMOUNT_EXCEEDS_REMAINING'
  | 'CAPTURE_AMOUNT_MUST_MATCH_SUM_OF_ARTICLES'
  | 'CAPTURE_QUANTITY_EXCEEDS_REMAINING'
  | 'REFUND_AMOUNT_EXCEEDS_CAPTURED'
  | 'REFUND_AMOUNT_MUST_MATCH_SUM_OF_ARTICLES'
  | 'REFUND_QUANTITY_EXCEEDS_CAPTURED'
  | 'REFUND_FEE_EXCEEDS_RETURNED_ARTICLES'
  | 'ARTICLE_NOT_FOUND_ON_ORDER'
  | 'ARTICLE_NOT_UNIQUE_ON_ORDER'
  | 'ORDER_NOT_CAPTURED'
  | 'ORDER_ALREADY_REFUNDED'
  | 'ORDER_ALREADY_CANCELLED'
  | 'ORDER_CANCELLED'
  | 'ORDER_EXPIRED'
  | 'ORDER_NOT_FOUND'
  | 'IDEMPOTENCY_KEY_REUSED'
  | 'IDEMPOTENCY_RESPONSE_EXPIRED'
  | 'VALIDATION_ERROR'
  | 'INVALID_JSON';

/** A refusal of order administration: a Violation whose code is an OrderCode. */
export class OrderViolation extends Violation {
  override name = 'OrderViolation';
  declare readonly code: OrderCode;
  constructor(kind: ViolationKind, code: OrderCode, message: string) {
    super(kind, code, message);
  }
}

export function ruleViolation(code: OrderCode, message: string): OrderViolation {
  return new OrderViolation('rule', code, message);
}
