/**
 * Recurring payments (docs/real-service.md, "Recurring payments"): customer tokens issued by purchases on a
 * recurring profile, and authorizations that charge them later without a checkout. Pure
 * rules only: which profile issues a token, when the attempts of an authorization fall due,
 * what an attempt's outcome does to the authorization, and the order a success creates.
 */
import { instant } from '../clock.js';
import type { Customer, Order, OrderItem, SalesSegment } from './model.js';
import { sumLines } from './money.js';
import { fullInvoice } from './order.js';
import { Violation, type ViolationKind } from './violation.js';

/** Reasons that leave an authorization retrying while attempts remain (webhooks docs). */
const RETRYING_REASONS = ['SERVICE_UNAVAILABLE', 'PAYMENT_METHOD_NO_FUNDS', 'PAYMENT_METHOD_DECLINED'] as const;
/** Reasons that fail an authorization at once. */
const FAILED_REASONS = ['PAYMENT_METHOD_EXPIRED', 'PAYMENT_METHOD_REFUSED', 'CANCELLED_BY_CUSTOMER'] as const;
export const FAILURE_REASONS = [...RETRYING_REASONS, ...FAILED_REASONS] as const;
export type FailureReason = (typeof FAILURE_REASONS)[number];

export function isFailureReason(value: string): value is FailureReason {
  return (FAILURE_REASONS as readonly string[]).includes(value);
}

function isRetryable(reason: FailureReason): boolean {
  return (RETRYING_REASONS as readonly string[]).includes(reason);
}

/** `Recurring` or `<profile>-Recurring` (WC get_checkout_profile), in any letter case. */
export function isRecurringProfile(profileName: string | null | undefined): boolean {
  const name = (profileName ?? '').trim().toLowerCase();
  return name === 'recurring' || name.endsWith('-recurring');
}

export const CUSTOMER_TOKEN_STATUSES = ['Active', 'Cancelled'] as const;
export type CustomerTokenStatus = (typeof CUSTOMER_TOKEN_STATUSES)[number];

export interface CustomerToken {
  token: string;
  merchantId: string;
  storeId: string;
  currency: string;
  countryCode: string;
  status: CustomerTokenStatus;
  createdAt: string;
  cancelledAt: string | null;
  /** The purchase that gave the customer's consent. */
  checkoutPrivateId: string;
  customer: Customer | null;
  /** The UAT test hook (PUT /purchase/customer-tokens/{token}): every later attempt fails with it. */
  authorizationFailure: FailureReason | null;
}

/**
 * The token's payment method as token details show it (https://payments.collectorbank.se/docs/checkout/tokenization/token-details:
 * `paymentMethod` always, its `type` always). The pages' revisions name the invoice type Credit or
 * Invoice; the newest, Invoice, is used. A private customer's token is a card (the only method
 * the introduction page names), masked as the page's example; a company's is an e-mailed invoice.
 */
export type TokenPaymentMethod =
  | { type: 'Card'; maskedCardNumber: string }
  | { type: 'Invoice'; invoiceType: 'Email'; invoiceReference: string | null; invoiceTag: string | null };

/** The masked card number: the page's example's first six digits, four digits the token gives, masked between. */
export function tokenPaymentMethod(token: Pick<CustomerToken, 'token'>, segment: SalesSegment): TokenPaymentMethod {
  if (segment === 'B2B') return { type: 'Invoice', invoiceType: 'Email', invoiceReference: null, invoiceTag: null };
  const digits = token.token.replace(/\D/g, '').padEnd(4, '0').slice(-4);
  return { type: 'Card', maskedCardNumber: `516020******${digits}` };
}

export type CaptureMode = 'Auto' | 'Manual';
type AuthorizationStatus = 'Created' | 'Retrying' | 'Authorized' | 'Failed';

/** When the attempts are made (the request's attemptSchedule, bound). */
export type AttemptSchedule =
  { kind: 'asap' } | { kind: 'synchronous' } | { kind: 'relative'; offsetsMs: number[] } | { kind: 'absolute'; instantsMs: number[] };

export interface AuthorizationRequest {
  customerToken: string;
  storeId: string | null;
  reference: string | null;
  actionReference: string | null;
  currency: string;
  captureMode: CaptureMode;
  items: OrderItem[];
  schedule: AttemptSchedule;
}

export interface Authorization {
  authorizationId: string;
  customerToken: string;
  merchantId: string;
  storeId: string;
  countryCode: string;
  reference: string | null;
  actionReference: string | null;
  currency: string;
  captureMode: CaptureMode;
  items: OrderItem[];
  totalAmount: number;
  status: AuthorizationStatus;
  createdAt: string;
  /** Every planned attempt's due instant; `attemptsMade` of them are done. */
  attemptsDue: string[];
  attemptsMade: number;
  reason: FailureReason | null;
  orderId: string | null;
}

/** Due instants of the attempts: "relative" offsets count from the previous attempt (the first from the request). */
export function plannedAttempts(schedule: AttemptSchedule, nowMs: number): number[] {
  if (schedule.kind === 'asap' || schedule.kind === 'synchronous') return [nowMs];
  if (schedule.kind === 'absolute') return [...schedule.instantsMs].sort((a, b) => a - b).map((ms) => Math.max(ms, nowMs));
  let at = nowMs;
  return schedule.offsetsMs.map((offset) => (at += offset));
}

