/**
 * The one owner of recurring-payment state: customer tokens, authorizations, their
 * idempotency records, the orders they create, and the webhooks they queue. Routes, the
 * admin API and the customer simulation call only these methods. Each call runs from lookup
 * to the in-memory change without awaiting, then saves every record it touched in one change.
 */
import { randomUUID } from 'node:crypto';
import { type Clock, instant } from '../clock.js';
import type { Checkout, Order, SalesSegment } from '../domain/model.js';
import type { SeededRandom } from '../domain/random.js';
import {
  type Authorization,
  type AuthorizationRequest,
  type CustomerToken,
  type FailureReason,
  TokenizationRefusal,
  afterAttempt,
  attemptFailure,
  newAuthorization,
  nextAttemptMs,
  orderForAuthorization,
} from '../domain/tokenization.js';
import { type WebhookEvent, attemptEvents, authorizationEvent, customerTokenEvent } from '../domain/webhook-events.js';
import { segmentOf } from '../domain/sales-segment.js';
import type { EnvName } from '../hosts.js';
import { type Change, LOOKUPS, put } from '../store/state.js';
import type { StateStore } from '../store/store.js';
import type { CallbackRecord, StoredToken } from '../domain/records.js';
import type { MerchantDirectory } from './merchants.js';
import type { OrderReadLag } from './order-read-lag.js';
import type { WebhookOutbox } from './webhooks.js';

export interface AuthorizationResult {
  status: 200 | 202;
  data: { authorizationId: string; orderId?: string };
  replayed: boolean;
}

export interface TokenizationDeps {
  store: StateStore;
  clock: Clock;
  random: SeededRandom;
  env: EnvName;
  merchants: MerchantDirectory;
  webhooks: WebhookOutbox;
  /** An order an authorization creates is an action a lagged read sees late. */
  lag: OrderReadLag;
}

export class TokenizationService {
  readonly env: EnvName;

  constructor(private readonly deps: TokenizationDeps) {
    this.env = deps.env;
  }

  private get tokens() {
    return this.deps.store.env(this.env).records('customerTokens');
  }

  private get authorizations() {
    return this.deps.store.env(this.env).records('authorizations');
  }

  private now(): string {
    return this.deps.clock.iso();
  }

  /** The records as the admin shows them (without the store's key). */
  listTokens(): CustomerToken[] {
    return this.tokens.toArray().map(({ id: _id, ...token }) => token);
  }

  listAuthorizations(): Authorization[] {
    return this.authorizations.toArray().map(({ id: _id, ...authorization }) => authorization);
  }

  /** Every webhook sent or pending in this environment. */
  webhooks(): CallbackRecord[] {
    return this.deps.webhooks.list();
  }

  /**
   * A purchase on a recurring profile: one token per purchase, shown in data.order.customerToken.
   * The token and what it changes (its record, its webhook), committed with the purchase.
   */
  issueFor(checkout: Checkout): { customerToken: string; changes: Change[] } {
    const token: StoredToken = {
      id: randomUUID(),
      token: '',
      merchantId: checkout.merchantId,
      storeId: checkout.storeId,
      currency: checkout.currency,
      countryCode: checkout.countryCode,
      status: 'Active',
      createdAt: this.now(),
      cancelledAt: null,
      checkoutPrivateId: checkout.privateId,
      customer: checkout.customer,
      authorizationFailure: null,
    };
    token.token = token.id;
    return {
      customerToken: token.token,
      changes: [
        put(this.env, 'customerTokens', token),
        ...this.queue(token.merchantId, [customerTokenEvent('walley:customer-token:active', token, null, this.now())], token.token),
      ],
    };
  }

  /** The caller's token; another merchant's token is unknown (404), as the docs say. */
  token(merchantId: string, value: string): StoredToken {
    const token = this.tokens.get(value.trim().toLowerCase());
    if (!token || token.merchantId !== merchantId) {
      throw new TokenizationRefusal(
        404,
        'Resource_Not_Found',
        `No customer token ${value} for this merchant in ${this.env.toUpperCase()}. Use data.order.customerToken of a purchase on a recurring profile ` +
          `(profileName "Recurring" or "<profile>-Recurring").`,
      );
    }
    return token;
  }

