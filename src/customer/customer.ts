/**
 * The customer's side of a checkout, for tests and demos (driven by the admin API and the
 * hosted checkout page): identify, commit, abort, and complete the purchase. Completing
 * follows the real order of events: the checkout locks (CommittedToPurchase), the
 * merchant's validationUri is POSTed (a non-2xx stops the purchase and unlocks the
 * checkout), then the purchase completes, the order is created, and the notificationUri is
 * called (retried on the sandbox clock). Each step runs in the checkout's turn
 * (CheckoutService.exclusive): it checks the checkout as the step before it left it, so two
 * steps sent at once end as they would one after the other. Each method returns the
 * checkout as it now is.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { type Clock, instant } from '../clock.js';
import { mergeCustomer } from '../domain/checkout-customer.js';
import { type DeliveryRequest, chooseDelivery } from '../domain/delivery-module.js';
import { companyRejection } from '../domain/sales-segment.js';
import { substitutePlaceholders } from '../domain/checkout-callbacks.js';
import { type CustomerAction, customerActionRejection, statusAfter } from '../domain/checkout-lifecycle.js';
import type { Checkout, Customer, DeliveryChoice, Order, PurchaseResult } from '../domain/model.js';
import { orderForPurchase, purchaseOf, purchaseResultFor } from '../domain/purchase.js';
import { isRecurringProfile } from '../domain/tokenization.js';
import { Violation } from '../domain/violation.js';
import type { EventBus } from '../journal/events.js';
import type { LazyFaker } from '../fake/faker.js';
import { fakeBusinessCustomer, fakeCustomer } from '../fake/people.js';
import type { EnvName } from '../hosts.js';
import type { CallbackRecord } from '../domain/records.js';
import type { CallbackLog } from '../services/callbacks.js';
import type { CheckoutChanges, CheckoutService } from '../services/checkouts.js';
import type { InvoiceStatusService } from '../services/invoice-status.js';
import type { SettingsService } from '../services/settings.js';
import type { TokenizationService } from '../services/tokenization.js';
import { callMerchantRecorded } from '../outbox/merchant-calls.js';
import type { OutboundRecorder } from '../journal/journal.js';
import type { Change } from '../store/state.js';
import { callbackAttemptEvent } from '../outbox/notifications.js';

export interface PurchaseRequest {
  result: PurchaseResult;
  paymentName: string;
  /** The carrier and option, when the profile has a delivery module; default: the choice made, else the first option. */
  shipping?: DeliveryRequest | null;
  /** A persona that declares the validation failing: recorded as a failed validation, no call made. */
  failValidation?: string;
}

/** The purchase stopped at the validation step; the checkout is unlocked again. */
class ValidationFailedError extends Violation {
  override name = 'ValidationFailedError';
  constructor(
    message: string,
    readonly validation: CallbackRecord,
  ) {
    super('rule', 'Validation_Failed', message);
  }
}

export interface PurchaseOutcome {
  checkout: Checkout;
  order: Order;
  validation: CallbackRecord | null;
  notification: CallbackRecord | null;
}

export interface SimulationDeps {
  env: EnvName;
  clock: Clock;
  checkouts: CheckoutService;
  callbacks: CallbackLog;
  settings: SettingsService;
  faker: LazyFaker;
  /** State changes for GET /__admin/events (the dashboard's live updates). */
  events: EventBus;
  tokenization: TokenizationService;
  invoiceStatus: InvoiceStatusService;
  /** The request journal: the validation call is an outbound entry. */
  outbound?: OutboundRecorder;
}

export class CustomerSimulation {
  readonly service: CheckoutService;
  readonly env: EnvName;

  constructor(private readonly deps: SimulationDeps) {
    this.service = deps.checkouts;
    this.env = deps.env;
  }

  /** The checkout a public token names (the hosted page's address); undefined when unknown. */
  byPublicToken(publicToken: string): Checkout | undefined {
    return this.service.findByPublicToken(publicToken);
  }

