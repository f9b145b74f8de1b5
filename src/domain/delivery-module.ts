/**
 * Checkout profiles and the delivery modules the sandbox simulates: a store's
 * profiles come from the scenario; a profile with a delivery module lets the customer choose a
 * carrier and option in the checkout, and the choice's fee is charged like a shipping fee
 * (docs/real-service.md, "Delivery-module shipping": WooCommerce reads `data.shipping`, checks `cart.totalAmount +
 * shipping.shippingFee` and `order.totalAmount`). Pure rules.
 */
import { deliveryLines } from './delivery-shipping.js';
import type { Checkout, DeliveryChoice, OrderItem } from './model.js';
import type { Carrier, CheckoutProfile, DeliveryModule, DeliveryOption, Store } from './merchant.js';
import { Violation } from './violation.js';

/** What a customer (admin call, persona, hosted page) names: ids or names, any letter case. */
export interface DeliveryRequest {
  carrier?: string | null | undefined;
  option?: string | null | undefined;
}

const RECURRING_SUFFIX = '-recurring';

/**
 * The store's profile a profileName names: the profile itself or its subscription variant
 * `<profile>-Recurring` (what WooCommerce sends for a subscription), in any letter case
 * (older WooCommerce sends "Shipping", newer "shipping"). Null: no profile, or none known.
 */
export function profileFor(store: Pick<Store, 'profiles'>, profileName: string | null): CheckoutProfile | null {
  if (!profileName || !store.profiles) return null;
  const wanted = profileName.trim().toLowerCase();
  const base = wanted.endsWith(RECURRING_SUFFIX) ? wanted.slice(0, -RECURRING_SUFFIX.length) : wanted;
  return store.profiles.find((p) => p.name.toLowerCase() === wanted || p.name.toLowerCase() === base) ?? null;
}

/**
 * Why the store does not know this profileName (400 Validation_Error, as for any other field the
 * service cannot use); null when it does. A store whose scenario lists no profiles accepts any
 * name (the sandbox knows nothing of its setup); plain `Recurring` is every store's.
 */
export function profileRejection(store: Pick<Store, 'id' | 'profiles'>, profileName: string | null): Violation | null {
  if (!profileName || !store.profiles || profileFor(store, profileName)) return null;
  if (profileName.trim().toLowerCase() === 'recurring') return null;
  const known = store.profiles.map((p) => p.name);
  const names = known.length ? `${known.join(', ')} (each also as <name>-Recurring), and Recurring` : 'only Recurring';
  return new Violation(
    'invalid',
    'Validation_Error',
    `profileName: '${profileName}' is not a checkout profile of store ${store.id}; its profiles are ${names}. ` +
      'Send one of them, or leave profileName out (profiles are set up per store, in the sandbox by the scenario).',
  );
}

/**
 * The customer's choice: the named carrier and option (by id or name), by default the first
 * carrier's first option, or the carrier's first option when only the carrier is named. An
 * option named without a carrier is looked up in every carrier. Unknown names: a Violation
 * (400) listing what the module offers.
 */
export function chooseDelivery(module: DeliveryModule, request: DeliveryRequest | null, pendingShipmentId: string): DeliveryChoice {
  const carrierName = request?.carrier?.trim() || null;
  const optionName = request?.option?.trim() || null;
  let carrier: Carrier | undefined;
  if (carrierName) {
    carrier = module.carriers.find((c) => matches(c, carrierName));
    if (!carrier)
      throw unknown('carrier', carrierName, `the ${module.provider} delivery module`, module.carriers.map(described).join(', '));
  } else if (optionName) {
    carrier = module.carriers.find((c) => c.options.some((o) => matches(o, optionName)));
    if (!carrier)
      throw unknown(
        'option',
        optionName,
        `any carrier of the ${module.provider} delivery module`,
        module.carriers.map((c) => `${c.id}: ${c.options.map(described).join(', ')}`).join('; '),
      );
  } else {
    carrier = module.carriers[0];
  }
  if (!carrier)
    throw new Violation(
      'invalid',
      'Unknown_Carrier',
      `The ${module.provider} delivery module has no carriers; give its profile carriers in the scenario.`,
    );
  const option = optionName ? carrier.options.find((o) => matches(o, optionName)) : carrier.options[0];
  if (!option)
    throw unknown('option', optionName ?? '', `carrier ${carrier.id} (${carrier.name})`, carrier.options.map(described).join(', '));
  return {
    provider: module.provider,
    carrierId: carrier.id,
    carrierName: carrier.name,
    optionId: option.id,
    optionName: option.name,
    fee: option.fee,
    vat: option.vat,
    deliveryTime: option.deliveryTime,
    pendingShipmentId,
  };
}

/**
 * The order line of the choice's fee: `shippingFeeId` in `data.shipping` names it, so a shop
 * can capture and refund it by item (WooCommerce keeps it as the shipping reference, and
 * recognises `shipping|` ids as shipping). A free option has no line, like a zero fee.
 */
export function deliveryChoiceLines(choice: DeliveryChoice | null | undefined): OrderItem[] {
  if (!choice || choice.fee === 0) return [];
  return [{ id: shippingFeeIdOf(choice), description: choiceName(choice), unitPrice: choice.fee, quantity: 1, vat: choice.vat }];
}

export function shippingFeeIdOf(choice: Pick<DeliveryChoice, 'carrierId' | 'optionId'>): string {
  return `shipping|${choice.carrierId}:${choice.optionId}`.slice(0, 50);
}

/** "PostNord Service point": the line's description and the shipping choice's name. */
export function choiceName(choice: Pick<DeliveryChoice, 'carrierName' | 'optionName'>): string {
  return `${choice.carrierName} ${choice.optionName}`.slice(0, 50);
}

/**
 * The shipping lines a checkout is charged: the block a shop sent itself (Magento's fallback,
 * kept as before) or else the customer's choice in the profile's delivery module.
 */
export function chargedShippingLines(checkout: Pick<Checkout, 'shipping' | 'delivery'>): OrderItem[] {
  return checkout.shipping ? deliveryLines(checkout.shipping) : deliveryChoiceLines(checkout.delivery);
}

function matches(entry: { id: string; name: string }, wanted: string): boolean {
  const lower = wanted.toLowerCase();
  return entry.id.toLowerCase() === lower || entry.name.toLowerCase() === lower;
}

function described(entry: Carrier | DeliveryOption): string {
  return `${entry.id} (${entry.name})`;
}

function unknown(what: 'carrier' | 'option', given: string, where: string, known: string): Violation {
  return new Violation(
    'invalid',
    what === 'carrier' ? 'Unknown_Carrier' : 'Unknown_Delivery_Option',
    `shipping.${what}: '${given}' is not ${what === 'carrier' ? 'a carrier' : 'an option'} of ${where}; known ${what}s: ${known}. Name one by id or name, or leave it out for the first.`,
  );
}

/**
 * The query a delivery adapter is asked with for the cart's shipping properties: each key and
 * value added to its request as a query parameter ("…&height=10&width=20&isBulky=true",
 * https://dev.walleypay.com/docs/checkout/delivery/get-available-delivery-methods). A value that is
 * not a string, number or boolean is sent as its JSON.
 */
export function shippingPropertiesQuery(shippingProperties: unknown): string {
  if (shippingProperties === null || typeof shippingProperties !== 'object' || Array.isArray(shippingProperties)) return '';
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(shippingProperties)) {
    if (value === null || value === undefined) continue;
    query.append(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  return query.toString();
}
