/**
 * Checkout profiles and delivery modules: which profileName a store knows, how a
 * customer's carrier and option are chosen (ids or names, defaults, unknown ones refused with
 * the known ones named), and the order line the choice's fee becomes.
 */
import { describe, expect, it } from 'vitest';
import { amountToPay } from '../../src/domain/checkout.js';
import {
  chargedShippingLines,
  chooseDelivery,
  deliveryChoiceLines,
  profileFor,
  profileRejection,
} from '../../src/domain/delivery-module.js';
import type { DeliveryModule, Store } from '../../src/domain/merchant.js';
import { orderItemsOf } from '../../src/domain/order.js';
import { Violation } from '../../src/domain/violation.js';

const NSHIFT: DeliveryModule = {
  provider: 'nShift',
  carriers: [
    {
      id: 'postnord',
      name: 'PostNord',
      options: [
        { id: 'service-point', name: 'Service point', fee: 4900, vat: 25, deliveryTime: '1-3 days' },
        { id: 'home', name: 'Home delivery', fee: 9900, vat: 25, deliveryTime: '1-2 days' },
      ],
    },
    { id: 'budbee', name: 'Budbee', options: [{ id: 'box', name: 'Parcel box', fee: 3900, vat: 12, deliveryTime: null }] },
  ],
};

const STORE: Store = {
  id: '1234',
  countryCode: 'SE',
  currency: 'SEK',
  salesSegment: 'B2C',
  profiles: [
    { name: 'shipping', deliveryModule: NSHIFT },
    { name: 'Coffee', deliveryModule: null },
  ],
};

function refusal(run: () => unknown): Violation {
  try {
    run();
  } catch (error) {
    if (error instanceof Violation) return error;
    throw error;
  }
  throw new Error('expected a Violation');
}

describe('profileName on a store with profiles', () => {
  it('finds the profile in any letter case and its <profile>-Recurring variant', () => {
    expect(profileFor(STORE, 'Shipping')?.deliveryModule).toBe(NSHIFT);
    expect(profileFor(STORE, 'shipping-Recurring')?.name).toBe('shipping');
    expect(profileFor(STORE, 'coffee-recurring')?.deliveryModule).toBeNull();
    expect(profileFor(STORE, null)).toBeNull();
  });

  it('accepts known names, Recurring and no profile; refuses others naming the known ones', () => {
    for (const name of ['shipping', 'SHIPPING', 'Coffee-Recurring', 'Recurring', null]) expect(profileRejection(STORE, name)).toBeNull();
    const problem = profileRejection(STORE, 'Redlight')!;
    expect(problem).toMatchObject({ kind: 'invalid', code: 'Validation_Error' });
    expect(problem.message).toContain("profileName: 'Redlight' is not a checkout profile of store 1234");
    expect(problem.message).toContain('shipping, Coffee (each also as <name>-Recurring), and Recurring');
    expect(profileRejection(STORE, 'Monthly-Recurring')).not.toBeNull();
  });

  it('accepts any name on a store whose profiles the scenario does not list', () => {
    expect(profileRejection({ id: '1235' }, 'Anything')).toBeNull();
    expect(profileFor({}, 'shipping')).toBeNull();
  });
});

describe('the customer’s delivery choice', () => {
  it('defaults to the first carrier’s first option', () => {
    expect(chooseDelivery(NSHIFT, null, 'ship-1')).toEqual({
      provider: 'nShift',
      carrierId: 'postnord',
      carrierName: 'PostNord',
      optionId: 'service-point',
      optionName: 'Service point',
      fee: 4900,
      vat: 25,
      deliveryTime: '1-3 days',
      pendingShipmentId: 'ship-1',
    });
  });

  it('takes ids or names in any case; a carrier alone gives its first option, an option alone is looked up in every carrier', () => {
    expect(chooseDelivery(NSHIFT, { carrier: 'POSTNORD', option: 'home delivery' }, 's').optionId).toBe('home');
    expect(chooseDelivery(NSHIFT, { carrier: 'Budbee' }, 's')).toMatchObject({ carrierId: 'budbee', optionId: 'box', fee: 3900, vat: 12 });
    expect(chooseDelivery(NSHIFT, { option: 'box' }, 's').carrierId).toBe('budbee');
  });

  it('refuses an unknown carrier or option, naming the known ones', () => {
    const carrier = refusal(() => chooseDelivery(NSHIFT, { carrier: 'DHL' }, 's'));
    expect(carrier).toMatchObject({ kind: 'invalid', code: 'Unknown_Carrier' });
    expect(carrier.message).toBe(
      "shipping.carrier: 'DHL' is not a carrier of the nShift delivery module; known carriers: postnord (PostNord), budbee (Budbee). Name one by id or name, or leave it out for the first.",
    );
    const option = refusal(() => chooseDelivery(NSHIFT, { carrier: 'postnord', option: 'express' }, 's'));
    expect(option).toMatchObject({ kind: 'invalid', code: 'Unknown_Delivery_Option' });
    expect(option.message).toContain('known options: service-point (Service point), home (Home delivery)');
    expect(refusal(() => chooseDelivery(NSHIFT, { option: 'pallet' }, 's')).message).toContain(
      'postnord: service-point (Service point), home (Home delivery); budbee: box (Parcel box)',
    );
  });
});

describe('what the choice charges', () => {
  const choice = chooseDelivery(NSHIFT, { carrier: 'postnord', option: 'home' }, 's');
  const checkout = {
    cart: { items: [{ id: 'TENT-2P', description: 'Two-person tent', unitPrice: 249900, quantity: 1, vat: 25 }], shippingProperties: null },
    fees: { shipping: null, directInvoiceFee: null },
    shipping: null,
    delivery: choice,
    countryCode: 'SE',
  };

  it('is one order line named after carrier and option, its id the shippingFeeId', () => {
    expect(deliveryChoiceLines(choice)).toEqual([
      { id: 'shipping|postnord:home', description: 'PostNord Home delivery', unitPrice: 9900, quantity: 1, vat: 25 },
    ]);
    expect(orderItemsOf(checkout).map((line) => line.id)).toEqual(['TENT-2P', 'shipping|postnord:home']);
    expect(amountToPay(checkout)).toBe(249900 + 9900);
  });

  it('is nothing for a free option, and gives way to a shipping block the shop sent itself', () => {
    expect(deliveryChoiceLines({ ...choice, fee: 0 })).toEqual([]);
    const sent = { provider: 'MerchantFallback', shippingFee: 5900, shipments: [] };
    expect(chargedShippingLines({ shipping: sent, delivery: choice })).toEqual([
      { id: 'shipping', description: 'MerchantFallback', unitPrice: 5900, quantity: 1, vat: 25 },
    ]);
  });
});
