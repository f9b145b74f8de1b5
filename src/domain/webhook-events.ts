/**
 * The webhooks the service POSTs to a merchant (https://dev.walleypay.com/docs/webhooks/overview):
 * JSON in PascalCase, `{Type, Timestamp, Payload}`, each payload exactly as its page shows it
 * (https://dev.walleypay.com/docs/webhooks/authorizations, …/webhooks/orders,
 * …/webhooks/customer-tokens), instants in the service's own form (src/domain/instants.ts): the
 * order events' Timestamp in Swedish local time, the others' in UTC, as each page writes them.
 * Pure builders; the outbox (src/services/webhooks.ts) signs and queues them, the dispatcher
 * delivers and retries them.
 */
import { serviceInstant, stockholmServiceInstant } from './instants.js';
import type { Order, PurchaseResult } from './model.js';
import { toMajor } from './money.js';
import type { Authorization, CustomerToken, CustomerTokenStatus } from './tokenization.js';

/**
 * Every webhook type the sandbox sends, and the payload it carries (types that share a page's
 * payload share its name). The answer schemas make one body per payload from this table
 * (src/routes/answers/webhooks.ts), so a new type is one line here, and a new payload its
 * schema there too.
 */
const WEBHOOK_PAYLOADS = {
  'walley:authorization:created': 'authorization',
  'walley:authorization:authorized': 'authorization',
  'walley:authorization:retrying': 'authorization',
  'walley:authorization:failed': 'authorization',
  'walley:order:created': 'orderCreated',
  'walley:order:authorized': 'orderReviewed',
  'walley:order:rejected': 'orderReviewed',
  'walley:order:reauthorized': 'orderReauthorized',
  'walley:order:captured': 'orderCaptured',
  'walley:customer-token:active': 'customerToken',
  'walley:customer-token:cancelled': 'customerToken',
} as const;
export type WebhookType = keyof typeof WEBHOOK_PAYLOADS;
export type WebhookPayload = (typeof WEBHOOK_PAYLOADS)[WebhookType];
/** The types that carry `payload`. */
export type WebhookTypeOf<P extends WebhookPayload> = {
  [T in WebhookType]: (typeof WEBHOOK_PAYLOADS)[T] extends P ? T : never;
}[WebhookType];

export const WEBHOOK_TYPES = Object.keys(WEBHOOK_PAYLOADS) as [WebhookType, ...WebhookType[]];

/** The types that carry `payload`, in the table's order. */
export function webhookTypesOf<P extends WebhookPayload>(payload: P): [WebhookTypeOf<P>, ...WebhookTypeOf<P>[]] {
  return WEBHOOK_TYPES.filter((type) => WEBHOOK_PAYLOADS[type] === payload) as [WebhookTypeOf<P>, ...WebhookTypeOf<P>[]];
}

/** An order event's Timestamp is in Swedish local time, the others' in UTC, as each page writes them. */
export function inSwedishTime(type: WebhookType): boolean {
  return type.startsWith('walley:order:');
}

/** What `walley:order:created` says of the new order (the orders page lists these). */
export const ORDER_WEBHOOK_STATUSES = ['OnHold', 'Authorized', 'Captured', 'RequiresSigning', 'RequiresIdentityCheck'] as const;
export type OrderWebhookStatus = (typeof ORDER_WEBHOOK_STATUSES)[number];

export interface WebhookEvent {
  Type: WebhookType;
  /** When the event occurred, e.g. 2024-01-30T10:02:31.2700113+00:00 (an order's: 2024-01-30T11:02:42.5997621+01:00); Walley-Timestamp is the same instant. */
  Timestamp: string;
  Payload: Record<string, unknown>;
}

function event(type: WebhookType, at: string, payload: Record<string, unknown>): WebhookEvent {
  const timestamp = inSwedishTime(type) ? stockholmServiceInstant(at) : serviceInstant(at);
  return { Type: type, Timestamp: timestamp, Payload: payload };
}

/** Every event about an authorization: the page's five fields, and the attempt counters once an attempt failed. */
export function authorizationEvent(type: WebhookTypeOf<'authorization'>, authorization: Authorization, at: string): WebhookEvent {
  const payload: Record<string, unknown> = {
    CustomerToken: authorization.customerToken,
    AuthorizationId: authorization.authorizationId,
    Reference: authorization.reference,
    ActionReference: authorization.actionReference,
    CreatedOn: serviceInstant(authorization.createdAt),
  };
  if (type === 'walley:authorization:retrying' || type === 'walley:authorization:failed') {
    payload.CurrentAttempt = authorization.attemptsMade;
    payload.MaxAttempt = authorization.attemptsDue.length;
    payload.Reason = authorization.reason;
  }
  return event(type, at, payload);
}