  checkout(privateId: string): Checkout {
    const checkout = this.service.find(privateId);
    if (!checkout) {
      throw new Violation(
        'not_found',
        'Checkout_Not_Found',
        `No checkout ${privateId} in ${this.env.toUpperCase()}. Initialize one through the checkout API first.`,
      );
    }
    return checkout;
  }

  /**
   * The customer identifies: the given data over the merchant's prefill over generated (seeded
   * faker) data; on a business checkout that includes the company. With a delivery module the
   * checkout then shows a delivery choice: the one named, the one made before, or the first.
   */
  identify(checkout: Checkout, given: Customer | null, shipping: DeliveryRequest | null = null): Promise<Checkout> {
    return this.service.exclusive(checkout, async (current) => {
      this.allow(current, 'identify');
      const rejection = companyRejection(current, given, this.service.merchantStores(current));
      if (rejection) throw rejection;
      const delivery = this.delivery(current, shipping);
      return this.transition(current, { customer: await this.identified(current, given), status: statusAfter('identify'), ...delivery });
    });
  }

  /** The customer picks another carrier or option (the hosted page's delivery step). */
  chooseShipping(checkout: Checkout, shipping: DeliveryRequest): Promise<Checkout> {
    return this.service.exclusive(checkout, (current) => {
      this.allow(current, 'identify');
      return this.service.update(current, this.delivery(current, shipping));
    });
  }

  commit(checkout: Checkout): Promise<Checkout> {
    return this.service.exclusive(checkout, async (current) => {
      this.allow(current, 'commit');
      return this.transition(current, {
        customer: current.customer ?? (await this.identified(current, null)),
        status: statusAfter('commit'),
        ...this.delivery(current, null),
      });
    });
  }

  /**
   * The customer aborts; the merchant is notified of an aborted session too (docs/real-service.md,
   * "Notification callback"), in the same change. `refuse` is a caller's own rule, checked in the
   * checkout's turn with the customer's (the merchant's abort refuses a committed checkout).
   */
  abort(
    checkout: Checkout,
    refuse: (current: Checkout) => Violation | null = () => null,
  ): Promise<{ checkout: Checkout; notification: CallbackRecord | null }> {
    return this.service.exclusive(checkout, async (current) => {
      const refused = refuse(current);
      if (refused) throw refused;
      this.allow(current, 'abort');
      if (current.status === 'Aborted') return { checkout: current, notification: null };
      const aborted: Checkout = { ...current, status: statusAfter('abort') };
      const notification = this.deps.callbacks.notification(aborted, this.deps.clock.iso());
      const saved = await this.transition(
        current,
        { status: aborted.status },
        notification ? [this.deps.callbacks.change(notification)] : [],
      );
      return { checkout: saved, notification };
    });
  }

  /**
   * The purchase, in the checkout's turn from the first check to the saved order: a second
   * purchase of the same checkout (a double click) waits for it and is refused as it would be
   * one after the other.
   */
  purchase(checkout: Checkout, request: PurchaseRequest): Promise<PurchaseOutcome> {
    return this.service.exclusive(checkout, (current) => this.purchaseNow(current, request));
  }