  async cancel(merchantId: string, value: string): Promise<void> {
    const token = this.token(merchantId, value);
    if (token.status === 'Cancelled') {
      throw new TokenizationRefusal(
        403,
        'Customer_Token_Cancelled',
        `The customer token ${token.token} was already cancelled at ${token.cancelledAt}.`,
      );
    }
    const cancelled = { ...token, status: 'Cancelled' as const, cancelledAt: this.now() };
    await this.save([
      put(this.env, 'customerTokens', cancelled),
      ...this.queue(
        merchantId,
        [customerTokenEvent('walley:customer-token:cancelled', cancelled, token.status, cancelled.cancelledAt)],
        token.token,
      ),
    ]);
  }

  /** The UAT test hook: later attempts on this token fail with `reason` (null clears it). */
  async setAuthorizationFailure(merchantId: string, value: string, reason: FailureReason | null): Promise<void> {
    const token = this.token(merchantId, value);
    await this.save([put(this.env, 'customerTokens', { ...token, authorizationFailure: reason })]);
  }

  async authorize(
    merchantId: string,
    request: AuthorizationRequest,
    idempotency: { key: string; fingerprint: string } | null,
  ): Promise<AuthorizationResult> {
    const idempotencyRecords = this.deps.store.env(this.env).records('authorizationIdempotency');
    const earlier = idempotency ? idempotencyRecords.get(`${merchantId}|${idempotency.key}`) : undefined;
    if (earlier && idempotency) {
      if (earlier.fingerprint !== idempotency.fingerprint) {
        throw new TokenizationRefusal(
          409,
          'Idempotency_Key_Reused',
          `The Walley-Idempotency-Key '${idempotency.key}' was used at ${earlier.at} for another request. Use a new key for a new authorization.`,
        );
      }
      return { status: earlier.status, data: earlier.data, replayed: true };
    }

    const token = this.token(merchantId, request.customerToken);
    if (token.status === 'Cancelled') {
      throw new TokenizationRefusal(
        403,
        'Customer_Token_Cancelled',
        `The customer token ${token.token} was cancelled at ${token.cancelledAt}; it cannot be charged any more.`,
      );
    }
    const store = this.storeFor(merchantId, request.storeId ?? token.storeId);
    if (request.currency !== store.currency) {
      throw new TokenizationRefusal(
        400,
        'Validation_Error',
        `order.currency: store ${store.id} takes ${store.currency}, not ${request.currency}.`,
      );
    }
    const nowMs = this.deps.clock.nowMs();
    let authorization = newAuthorization(
      request,
      token,
      { authorizationId: randomUUID(), storeId: store.id, countryCode: store.countryCode },
      nowMs,
    );
    const events: WebhookEvent[] = [authorizationEvent('walley:authorization:created', authorization, this.now())];
    const changes: Change[] = [];
    const correlationId = randomUUID();
    // A synchronous attempt is made before the authorization is visible to the clock-driven attempts.
    if (request.schedule.kind === 'synchronous') {
      const attempted = this.attempt(authorization, token, nowMs);
      authorization = attempted.authorization;
      if (attempted.order)
        changes.push(put(this.env, 'orders', attempted.order), ...this.deps.lag.recorded(attempted.order, null, correlationId));
      events.push(...attemptEvents(authorization, attempted.order, this.now()));
    }
    changes.push(
      put(this.env, 'authorizations', { ...authorization, id: authorization.authorizationId }),
      ...this.queue(merchantId, events, authorization.authorizationId, correlationId),
    );
    const answer: AuthorizationResult =
      authorization.status === 'Authorized' && authorization.orderId
        ? { status: 200, data: { authorizationId: authorization.authorizationId, orderId: authorization.orderId }, replayed: false }
        : { status: 202, data: { authorizationId: authorization.authorizationId }, replayed: false };
    if (idempotency) {
      changes.push(
        put(this.env, 'authorizationIdempotency', {
          id: `${merchantId}|${idempotency.key}`,
          merchantId,
          ...idempotency,
          status: answer.status,
          data: answer.data,
          at: this.now(),
        }),
      );
    }
    await this.save(changes);
    return answer;
  }

