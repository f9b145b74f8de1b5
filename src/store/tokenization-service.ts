/**
 * The one owner of recurring-payment state (issue 10): customer tokens, authorizations, their
 * idempotency records, the orders they create, and the webhooks they queue. Routes, the admin
 * API and the customer simulation call only these methods. Each change runs synchronously
 * from lookup to mutation and only then awaits the disk, so concurrent calls never interleave.
 */
import { randomUUID } from 'node:crypto';
import { instant } from '../clock.js';
import type { SandboxContext } from '../context.js';
import type { Checkout, Merchant, Order } from '../domain/model.js';
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
import { ENVIRONMENTS, type EnvName } from '../hosts.js';
import { CALLBACK_JOURNAL, type CallbackRecord, type DueWork } from '../simulation/notifications.js';

export const TOKEN_JOURNAL = 'customerTokens';
export const AUTHORIZATION_JOURNAL = 'authorizations';
export const AUTHORIZATION_IDEMPOTENCY_JOURNAL = 'authorizationIdempotency';

export interface AuthorizationAnswer {
  status: 200 | 202;
  data: { authorizationId: string; orderId?: string };
  replayed: boolean;
}

interface IdempotencyEntry {
  merchantId: string;
  key: string;
  fingerprint: string;
  status: 200 | 202;
  data: AuthorizationAnswer['data'];
  at: string;
}

export class TokenizationService {
  constructor(
    private readonly ctx: SandboxContext,
    readonly env: EnvName,
  ) {}

  private get tokens(): CustomerToken[] {
    return this.ctx.store.journal<CustomerToken>(this.env, TOKEN_JOURNAL);
  }

  private get authorizations(): Authorization[] {
    return this.ctx.store.journal<Authorization>(this.env, AUTHORIZATION_JOURNAL);
  }

  /** The merchant's webhook URL (null: no webhooks); false when there is no such merchant. */
  async setWebhookUri(merchantId: string, uri: string | null): Promise<boolean> {
    const merchant = this.envState().merchants.find((m) => m.id === merchantId);
    if (!merchant) return false;
    merchant.webhookUri = uri;
    await this.ctx.store.write();
    return true;
  }

  /** Every webhook sent or pending in this environment, once deliveries in flight have settled. */
  async webhooks(): Promise<CallbackRecord[]> {
    await this.ctx.notifications.idle();
    return this.ctx.store.journal<CallbackRecord>(this.env, CALLBACK_JOURNAL).filter((r) => r.kind === 'webhook');
  }

  /** Lists wait for the attempts and deliveries in flight, so they show what the clock made due. */
  async listTokens(): Promise<CustomerToken[]> {
    await this.ctx.notifications.idle();
    return this.tokens;
  }

  async listAuthorizations(): Promise<Authorization[]> {
    await this.ctx.notifications.idle();
    return this.authorizations;
  }

  /** A purchase on a recurring profile: one token per purchase, shown in data.order.customerToken. */
  async issueFor(checkout: Checkout): Promise<CustomerToken> {
    const token: CustomerToken = {
      token: randomUUID(),
      merchantId: checkout.merchantId,
      storeId: checkout.storeId,
      currency: checkout.currency,
      countryCode: checkout.countryCode,
      status: 'Active',
      createdAt: this.ctx.clock.iso(),
      cancelledAt: null,
      checkoutPrivateId: checkout.privateId,
      customer: checkout.customer,
      authorizationFailure: null,
    };
    this.tokens.push(token);
    checkout.customerToken = token.token;
    this.queue(token.merchantId, [customerTokenEvent('walley:customer-token:active', token, this.ctx.clock.iso())], token.token);
    await this.settle();
    return token;
  }

  /** The caller's token; another merchant's token is unknown (404), as the docs say. */
  token(merchantId: string, value: string): CustomerToken {
    const wanted = value.trim().toLowerCase();
    const token = this.tokens.find((t) => t.token.toLowerCase() === wanted && t.merchantId === merchantId);
    if (!token) {
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
      throw new TokenizationRefusal(403, 'Customer_Token_Cancelled', `The customer token ${token.token} was already cancelled at ${token.cancelledAt}.`);
    }
    token.status = 'Cancelled';
    token.cancelledAt = this.ctx.clock.iso();
    this.queue(merchantId, [customerTokenEvent('walley:customer-token:cancelled', token, token.cancelledAt)], token.token);
    await this.settle();
  }

  /** The UAT test hook: later attempts on this token fail with `reason` (null clears it). */
  async setAuthorizationFailure(merchantId: string, value: string, reason: FailureReason | null): Promise<void> {
    this.token(merchantId, value).authorizationFailure = reason;
    await this.ctx.store.write();
  }