  private async purchaseNow(checkout: Checkout, request: PurchaseRequest): Promise<PurchaseOutcome> {
    this.allow(checkout, 'complete');
    const before = checkout.status === 'CommittedToPurchase' ? 'CustomerIdentified' : checkout.status;
    // The delivery choice is made before the lock, so the validation call already sees its fee.
    const delivery = this.delivery(checkout, request.shipping ?? null);
    const customer = checkout.status === 'Initialized' || !checkout.customer ? await this.identified(checkout, null) : checkout.customer;
    let current = await this.transition(checkout, { customer, status: 'CommittedToPurchase', ...delivery });

    const validation =
      request.failValidation !== undefined ? await this.declaredFailure(current, request.failValidation) : await this.validate(current);
    if (validation && validation.state === 'failed') {
      // The real checkout unlocks so the customer can try again (walleyCheckoutOrderValidationFailed).
      await this.transition(current, { status: before === 'Initialized' ? 'CustomerIdentified' : before });
      const attempt = validation.attempts[0]!;
      const [why, fix] =
        request.failValidation !== undefined
          ? [
              `The validation failed as declared by the test persona ${request.failValidation}`,
              'Identify as another persona to complete it.',
            ]
          : [
              `The merchant's validationUri ${attempt.url} ${attempt.status !== null ? `answered ${attempt.status}` : `could not be reached (${attempt.error})`}`,
              'Make the validation endpoint answer 2xx, or initialize a checkout without validationUri.',
            ];
      throw new ValidationFailedError(
        `${why}, so the purchase was not completed and the checkout is unlocked again (CustomerIdentified). ${fix}`,
        validation,
      );
    }

    const result = purchaseResultFor(current, request.result);
    const now = this.deps.clock.nowMs();
    const order = orderForPurchase(current, result, {
      orderId: randomUUID(),
      placedAt: instant(now).toISOString(),
      expiresAt: instant(now + this.deps.settings.current().orders.lifetimeSeconds * 1000).toISOString(),
      paymentMethod: request.paymentName,
      invoiceNumber: String(randomInt(100_000_000, 1_000_000_000)),
    });
    const purchase = purchaseOf(current, {
      result,
      paymentName: request.paymentName,
      purchaseIdentifier: String(randomInt(10_000_000, 100_000_000)),
    });
    const previous = current.status;
    let changes: CheckoutChanges = { status: 'PurchaseCompleted', purchase };
    const along: Change[] = [];
    // A recurring profile's purchase gives the consent for later charges: a customer token (not for a rejected one).
    if (isRecurringProfile(current.profileName) && result !== 'Rejected') {
      const token = this.deps.tokenization.issueFor(current);
      changes = { ...changes, customerToken: token.customerToken };
      along.push(...token.changes);
    }
    const completed: Checkout = { ...current, ...changes, orderId: order.orderId };
    // A purchase on hold (fraud review) is resolved later, by the clock or the admin (docs/real-service.md, "Invoice status callback").
    if (result === 'OnHold') along.push(this.deps.invoiceStatus.review(completed));
    // Saved with the purchase: a crash never leaves a completed purchase its shop is not told of.
    const notification = this.deps.callbacks.notification(completed, this.deps.clock.iso());
    if (notification) along.push(this.deps.callbacks.change(notification));
    current = await this.service.complete(current, changes, order, along);
    this.publishStatus(current, previous);
    this.deps.events.publish({
      type: 'checkout.purchase',
      env: this.env,
      privateId: current.privateId,
      orderId: order.orderId,
      result,
      paymentName: request.paymentName,
    });
    return { checkout: current, order, validation, notification };
  }

  /** Every callback of this checkout as it stands (deliveries are made in the background: sandbox.deliveries.settled() waits for them). */
  callbacks(checkout: Checkout): Promise<CallbackRecord[]> {
    return Promise.resolve(this.deps.callbacks.forCheckout(checkout.privateId));
  }

  /** Every callback of the environment, oldest first (the dashboard's list). */
  allCallbacks(): Promise<CallbackRecord[]> {
    return Promise.resolve(this.deps.callbacks.all());
  }

  /** A change through the checkout service (with what is saved along with it) that announces a status transition on the event stream. */
  private async transition(checkout: Checkout, changes: CheckoutChanges, along: Change[] = []): Promise<Checkout> {
    const previous = checkout.status;
    const next = await this.service.update(checkout, changes, along);
    this.publishStatus(next, previous);
    return next;
  }

