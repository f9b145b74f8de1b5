/**
 * What the hosted checkout page's buttons do, on the server: each step is the admin
 * simulation's (CustomerSimulation), so the page and POST /__admin/…/purchase can never
 * disagree. The page adds only what a customer brings: a test persona (by email) decides
 * how long identification takes, whether the credit check rejects and whether validation
 * fails.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { customerSchema } from '../domain/schemas/customer.js';
import type { Checkout, PurchaseResult } from '../domain/model.js';
import type { SettingsService } from '../services/settings.js';
import type { CustomerSimulation, PurchaseOutcome } from '../simulation/customer.js';
import { DEFAULT_PERSONAS, type Persona, personaByEmail } from '../domain/personas.js';

export type Variant = 'b2c' | 'b2b';

/** The store's payment methods as the page offers them (the sandbox's stores do not list any). */
export function paymentMethodsFor(variant: Variant): readonly string[] {
  return variant === 'b2b' ? ['DirectInvoice'] : ['DirectInvoice', 'Account', 'PartPayment', 'Card'];
}

export interface IdentifyInput {
  email: string;
  mobilePhoneNumber: string;
  postalCode: string;
}

export class CheckoutSteps {
  constructor(
    readonly simulation: CustomerSimulation,
    private readonly settings: SettingsService,
  ) {}

  personas(): readonly Persona[] {
    return this.settings.current().personas ?? DEFAULT_PERSONAS;
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
    const customer = customerSchema.parse({
      email: input.email,
      mobilePhoneNumber: input.mobilePhoneNumber,
      deliveryAddress: { postalCode: input.postalCode },
    });
    return this.simulation.identify(checkout, customer);
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