/** How a completed checkout's purchase result reads in `walley:order:created`; null: no order was created (rejected). */
export function orderStatusOfPurchase(result: PurchaseResult): OrderWebhookStatus | null {
  switch (result) {
    case 'Preliminary':
      return 'Authorized';
    case 'OnHold':
      return 'OnHold';
    case 'Activated':
    case 'Completed':
      return 'Captured';
    case 'Signing':
      return 'RequiresSigning';
    case 'Rejected':
      return null;
  }
}

/**
 * `walley:order:created`: sent when a customer completes a checkout and when a tokenized
 * authorization succeeds. The authorization's id and customer token are in the payload only
 * when an authorization created the order (the page's example is of one).
 */
export function orderCreatedEvent(
  order: Order,
  status: OrderWebhookStatus,
  at: string,
  authorization?: Pick<Authorization, 'authorizationId' | 'customerToken'>,
): WebhookEvent {
  const payload: Record<string, unknown> = {
    OrderId: order.orderId,
    Reference: order.reference,
    Amount: toMajor(order.totalAmount),
    Currency: order.currency,
    Status: status,
  };
  if (authorization) {
    payload.AuthorizationId = authorization.authorizationId;
    payload.CustomerToken = authorization.customerToken;
  }
  return event('walley:order:created', at, payload);
}

/** `walley:order:authorized` / `…:rejected`: an order created OnHold was accepted or rejected by Walley. */
export function orderReviewedEvent(type: WebhookTypeOf<'orderReviewed'>, order: Order, at: string): WebhookEvent {
  return event(type, at, {
    OrderId: order.orderId,
    Reference: order.reference,
    Amount: toMajor(order.totalAmount),
    Currency: order.currency,
  });
}

/**
 * `walley:order:reauthorized`: the order's items were changed (the reauthorize call). The
 * payload as the page's example: the amount now and the one before, no Reference (that
 * revision of the page shows none in any payload; the later one's example is cut off).
 */
export function orderReauthorizedEvent(order: Order, originalAmount: number, at: string): WebhookEvent {
  return event('walley:order:reauthorized', at, {
    OrderId: order.orderId,
    Amount: toMajor(order.totalAmount),
    OriginalAmount: toMajor(originalAmount),
    Currency: order.currency,
  });
}

/**
 * `walley:order:captured`: a capture was made on the order ("whenever a capture is made on an
 * order", the capture API among the ways). The page's example is past the end of every stored
 * copy; the payload is the one its revision writes for every money event (`walley:order:extended`:
 * OrderId, Amount, Currency, no Reference), `Amount` being what this capture took, as extended's
 * is the amount the event is about (docs/decisions.md, "walley:order:captured").
 */
export function orderCapturedEvent(order: Order, capturedAmount: number, at: string): WebhookEvent {
  return event('walley:order:captured', at, {
    OrderId: order.orderId,
    Amount: toMajor(capturedAmount),
    Currency: order.currency,
  });
}

/** The events one attempt produces, in the order they are sent ("closely followed by a walley:order:created"). */
export function attemptEvents(authorization: Authorization, order: Order | null, at: string): WebhookEvent[] {
  if (authorization.status === 'Authorized' && order) {
    return [
      authorizationEvent('walley:authorization:authorized', authorization, at),
      orderCreatedEvent(order, authorization.captureMode === 'Auto' ? 'Captured' : 'Authorized', at, authorization),
    ];
  }
  const type = authorization.status === 'Retrying' ? 'walley:authorization:retrying' : 'walley:authorization:failed';
  return [authorizationEvent(type, authorization, at)];
}

/**
 * A customer token changed status: the type names the new one, `PreviousStatus` the one before
 * (every customer-token webhook carries it); null when the token was just issued.
 */
export function customerTokenEvent(
  type: WebhookTypeOf<'customerToken'>,
  token: Pick<CustomerToken, 'token'>,
  previousStatus: CustomerTokenStatus | null,
  at: string,
): WebhookEvent {
  return event(type, at, { CustomerToken: token.token, PreviousStatus: previousStatus });
}