  private publishStatus(checkout: Checkout, previous: Checkout['status']): void {
    if (checkout.status === previous) return;
    this.deps.events.publish({
      type: 'checkout.status',
      env: this.env,
      privateId: checkout.privateId,
      publicToken: checkout.publicToken,
      previous,
      status: checkout.status,
    });
  }

  private async identified(checkout: Checkout, given: Customer | null): Promise<Customer> {
    const faker = await this.deps.faker.get();
    // A business checkout's customer is a company's contact person (the registry fills in the company).
    const generated =
      checkout.customerType === 'BusinessCustomer'
        ? fakeBusinessCustomer(faker, checkout.countryCode)
        : fakeCustomer(faker, checkout.countryCode);
    return mergeCustomer(mergeCustomer(generated, checkout.customer), given);
  }

  /**
   * The delivery change for the checkout's profile: the named carrier and option (a Violation
   * naming the known ones when unknown), else the choice already made, else the first option.
   * Without a delivery module nothing changes, and naming a carrier is refused.
   */
  private delivery(checkout: Checkout, request: DeliveryRequest | null): { delivery?: DeliveryChoice } {
    const named = request && (request.carrier || request.option) ? request : null;
    const module = this.service.deliveryModuleOf(checkout);
    if (!module) {
      if (named) {
        throw new Violation(
          'invalid',
          'No_Delivery_Module',
          `shipping: checkout ${checkout.privateId} has no delivery module (profileName ${checkout.profileName === null ? 'none' : `'${checkout.profileName}'`} on store ${checkout.storeId}), so there is no carrier to choose. ` +
            'Initialize it with a profile whose scenario entry has a deliveryModule (default scenario: store 1234, profile shipping or Delivery), or leave shipping out.',
        );
      }
      return {};
    }
    if (!named && checkout.delivery) return {};
    return { delivery: chooseDelivery(module, named, checkout.delivery?.pendingShipmentId ?? randomUUID()) };
  }

  /** POST to the validationUri (no body relied on); any 2xx lets the purchase go on. */
  private async validate(checkout: Checkout): Promise<CallbackRecord | null> {
    if (!checkout.validationUri) return null;
    const url = substitutePlaceholders(checkout.validationUri, checkout);
    const at = this.deps.clock.iso();
    const outcome = await callMerchantRecorded(this.deps.outbound, {
      env: this.env,
      kind: 'validation',
      method: 'POST',
      url,
      privateId: checkout.privateId,
      startedAtMs: this.deps.clock.nowMs(),
    });
    const passed = outcome.status !== null && outcome.status >= 200 && outcome.status < 300;
    const record: CallbackRecord = {
      id: randomUUID(),
      kind: 'validation',
      privateId: checkout.privateId,
      url,
      createdAt: at,
      state: passed ? 'delivered' : 'failed',
      nextAttemptAt: null,
      attempts: [{ attempt: 1, dueAt: at, at: this.deps.clock.iso(), method: 'POST', url, status: outcome.status, error: outcome.error }],
    };
    return this.keep(record);
  }

  /** A failed validation that a test persona declares: recorded like a real one, but no call is made. */
  private async declaredFailure(checkout: Checkout, reason: string): Promise<CallbackRecord> {
    const at = this.deps.clock.iso();
    const url = checkout.validationUri ? substitutePlaceholders(checkout.validationUri, checkout) : '(persona)';
    return this.keep({
      id: randomUUID(),
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
    await this.deps.callbacks.save(record);
    this.deps.events.publish(callbackAttemptEvent(this.env, record));
    return record;
  }

  private allow(checkout: Checkout, action: CustomerAction): void {
    if (this.service.isExpired(checkout)) {
      throw new Violation(
        'conflict',
        'Checkout_Expired',
        `Checkout ${checkout.privateId} expired at ${checkout.expiresAt} on the sandbox clock; the customer can no longer act on it.`,
      );
    }
    const rejection = customerActionRejection(checkout, action);
    if (rejection) throw rejection;
  }
}