  /** The earliest due attempt of this environment, in ms. */
  nextDueMs(): number | null {
    let earliest: number | null = null;
    for (const authorization of this.authorizations.subset(LOOKUPS.due)) {
      const due = nextAttemptMs(authorization);
      if (due !== null && (earliest === null || due < earliest)) earliest = due;
    }
    return earliest;
  }

  /** Makes every attempt due by `nowMs`, earliest first; queues their webhooks. */
  async runDue(nowMs: number): Promise<void> {
    const changes: Change[] = [];
    const made = new Map<string, Authorization>();
    for (;;) {
      // The earliest attempt due among every authorization, as it stands after the attempts made so far.
      let next: Authorization | null = null;
      let nextMs = Number.POSITIVE_INFINITY;
      for (const stored of this.authorizations.subset(LOOKUPS.due)) {
        const authorization = made.get(stored.authorizationId) ?? stored;
        const due = nextAttemptMs(authorization);
        if (due !== null && due <= nowMs && due < nextMs) [next, nextMs] = [authorization, due];
      }
      if (next === null) break;
      const token = this.tokens.get(next.customerToken.toLowerCase());
      // Without its token nothing can be attempted: the authorization fails for good.
      const attempted = token ? this.attempt(next, token, nextMs) : { authorization: { ...next, status: 'Failed' as const }, order: null };
      made.set(next.authorizationId, attempted.authorization);
      const correlationId = randomUUID();
      if (attempted.order)
        changes.push(put(this.env, 'orders', attempted.order), ...this.deps.lag.recorded(attempted.order, null, correlationId, nextMs));
      if (token)
        changes.push(
          ...this.queue(
            next.merchantId,
            attemptEvents(attempted.authorization, attempted.order, instant(nextMs).toISOString()),
            next.authorizationId,
            correlationId,
          ),
        );
    }
    for (const authorization of made.values())
      changes.push(put(this.env, 'authorizations', { ...authorization, id: authorization.authorizationId }));
    if (changes.length) await this.save(changes);
  }

  /** One attempt: the token's failure (cancelled, test hook) or success, which creates the order. */
  private attempt(authorization: Authorization, token: CustomerToken, atMs: number): { authorization: Authorization; order: Order | null } {
    const orderId = randomUUID();
    const next = afterAttempt(authorization, attemptFailure(token), orderId);
    return { authorization: next, order: next.status === 'Authorized' ? this.orderOf(next, orderId, token, atMs) : null };
  }

  private orderOf(authorization: Authorization, orderId: string, token: CustomerToken, atMs: number): Order {
    return orderForAuthorization(authorization, {
      orderId,
      placedAt: instant(atMs).toISOString(),
      expiresAt: instant(atMs + this.deps.store.settings().orders.lifetimeSeconds * 1000).toISOString(),
      invoiceNumber: this.deps.random.digits(9),
      customer: token.customer,
      salesSegment: segmentOf(this.deps.merchants.byId(authorization.merchantId)?.stores.find((s) => s.id === authorization.storeId)),
    });
  }

  /** Whether the token charges a private customer or a company (its store's segment). */
  segmentOfToken(token: Pick<CustomerToken, 'merchantId' | 'storeId'>): SalesSegment {
    return segmentOf(this.deps.merchants.byId(token.merchantId)?.stores.find((s) => s.id === token.storeId));
  }

  private storeFor(merchantId: string, storeId: string) {
    const merchant = this.deps.merchants.byId(merchantId);
    const store = merchant?.stores.find((s) => s.id === storeId);
    if (!merchant || !store) {
      const ids = merchant?.stores.map((s) => s.id).join(', ') ?? '';
      throw new TokenizationRefusal(
        400,
        'Validation_Error',
        `storeId: '${storeId}' is not one of your stores (${ids}). Leave it out to use the token's store.`,
      );
    }
    return store;
  }

  /** Webhooks go to the merchant's webhook URL; without one they are not recorded (nothing would be sent). */
  private queue(merchantId: string, events: WebhookEvent[], subject: string, correlationId?: string): Change[] {
    return this.deps.webhooks.queue(merchantId, events, { subject, correlationId });
  }

  /** Saves, then lets the dispatcher send what was queued. */
  private async save(changes: Change[]): Promise<void> {
    await this.deps.store.apply(changes);
    this.deps.webhooks.wake();
  }
}
