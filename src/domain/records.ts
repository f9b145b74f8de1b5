/**
 * The records a world keeps beside its merchants, API clients, checkouts and orders, one
 * keyed collection each (src/store/state.ts), and the map from each collection's name to its
 * record type: services look a collection up by a name the compiler checks, and get records
 * of the right type, with no cast.
 */
import type { Checkout, Order } from './model.js';
import type { ApiClient, Merchant } from './merchant.js';
import type { InvoiceStatusName } from './invoice-status.js';
import type { LaggedAction } from './order-read-lag.js';
import type { Reauthorization } from './order-reauthorize.js';
import type { Authorization, CustomerToken } from './tokenization.js';

/** Every call the service made to a merchant's URLs, with every attempt. */
export interface CallbackAttempt {
  attempt: number;
  /** Sandbox time the attempt was due, and when it was made. */
  dueAt: string;
  at: string;
  method: 'GET' | 'POST';
  url: string;
  status: number | null;
  error: string | null;
}

export interface CallbackRecord {
  id: string;
  kind: 'notification' | 'validation' | 'webhook' | 'invoice-status';
  /** The checkout it is about; null for webhooks of authorizations and customer tokens. */
  privateId: string | null;
  /** POST with a JSON body for webhooks; GET when absent. */
  method?: 'GET' | 'POST';
  body?: string;
  /** A webhook's own headers (Walley-Timestamp, Walley-Signature, …), the same on every attempt. */
  headers?: Record<string, string>;
  /** Webhook type and what it is about (authorizationId or customer token), for the admin views. */
  type?: string;
  subject?: string;
  url: string;
  createdAt: string;
  state: 'pending' | 'delivered' | 'failed';
  nextAttemptAt: string | null;
  attempts: CallbackAttempt[];
}

/** An order administration call already answered, by its idempotency key. */
export interface StoredResult {
  status: 201 | 202;
  location: string;
}

export interface IdempotencyRecord {
  /** The key itself: records are found by it. */
  id: string;
  key: string;
  fingerprint: string;
  result: StoredResult;
  createdAt: string;
}

/** An on-hold purchase under review. */
export interface OnHoldReview {
  id: string;
  privateId: string;
  /** When the review resolves by itself; null: only by the admin call. */
  dueAt: string | null;
  outcome: Exclude<InvoiceStatusName, 'Pending'>;
  state: 'pending' | 'resolved';
  resolvedAt: string | null;
}

/** A POST /purchase/authorizations already answered, by its Walley-Idempotency-Key. */
interface AuthorizationIdempotencyRecord {
  id: string;
  merchantId: string;
  key: string;
  fingerprint: string;
  status: 200 | 202;
  data: { authorizationId: string; orderId?: string };
  at: string;
}

/** A customer token as kept: its own key in `id`. */
export type StoredToken = CustomerToken & { id: string };
/** An authorization as kept: its own key in `id`. */
type StoredAuthorization = Authorization & { id: string };

/** A pay link the merchant asked to send. */
interface PaylinkRecord {
  id: string;
  at: string;
  privateId: string;
  publicToken: string;
  destination: { mobilePhoneNumber: string | null; email: string | null };
}

/** A part-payment widget token. */
interface WidgetTokenRecord {
  id: string;
  at: string;
  widgetToken: string;
  storeId: string;
  expiresAt: string;
}

/** The recent actions on an order of a merchant whose reads lag (orderReadLagSeconds), by the order's id in lower case. */
interface OrderActionsRecord {
  id: string;
  actions: LaggedAction[];
}

/** Each kept collection's record type, by the collection's name (also its name in the snapshot file). */
export interface RecordTypes {
  callbacks: CallbackRecord;
  idempotency: IdempotencyRecord;
  reauthorizations: Reauthorization;
  customerTokens: StoredToken;
  authorizations: StoredAuthorization;
  authorizationIdempotency: AuthorizationIdempotencyRecord;
  onHoldReviews: OnHoldReview;
  paylinks: PaylinkRecord;
  widgetTokens: WidgetTokenRecord;
  orderActions: OrderActionsRecord;
}

export type RecordName = keyof RecordTypes;

/** Every collection of a world: the four main ones and the kept records. */
export interface CollectionTypes extends RecordTypes {
  merchants: Merchant;
  apiClients: ApiClient;
  checkouts: Checkout;
  orders: Order;
}

export type CollectionName = keyof CollectionTypes;
