/**
 * What the hosted checkout page's buttons do, on the server: each step is the admin
 * simulation's (CustomerSimulation), so the page and POST /__admin/…/purchase can never
 * disagree. The page adds only what a customer brings: a test persona (by email) decides
 * how long identification takes, whether the credit check rejects and whether validation
 * fails, and may bring a company (business checkouts) and a delivery choice.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { customerSchema } from '../domain/requests/customer.js';
import type { Checkout, PurchaseResult } from '../domain/model.js';
import type { DeliveryModule } from '../domain/merchant.js';
import type { SettingsService } from '../services/settings.js';
import type { CustomerSimulation, PurchaseOutcome } from '../customer/customer.js';
import { DEFAULT_PERSONAS, type Persona, isBusinessPersona, personaByEmail } from '../domain/personas.js';
import type { PageIdentify } from '../domain/requests/page.js';

export type Variant = 'b2c' | 'b2b';

/** The store's payment methods as the page offers them (the sandbox's stores do not list any). */
export function paymentMethodsFor(variant: Variant): readonly string[] {
  return variant === 'b2b' ? ['DirectInvoice'] : ['DirectInvoice', 'Account', 'PartPayment', 'Card'];
}

export type IdentifyInput = PageIdentify;

export class CheckoutSteps {
  constructor(
    readonly simulation: CustomerSimulation,
    private readonly settings: SettingsService,
  ) {}

  personas(): readonly Persona[] {
    return this.settings.current().personas ?? DEFAULT_PERSONAS;
  }

  /** The personas the page offers: a company's contact only on a business checkout. */
  personasFor(checkout: Checkout): readonly Persona[] {
    return this.personas().filter((p) => checkout.customerType === 'BusinessCustomer' || !isBusinessPersona(p));
  }

  /** The delivery module of the checkout's profile (the page's delivery step), if any. */
  deliveryModule(checkout: Checkout): DeliveryModule | null {
    return this.simulation.service.deliveryModuleOf(checkout);
  }

  /** The checkout behind a public token: unknown, expired, or usable. */
  lookup(publicToken: string): { checkout: Checkout } | { missing: 'unknown' | 'expired' } {
    const checkout = this.simulation.byPublicToken(publicToken);
    if (!checkout) return { missing: 'unknown' };
    if (this.simulation.service.isExpired(checkout)) return { missing: 'expired' };
    return { checkout };
  }

  async identify(checkout: Checkout, input: IdentifyInput): Promise<Checkout> {
    const persona = personaByEmail(this.personas(), input.email);
    // Slow identification waits in real time: it exercises the merchant page, not the sandbox clock.
    if (persona && persona.identifyDelayMs > 0) await sleep(persona.identifyDelayMs);
    // A business persona's company fills in what the form leaves out (on business checkouts only).
    const company =
      checkout.customerType === 'BusinessCustomer' && persona
        ? { companyName: persona.companyName, organizationNumber: persona.organizationNumber }
        : {};
    const customer = customerSchema.parse({
      ...company,
      email: input.email,
      mobilePhoneNumber: input.mobilePhoneNumber,
      deliveryAddress: { postalCode: input.postalCode },
      ...given(input),
    });
    // The persona's carrier and option, when this checkout's delivery module offers them.
    const shipping = persona?.shipping && this.offers(checkout, persona.shipping) ? persona.shipping : null;
    return this.simulation.identify(checkout, customer, shipping);
  }

  /** The delivery step: the customer picks another carrier or option. */
  chooseShipping(checkout: Checkout, choice: { carrier: string; option: string }): Promise<Checkout> {
    return this.simulation.chooseShipping(checkout, choice);
  }

  private offers(checkout: Checkout, wanted: { carrier: string; option?: string }): boolean {
    const module = this.deliveryModule(checkout);
    const same = (entry: { id: string; name: string }, name: string): boolean =>
      [entry.id, entry.name].some((n) => n.toLowerCase() === name.toLowerCase());
    const carrier = module?.carriers.find((c) => same(c, wanted.carrier));
    return !!carrier && (!wanted.option || carrier.options.some((o) => same(o, wanted.option!)));
  }

  /** Completes the purchase; a ValidationFailedError (422) means the checkout is unlocked again. */
  async purchase(checkout: Checkout, paymentName: string): Promise<PurchaseOutcome> {
    const persona = personaByEmail(this.personas(), checkout.customer?.email);
    return this.simulation.purchase(checkout, {
      result: resultFor(persona, paymentName),
      paymentName,
      ...(persona?.outcome === 'validationFails' ? { failValidation: persona.name } : {}),
    });
  }
}

/** A rejecting persona's credit check says no; a card is settled at once; everything else awaits activation. */
function resultFor(persona: Persona | null, paymentName: string): PurchaseResult {
  if (persona?.outcome === 'rejected') return 'Rejected';
  return paymentName === 'Card' ? 'Completed' : 'Preliminary';
}

/** The company fields the form sent, blank ones left out (so a persona's or the registry's apply). */
function given(input: IdentifyInput): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const name of ['organizationNumber', 'companyName', 'invoiceReference'] as const) {
    const value = input[name];
    if (value) fields[name] = value;
  }
  return fields;
}
