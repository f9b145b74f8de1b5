/**
 * The customer's side of a checkout, for tests and demos (driven by the admin API):
 * identify, commit, abort, and complete the purchase. Completing follows the real order of
 * events: the checkout locks (CommittedToPurchase), the merchant's validationUri is POSTed
 * (a non-2xx stops the purchase and unlocks the checkout), then the purchase completes, the
 * order is created, and the notificationUri is called (retried on the sandbox clock).
 */
import { randomInt, randomUUID } from 'node:crypto';
import type { SandboxContext } from '../context.js';
import { AdminError } from '../admin/errors.js';
import { mergeCustomer } from '../domain/checkout-customer.js';
import { substitutePlaceholders } from '../domain/checkout-callbacks.js';
import { type CustomerAction, customerActionRejection, statusAfter } from '../domain/checkout-lifecycle.js';
import type { Checkout, Customer, Order, PurchaseResult } from '../domain/model.js';
import { orderForPurchase, purchaseOf } from '../domain/purchase.js';
import { instant } from '../clock.js';
import type { EnvName } from '../hosts.js';
import { type CheckoutChanges, CheckoutService } from '../store/checkout-service.js';
import { fakeCustomer } from '../store/fake.js';
import { callMerchant } from './merchant-calls.js';
import { CALLBACK_JOURNAL, type CallbackRecord, callbackAttemptEvent } from './notifications.js';

export interface PurchaseRequest {
  result: PurchaseResult;
  paymentName: string;
  /** A persona that declares the validation failing: recorded as a failed validation, no call made. */
  failValidation?: string;
}

/** The purchase stopped at the validation step; the checkout is unlocked again. */
export class ValidationFailedError extends AdminError {
  override name = 'ValidationFailedError';
  constructor(
    message: string,
    readonly validation: CallbackRecord,
  ) {
    super(422, message);
  }
}

export interface PurchaseOutcome {
  checkout: Checkout;
  order: Order;
  validation: CallbackRecord | null;
  notification: CallbackRecord | null;
}

export class CustomerSimulation {
  readonly service: CheckoutService;

  constructor(
    private readonly ctx: SandboxContext,
    readonly env: EnvName,
  ) {
    this.service = new CheckoutService(ctx, env);
  }

  /** The checkout a public token names (the hosted page's address); undefined when unknown. */
  byPublicToken(publicToken: string): Checkout | undefined {
    return this.service.findByPublicToken(publicToken);
  }

  checkout(privateId: string): Checkout {
    const checkout = this.service.find(privateId);
    if (!checkout) {
      throw new AdminError(404, `No checkout ${privateId} in ${this.env.toUpperCase()}. Initialize one through the checkout API first.`);
    }
    return checkout;
  }

  /** The customer identifies: the given data over the merchant's prefill over generated (seeded faker) data. */
  async identify(checkout: Checkout, given: Customer | null): Promise<void> {
    this.allow(checkout, 'identify');
    await this.transition(checkout, { customer: this.identified(checkout, given), status: statusAfter('identify') });
  }

  async commit(checkout: Checkout): Promise<void> {
    this.allow(checkout, 'commit');
    await this.transition(checkout, { customer: checkout.customer ?? this.identified(checkout, null), status: statusAfter('commit') });
  }

  async abort(checkout: Checkout): Promise<CallbackRecord | null> {
    this.allow(checkout, 'abort');
    if (checkout.status === 'Aborted') return null;
    await this.transition(checkout, { status: statusAfter('abort') });
    // The service notifies the merchant of an aborted session too (service-facts §8.2).
    return this.ctx.notifications.notify(this.env, checkout);
  }

  async purchase(checkout: Checkout, request: PurchaseRequest): Promise<PurchaseOutcome> {
    this.allow(checkout, 'complete');
    const before = checkout.status === 'CommittedToPurchase' ? 'CustomerIdentified' : checkout.status;
    const customer = checkout.status === 'Initialized' || !checkout.customer ? this.identified(checkout, null) : checkout.customer;
    await this.transition(checkout, { customer, status: 'CommittedToPurchase' });

    const validation = request.failValidation !== undefined ? await this.declaredFailure(checkout, request.failValidation) : await this.validate(checkout);
    if (validation && validation.state === 'failed') {
      // The real checkout unlocks so the customer can try again (walleyCheckoutOrderValidationFailed).
      await this.transition(checkout, { status: before === 'Initialized' ? 'CustomerIdentified' : before });
      const attempt = validation.attempts[0]!;
      const [why, fix] =
        request.failValidation !== undefined
          ? [`The validation failed as declared by the test persona ${request.failValidation}`, 'Identify as another persona to complete it.']
          : [
              `The merchant's validationUri ${attempt.url} ${attempt.status !== null ? `answered ${attempt.status}` : `could not be reached (${attempt.error})`}`,
              'Make the validation endpoint answer 2xx, or initialize a checkout without validationUri.',
            ];
      throw new ValidationFailedError(`${why}, so the purchase was not completed and the checkout is unlocked again (CustomerIdentified). ${fix}`, validation);
    }

    const now = this.ctx.clock.nowMs();
    const order = orderForPurchase(checkout, request.result, {
      orderId: randomUUID(),
      placedAt: instant(now).toISOString(),
      expiresAt: instant(now + this.ctx.settings().orders.lifetimeSeconds * 1000).toISOString(),
      paymentMethod: request.paymentName,
      invoiceNumber: String(randomInt(100_000_000, 1_000_000_000)),
    });
    const purchase = purchaseOf(checkout, {
      result: request.result,
      paymentName: request.paymentName,
      purchaseIdentifier: String(randomInt(10_000_000, 100_000_000)),
    });
    const previous = checkout.status;
    await this.service.complete(checkout, { status: 'PurchaseCompleted', purchase }, order);
    this.publishStatus(checkout, previous);
    this.ctx.events.publish({ type: 'checkout.purchase', env: this.env, privateId: checkout.privateId, orderId: order.orderId, result: request.result, paymentName: request.paymentName });
    const notification = await this.ctx.notifications.notify(this.env, checkout);
    return { checkout, order, validation, notification };
  }