/** A .NET TimeSpan as the docs write offsets: `00:00:10`, `1.00:00:10` (days.hh:mm:ss[.fff]); null otherwise. */
export function parseTimeSpanMs(value: string): number | null {
  const match = /^(?:(\d+)\.)?(\d{1,2}):(\d{2}):(\d{2})(?:\.(\d{1,7}))?$/.exec(value.trim());
  if (!match) return null;
  const [, days = '0', hours, minutes, seconds, fraction = ''] = match;
  if (Number(minutes) > 59 || Number(seconds) > 59 || Number(hours) > 23) return null;
  const ms = Number(`0.${fraction || '0'}`) * 1000;
  return ((Number(days) * 24 + Number(hours)) * 60 + Number(minutes)) * 60_000 + Number(seconds) * 1000 + Math.round(ms);
}

export function newAuthorization(
  request: AuthorizationRequest,
  token: CustomerToken,
  ids: { authorizationId: string; storeId: string; countryCode: string },
  nowMs: number,
): Authorization {
  return {
    authorizationId: ids.authorizationId,
    customerToken: token.token,
    merchantId: token.merchantId,
    storeId: ids.storeId,
    countryCode: ids.countryCode,
    reference: request.reference,
    actionReference: request.actionReference,
    currency: request.currency,
    captureMode: request.captureMode,
    items: request.items,
    totalAmount: sumLines(request.items),
    status: 'Created',
    createdAt: instant(nowMs).toISOString(),
    attemptsDue: plannedAttempts(request.schedule, nowMs).map((ms) => instant(ms).toISOString()),
    attemptsMade: 0,
    reason: null,
    orderId: null,
  };
}

/** The next attempt's due instant in ms, or null when none is left or the authorization is settled. */
export function nextAttemptMs(authorization: Authorization): number | null {
  if (authorization.status === 'Authorized' || authorization.status === 'Failed') return null;
  const due = authorization.attemptsDue[authorization.attemptsMade];
  return due === undefined ? null : Date.parse(due);
}

/** Why a token cannot be charged right now; null when the attempt succeeds. */
export function attemptFailure(token: CustomerToken): FailureReason | null {
  if (token.status === 'Cancelled') return 'CANCELLED_BY_CUSTOMER';
  return token.authorizationFailure;
}

/** The authorization after one attempt: authorized, retrying (reason retryable and attempts left) or failed. */
export function afterAttempt(authorization: Authorization, failure: FailureReason | null, orderId: string): Authorization {
  const attemptsMade = authorization.attemptsMade + 1;
  if (failure === null) return { ...authorization, attemptsMade, status: 'Authorized', reason: null, orderId };
  const left = attemptsMade < authorization.attemptsDue.length;
  return { ...authorization, attemptsMade, reason: failure, status: isRetryable(failure) && left ? 'Retrying' : 'Failed' };
}

/** The order an authorization creates: a normal order; captureMode Auto activates (invoices) it at once. */
export function orderForAuthorization(
  authorization: Authorization,
  details: {
    orderId: string;
    placedAt: string;
    expiresAt: string;
    invoiceNumber: string;
    customer: Customer | null;
    salesSegment?: SalesSegment;
  },
): Order {
  const order: Order = {
    orderId: details.orderId.toLowerCase(),
    merchantId: authorization.merchantId,
    storeId: authorization.storeId,
    checkoutPrivateId: null,
    reference: authorization.reference,
    // Card is the only payment method tokenization supports (tokenization introduction).
    paymentMethod: 'Card',
    currency: authorization.currency,
    countryCode: authorization.countryCode,
    // A subscription on a B2B store charges the company, as its first purchase did.
    salesSegment: details.salesSegment ?? 'B2C',
    status: authorization.captureMode === 'Auto' ? 'Activated' : 'NotActivated',
    placedAt: details.placedAt,
    expiresAt: details.expiresAt,
    totalAmount: authorization.totalAmount,
    items: authorization.items.map((item) => ({ ...item })),
    customer: details.customer,
    invoices: [],
  };
  if (authorization.captureMode === 'Auto') {
    order.invoices.push(fullInvoice(order, details.invoiceNumber, details.placedAt, authorization.actionReference));
  }
  return order;
}

const KIND_OF_STATUS: Record<number, ViolationKind> = { 400: 'invalid', 403: 'forbidden', 404: 'not_found', 409: 'conflict' };

/**
 * A refusal of a tokenization call: a Violation whose kind the tokenization docs' statuses
 * name (400 invalid, 403 forbidden, 404 not found, 409 conflict); `reason` is its code.
 */
export class TokenizationRefusal extends Violation {
  override name = 'TokenizationRefusal';
  constructor(
    readonly status: 400 | 403 | 404 | 409,
    readonly reason: string,
    message: string,
  ) {
    super(KIND_OF_STATUS[status] ?? 'invalid', reason, message);
  }
}
