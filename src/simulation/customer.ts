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
import { isRecurringProfile } from '../domain/tokenization.js';
import { instant } from '../clock.js';
import type { EnvName } from '../hosts.js';
import { CheckoutService } from '../store/checkout-service.js';
import { InvoiceStatusService } from '../store/invoice-status-service.js';
import { TokenizationService } from '../store/tokenization-service.js';
import { fakeCustomer } from '../store/fake.js';
import { callMerchant } from './merchant-calls.js';
import { CALLBACK_JOURNAL, type CallbackRecord } from './notifications.js';

export interface PurchaseRequest {
  result: PurchaseResult;
  paymentName: string;
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
    await this.service.update(checkout, { customer: this.identified(checkout, given), status: statusAfter('identify') });
  }

  async commit(checkout: Checkout): Promise<void> {
    this.allow(checkout, 'commit');
    await this.service.update(checkout, { customer: checkout.customer ?? this.identified(checkout, null), status: statusAfter('commit') });
  }

  async abort(checkout: Checkout): Promise<CallbackRecord | null> {
    this.allow(checkout, 'abort');
    if (checkout.status === 'Aborted') return null;
    await this.service.update(checkout, { status: statusAfter('abort') });
    // The service notifies the merchant of an aborted session too (service-facts §8.2).
    return this.ctx.notifications.notify(this.env, checkout);
  }

  async purchase(checkout: Checkout, request: PurchaseRequest): Promise<PurchaseOutcome> {
    this.allow(checkout, 'complete');
    const before = checkout.status === 'CommittedToPurchase' ? 'CustomerIdentified' : checkout.status;
    const customer = checkout.status === 'Initialized' || !checkout.customer ? this.identified(checkout, null) : checkout.customer;
    await this.service.update(checkout, { customer, status: 'CommittedToPurchase' });

    const validation = await this.validate(checkout);
    if (validation && validation.state === 'failed') {
      // The real checkout unlocks so the customer can try again (walleyCheckoutOrderValidationFailed).
      await this.service.update(checkout, { status: before === 'Initialized' ? 'CustomerIdentified' : before });
      const attempt = validation.attempts[0]!;
      throw new AdminError(
        422,
        `The merchant's validationUri ${attempt.url} ${attempt.status !== null ? `answered ${attempt.status}` : `could not be reached (${attempt.error})`}, ` +
          'so the purchase was not completed and the checkout is unlocked again (CustomerIdentified). ' +
          'Make the validation endpoint answer 2xx, or initialize a checkout without validationUri.',
      );
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
    await this.service.complete(checkout, { status: 'PurchaseCompleted', purchase }, order);
    // A recurring profile's purchase gives the consent for later charges: a customer token (not for a rejected one).
    if (isRecurringProfile(checkout.profileName) && request.result !== 'Rejected') await new TokenizationService(this.ctx, this.env).issueFor(checkout);
    // A purchase on hold (fraud review) is resolved later, by the clock or the admin (service-facts §8.4).
    if (request.result === 'OnHold') await new InvoiceStatusService(this.ctx, this.env).schedule(checkout);
    const notification = await this.ctx.notifications.notify(this.env, checkout);
    return { checkout, order, validation, notification };
  }

  /** Every callback made for this checkout, once deliveries in flight have settled. */
  async callbacks(checkout: Checkout): Promise<CallbackRecord[]> {
    await this.ctx.notifications.idle();
    return this.ctx.store.journal<CallbackRecord>(this.env, CALLBACK_JOURNAL).filter((r) => r.privateId === checkout.privateId);
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
    this.ctx.store.journal<CallbackRecord>(this.env, CALLBACK_JOURNAL).push(record);
    await this.ctx.store.write();
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