  /** Every callback made for this checkout, once deliveries in flight have settled. */
  async callbacks(checkout: Checkout): Promise<CallbackRecord[]> {
    await this.ctx.notifications.idle();
    return this.ctx.store.journal<CallbackRecord>(this.env, CALLBACK_JOURNAL).filter((r) => r.privateId === checkout.privateId);
  }

  /** Every callback of the environment, newest last (the dashboard's list). */
  async allCallbacks(): Promise<CallbackRecord[]> {
    await this.ctx.notifications.idle();
    return [...this.ctx.store.journal<CallbackRecord>(this.env, CALLBACK_JOURNAL)];
  }

  /** A change through the checkout service that announces a status transition on the event stream. */
  private async transition(checkout: Checkout, changes: CheckoutChanges): Promise<void> {
    const previous = checkout.status;
    await this.service.update(checkout, changes);
    this.publishStatus(checkout, previous);
  }

  private publishStatus(checkout: Checkout, previous: Checkout['status']): void {
    if (checkout.status === previous) return;
    this.ctx.events.publish({ type: 'checkout.status', env: this.env, privateId: checkout.privateId, publicToken: checkout.publicToken, previous, status: checkout.status });
  }

  private identified(checkout: Checkout, given: Customer | null): Customer {
    return mergeCustomer(mergeCustomer(fakeCustomer(this.ctx.faker, checkout.countryCode), checkout.customer), given);
  }

  /** POST to the validationUri (no body relied on); any 2xx lets the purchase go on. */
  private async validate(checkout: Checkout): Promise<CallbackRecord | null> {
    if (!checkout.validationUri) return null;
    const url = substitutePlaceholders(checkout.validationUri, checkout);
    const at = this.ctx.clock.iso();
    const outcome = await callMerchant('POST', url);
    const passed = outcome.status !== null && outcome.status >= 200 && outcome.status < 300;
    const record: CallbackRecord = {
      kind: 'validation',
      privateId: checkout.privateId,
      url,
      createdAt: at,
      state: passed ? 'delivered' : 'failed',
      nextAttemptAt: null,
      attempts: [{ attempt: 1, dueAt: at, at: this.ctx.clock.iso(), method: 'POST', url, status: outcome.status, error: outcome.error }],
    };
    return this.keep(record);
  }

  /** A failed validation that a test persona declares: recorded like a real one, but no call is made. */
  private async declaredFailure(checkout: Checkout, reason: string): Promise<CallbackRecord> {
    const at = this.ctx.clock.iso();
    const url = checkout.validationUri ? substitutePlaceholders(checkout.validationUri, checkout) : '(persona)';
    return this.keep({
      kind: 'validation',
      privateId: checkout.privateId,
      url,
      createdAt: at,
      state: 'failed',
      nextAttemptAt: null,
      attempts: [{ attempt: 1, dueAt: at, at, method: 'POST', url, status: null, error: `declared by the test persona: ${reason}` }],
    });
  }

  private async keep(record: CallbackRecord): Promise<CallbackRecord> {
    this.ctx.store.journal<CallbackRecord>(this.env, CALLBACK_JOURNAL).push(record);
    await this.ctx.store.write();
    this.ctx.events.publish(callbackAttemptEvent(this.env, record));
    return record;
  }

  private allow(checkout: Checkout, action: CustomerAction): void {
    if (this.service.isExpired(checkout)) {
      throw new AdminError(409, `Checkout ${checkout.privateId} expired at ${checkout.expiresAt} on the sandbox clock; the customer can no longer act on it.`);
    }
    const rejection = customerActionRejection(checkout, action);
    if (rejection) throw new AdminError(rejection.status, rejection.message);
  }
}
