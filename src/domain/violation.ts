/**
 * The domain's one error language: a refusal has a KIND and a code in the service's own
 * vocabulary (Resource_Locked, CAPTURE_ORDER_ALREADY_CAPTURED, …) and a message that says
 * how to fix the call. Only the HTTP edge turns a kind into a status and an envelope: the
 * checkout API answers a broken business rule with 900, order administration with 422.
 */
export type ViolationKind = 'invalid' | 'forbidden' | 'not_found' | 'conflict' | 'locked' | 'rule';

export class Violation extends Error {
  override name = 'Violation';
  constructor(
    readonly kind: ViolationKind,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The one failure that is not a refusal: a change the store could not make durable. It was
 * rolled back and nothing of it applies; every surface answers 503 with Retry-After.
 */
export class PersistenceError extends Error {
  override name = 'PersistenceError';
}
