/**
 * The webhooks of the new platform (docs/service-facts.md, "Webhooks"): POSTed JSON in PascalCase,
 * `{Type, Timestamp, Payload}`. Pure builders; the dispatcher delivers and retries them.
 */
import type { Authorization, CustomerToken } from './tokenization.js';

export type WebhookType =
  | 'walley:authorization:created'
  | 'walley:authorization:authorized'
  | 'walley:authorization:retrying'
  | 'walley:authorization:failed'
  | 'walley:order:created'
  | 'walley:customer-token:active'
  | 'walley:customer-token:cancelled';

export interface WebhookEvent {
  Type: WebhookType;
  Timestamp: string;
  Payload: Record<string, unknown>;
}

/** Every event about an authorization: its state as of now, with the attempt counters while it is tried. */
export function authorizationEvent(type: WebhookType, authorization: Authorization, timestamp: string): WebhookEvent {
  const payload: Record<string, unknown> = {
    CustomerToken: authorization.customerToken,
    AuthorizationId: authorization.authorizationId,
    Reference: authorization.reference,
    ActionReference: authorization.actionReference,
    CreatedOn: authorization.createdAt,
  };
  if (authorization.orderId) payload.OrderId = authorization.orderId;
  if (type === 'walley:authorization:retrying' || type === 'walley:authorization:failed') {
    payload.CurrentAttempt = authorization.attemptsMade;
    payload.MaxAttempt = authorization.attemptsDue.length;
    payload.Reason = authorization.reason;
  }
  return { Type: type, Timestamp: timestamp, Payload: payload };
}

/** The events one attempt produces, in the order they are sent. */
export function attemptEvents(authorization: Authorization, timestamp: string): WebhookEvent[] {
  if (authorization.status === 'Authorized') {
    return [
      authorizationEvent('walley:authorization:authorized', authorization, timestamp),
      authorizationEvent('walley:order:created', authorization, timestamp),
    ];
  }
  const type = authorization.status === 'Retrying' ? 'walley:authorization:retrying' : 'walley:authorization:failed';
  return [authorizationEvent(type, authorization, timestamp)];
}

export function customerTokenEvent(type: 'walley:customer-token:active' | 'walley:customer-token:cancelled', token: CustomerToken, timestamp: string): WebhookEvent {
  return {
    Type: type,
    Timestamp: timestamp,
    Payload: { CustomerToken: token.token, StoreId: token.storeId, CreatedOn: token.createdAt, CancelledOn: token.cancelledAt },
  };
}