  async authorize(merchantId: string, request: AuthorizationRequest, idempotency: { key: string; fingerprint: string } | null): Promise<AuthorizationAnswer> {
    const journal = this.ctx.store.journal<IdempotencyEntry>(this.env, AUTHORIZATION_IDEMPOTENCY_JOURNAL);
    const earlier = idempotency ? journal.find((e) => e.merchantId === merchantId && e.key === idempotency.key) : undefined;
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
      throw new TokenizationRefusal(403, 'Customer_Token_Cancelled', `The customer token ${token.token} was cancelled at ${token.cancelledAt}; it cannot be charged any more.`);
    }
    const store = this.storeFor(merchantId, request.storeId ?? token.storeId);
    if (request.currency !== store.currency) {
      throw new TokenizationRefusal(400, 'Validation_Error', `order.currency: store ${store.id} takes ${store.currency}, not ${request.currency}.`);
    }
    const nowMs = this.ctx.clock.nowMs();
    let authorization = newAuthorization(request, token, { authorizationId: randomUUID(), storeId: store.id, countryCode: store.countryCode }, nowMs);
    const events: WebhookEvent[] = [authorizationEvent('walley:authorization:created', authorization, this.ctx.clock.iso())];
    // A synchronous attempt is made before the authorization is visible to the clock-driven attempts.
    if (request.schedule.kind === 'synchronous') {
      authorization = this.attempt(authorization, token);
      events.push(...attemptEvents(authorization, this.ctx.clock.iso()));
    }
    this.authorizations.push(authorization);
    this.queue(merchantId, events, authorization.authorizationId);
    const answer: AuthorizationAnswer =
      authorization.status === 'Authorized' && authorization.orderId
        ? { status: 200, data: { authorizationId: authorization.authorizationId, orderId: authorization.orderId }, replayed: false }
        : { status: 202, data: { authorizationId: authorization.authorizationId }, replayed: false };
    if (idempotency) journal.push({ merchantId, ...idempotency, status: answer.status, data: answer.data, at: this.ctx.clock.iso() });
    await this.settle();
    return answer;
  }

  /** The earliest due attempt of this environment, in ms. */
  nextDueMs(): number | null {
    const due = this.authorizations.map(nextAttemptMs).filter((ms): ms is number => ms !== null);
    return due.length ? Math.min(...due) : null;
  }

  /** Makes every attempt due by `nowMs`, oldest first; queues their webhooks. */
  async runDue(nowMs: number): Promise<void> {
    const list = this.authorizations;
    let changed = false;
    for (let i = 0; i < list.length; i += 1) {
      let authorization = list[i]!;
      for (let due = nextAttemptMs(authorization); due !== null && due <= nowMs; due = nextAttemptMs(authorization)) {
        const token = this.tokens.find((t) => t.token === authorization.customerToken);
        if (!token) break;
        authorization = this.attempt(authorization, token, due);
        this.queue(authorization.merchantId, attemptEvents(authorization, instant(due).toISOString()), authorization.authorizationId);
        changed = true;
      }
      list[i] = authorization;
    }
    if (changed) await this.ctx.store.write();
  }

  /** One attempt: the token's failure (cancelled, test hook) or success, which creates the order. */
  private attempt(authorization: Authorization, token: CustomerToken, atMs = this.ctx.clock.nowMs()): Authorization {
    const failure = attemptFailure(token);
    const orderId = randomUUID();
    const next = afterAttempt(authorization, failure, orderId);
    if (next.status === 'Authorized') this.envState().orders.push(this.orderOf(next, orderId, token, atMs));
    return next;
  }

  private orderOf(authorization: Authorization, orderId: string, token: CustomerToken, atMs: number): Order {
    return orderForAuthorization(authorization, {
      orderId,
      placedAt: instant(atMs).toISOString(),
      expiresAt: instant(atMs + this.ctx.settings().orders.lifetimeSeconds * 1000).toISOString(),
      invoiceNumber: this.ctx.faker.string.numeric(9),
      customer: token.customer,
    });
  }

  private envState(): { orders: Order[]; merchants: Merchant[] } {
    return this.ctx.store.env(this.env);
  }

  private storeFor(merchantId: string, storeId: string): Merchant['stores'][number] {
    const merchant = this.envState().merchants.find((m) => m.id === merchantId);
    const store = merchant?.stores.find((s) => s.id === storeId);
    if (!merchant || !store) {
      const ids = merchant?.stores.map((s) => s.id).join(', ') ?? '';
      throw new TokenizationRefusal(400, 'Validation_Error', `storeId: '${storeId}' is not one of your stores (${ids}). Leave it out to use the token's store.`);
    }
    return store;
  }

  /** Webhooks go to the merchant's webhook URL; without one they are not recorded (nothing would be sent). */
  private queue(merchantId: string, events: WebhookEvent[], subject: string): void {
    const url = this.envState().merchants.find((m) => m.id === merchantId)?.webhookUri;
    if (!url) return;
    const now = this.ctx.clock.iso();
    for (const event of events) {
      const record: CallbackRecord = {
        kind: 'webhook',
        privateId: null,
        method: 'POST',
        body: JSON.stringify(event),
        type: event.Type,
        subject,
        url,
        createdAt: now,
        state: 'pending',
        nextAttemptAt: now,
        attempts: [],
      };
      this.ctx.notifications.record(this.env, record);
    }
  }

  /** Persists, then lets the dispatcher send what was queued (not awaited: it may be the caller). */
  private async settle(): Promise<void> {
    await this.ctx.store.write();
    void this.ctx.notifications.pump();
  }
}

/** The clock-driven attempts of every environment, for the dispatcher's due work. */
export function scheduledAuthorizations(ctx: SandboxContext): DueWork {
  const services = () => (ctx.store.loaded ? ENVIRONMENTS.map((env) => new TokenizationService(ctx, env)) : []);
  return {
    nextDueMs: () => {
      const due = services().map((s) => s.nextDueMs()).filter((ms): ms is number => ms !== null);
      return due.length ? Math.min(...due) : null;
    },
    runDue: async (nowMs) => {
      for (const service of services()) await service.runDue(nowMs);
    },
  };
}
