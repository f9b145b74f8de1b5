/**
 * The checkout API's answers (src/routes/checkout-handlers.ts, src/routes/checkout-view.ts),
 * as zod schemas of what is sent: `data` of each operation, and the whole `{id, data, error}`
 * answer. GET's view is one shape in every phase: `customer` is null until the customer is
 * identified (and on a business checkout, whose customer is `businessCustomer`); after the
 * purchase `cart` and `fees` are null and `order` carries the lines. The merchant's own data (`metadata`, `customFields`,
 * `shippingProperties`) and a delivery module's shipments come back as sent: free-form.
 */
import { z } from 'zod';
import { COUNTRY_CODES } from '../../domain/requests/checkout.js';
import { CHECKOUT_STATUSES, CUSTOMER_TYPES, PURCHASE_RESULTS } from '../../domain/model.js';
import { checkoutSuccess, generated } from '../../http/envelopes.js';

// ---- Shared field shapes ----

/** The checkout API's instants: `2026-11-29T03:15:46.1230000+00:00` (7 fractional digits, an offset), see serviceInstant(). */
export const serviceInstantSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{7}\+00:00$/)
  .meta({ format: 'date-time', description: 'ISO-8601 with 7 fractional digits and an offset, e.g. 2026-11-29T03:15:46.1230000+00:00.' });

const amount = (description: string) => z.number().meta({ description: `${description} In major units (199.5 = 199.50), a JSON number.` });
const vat = z.number().min(0).max(100).meta({ description: 'VAT rate in percent (25 = 25 %).' });
const text = z.string().nullable();

const publicTokenSchema = z
  .string()
  .regex(/^public-[A-Z]{2}-[0-9a-f]{48}$/)
  .meta({ description: "public-<countryCode>-<48 hex>: the token the loader script's data-token takes." });

/** A public token as kept: those a scenario seeds, and those of state files written before tokens had 48 hex digits, have 32. */
export const storedPublicTokenSchema = z
  .string()
  .regex(/^public-[A-Z]{2}-([0-9a-f]{48}|[0-9a-f]{32})$/)
  .meta({ description: "public-<countryCode>-<48 hex> (32 hex for a scenario's seeded checkouts): the loader script's data-token." });

export const addressSchema = z.strictObject({
  firstName: text,
  lastName: text,
  coAddress: text,
  address: text,
  address2: text,
  postalCode: text,
  city: text,
  country: text.meta({ description: 'A country name, e.g. Sverige.' }),
  countryCode: text,
});

const companyAddressSchema = addressSchema.extend({
  companyName: z.string().nullable().meta({ description: "The company's name on a business checkout." }),
});

const privateCustomerSchema = z
  .strictObject({
    email: text,
    mobilePhoneNumber: text,
    nationalIdentificationNumber: text,
    deliveryContactInformation: z.strictObject({ mobilePhoneNumber: text }),
    deliveryAddress: addressSchema,
    billingAddress: addressSchema,
  })
  .meta({ description: 'A private customer as identified: every field present, null where unknown.' });

const businessCustomerSchema = z
  .strictObject({
    companyName: z.string().nullable().meta({ description: 'The company the customer identified as (or the prefill named).' }),
    organizationNumber: text,
    invoiceReference: z
      .string()
      .nullable()
      .meta({ description: 'Whom or what the invoice is for, as the customer or the prefill gave it.' }),
    invoiceTag: z.string().nullable().meta({ description: "The company's own tag for the invoice (a purchase order number)." }),
    email: text,
    firstName: text,
    lastName: text,
    mobilePhoneNumber: text,
    deliveryContactInformation: z.strictObject({ email: text, mobilePhoneNumber: text }),
    invoiceAddress: companyAddressSchema,
    deliveryAddress: companyAddressSchema,
  })
  .meta({
    description: 'A business customer as identified (customerType BusinessCustomer); null before identification and for a private one.',
  });

/** Ids and descriptions sent through the API are cut to 50 characters (a scenario's are kept as written). */
const lineId = z.string().meta({ description: 'The article id (cut to 50 characters).' });
const lineDescription = z.string().meta({ description: 'Cut to 50 characters.' });

const cartItemViewSchema = z.strictObject({
  id: lineId,
  description: lineDescription,
  unitPrice: amount('Price incl. VAT.'),
  quantity: z.number().int().min(1),
  vat: vat,
  sku: z.string().optional().meta({ description: 'Only when sent.' }),
  unitWeight: z.number().optional().meta({ description: 'Only when sent.' }),
  requiresElectronicId: z.boolean().optional().meta({ description: 'Only when sent.' }),
  type: z.string().optional().meta({ description: 'Only when sent, e.g. GiftCard.' }),
});

const feeViewSchema = z.strictObject({ id: lineId, description: lineDescription, unitPrice: amount('Price incl. VAT.'), vat: vat });

/** An order line: the article as sent, with the article fields of its cart line (fees and delivery lines have none). */
const lineSchema = z.strictObject({
  id: lineId,
  description: z.string(),
  unitPrice: amount('Price incl. VAT.'),
  quantity: z.number().int(),
  vat: vat,
  sku: z.string().optional().meta({ description: 'As sent with the cart line; only when sent.' }),
  unitWeight: z.number().optional().meta({ description: 'As sent with the cart line; only when sent.' }),
  requiresElectronicId: z.boolean().optional().meta({ description: 'As sent with the cart line; only when sent.' }),
  type: z.string().optional().meta({ description: 'As sent with the cart line (e.g. GiftCard); only when sent.' }),
});

const freeForm = (description: string) => z.unknown().meta({ description });

// ---- GET /checkouts/{privateId}: data ----

const cartViewSchema = z
  .strictObject({
    totalAmount: amount('The sum of the items.'),
    items: z.array(cartItemViewSchema),
    shippingProperties: freeForm("The merchant's shippingProperties as sent (any JSON), null when none were sent."),
  })
  .meta({ description: 'The cart; null once the purchase is completed (the order carries the lines).' });

const feesViewSchema = z
  .strictObject({
    shipping: feeViewSchema.nullable(),
    directInvoiceFee: feeViewSchema.optional().meta({ description: 'Only when an invoice fee is set.' }),
  })
  .meta({ description: 'The fees (no quantity); null once the purchase is completed.' });

const purchaseViewSchema = z
  .strictObject({
    amountToPay: amount("Cart + fees + a delivery module's fee."),
    paymentName: z.string().min(1).meta({ description: 'e.g. DirectInvoice, Account, PartPayment, Card.' }),
    invoiceDeliveryMethod: z.string().min(1).meta({ description: 'Email in the sandbox.' }),
    purchaseIdentifier: generated(z.string().regex(/^\d{8}$/), 'The purchase number the customer sees (8 digits).'),
    result: z.enum(PURCHASE_RESULTS).meta({
      description:
        'Preliminary awaits activation, OnHold a fraud check, Activated is invoiced, Rejected is cancelled, Signing awaits e-signing, Completed is paid.',
    }),
  })
  .meta({ description: 'The purchase once completed; null before.' });

const orderViewSchema = z
  .strictObject({
    orderId: generated(z.guid(), 'Lower-case GUID: the {orderId} of /manage/orders.'),
    totalAmount: amount('The sum of the order lines (cart, fees, delivery fee).'),
    items: z.array(lineSchema),
    customerToken: generated(
      z.uuid().nullable(),
      'A purchase on a recurring profile (Recurring, <profile>-Recurring) issues one for POST /purchase/authorizations; else null.',
    ),
  })
  .meta({ description: 'The order of a completed purchase; null before.' });

/** A shop's own delivery block (Magento's fallback shape), kept as sent. */
const shopShippingViewSchema = z
  .strictObject({
    provider: z.string().nullable(),
    shippingFee: amount("The fee charged: shippingFee as sent, else the sum of the shipments' fees."),
    shippingFeeId: z.string().nullable().meta({ description: 'The id of the order line the fee became.' }),
    shipments: z
      .array(z.record(z.string(), z.unknown()))
      .meta({ description: 'The shipments as sent (any keys), with shippingChoice.fee in major units.' }),
  })
  .meta({ description: "A shop's own delivery block as sent (its fee is an order line)." });

const deliveryOptionSchema = z.strictObject({ id: z.string(), name: z.string(), deliveryTime: z.string().nullable() });

/** The carrier and option the customer chose in a delivery module (nShift, Ingrid, Walley's own), in both shapes clients read. */
export const deliveryChoiceViewSchema = z
  .strictObject({
    provider: z.string().meta({ description: 'The delivery module, e.g. nShift.' }),
    carrierId: z.string(),
    carrierName: z.string(),
    shippingFee: amount('The fee of the chosen option (an order line).'),
    shippingFeeId: z.string().meta({ description: 'The id of the order line the fee became: shipping|<carrier>:<option>.' }),
    pendingShipment: z.strictObject({ id: z.string() }).meta({ description: 'WooCommerce reads pendingShipment.id unconditionally.' }),
    shipments: z.array(
      z.strictObject({
        id: z.string(),
        bookedShipmentId: z
          .string()
          .meta({ description: 'The prepared shipment (the older page revision and the Magento module read this name).' }),
        externalShipmentId: z.string().meta({ description: "The same shipment under the newest page revision's name." }),
        feeItemId: z.string(),
        shippingChoice: z.strictObject({
          id: z.string(),
          name: z.string(),
          fee: amount('The fee of the choice (its options carry none of their own).'),
          options: z.array(deliveryOptionSchema),
          metadata: z.strictObject({
            carrierId: z.string(),
            carrierName: z.string(),
            deliveryTime: z.string().nullable(),
            tax_rate: z.number(),
          }),
        }),
      }),
    ),
  })
  .meta({ description: "The customer's delivery choice in the checkout profile's delivery module." });

const deliveryShippingViewSchema = z
  .union([deliveryChoiceViewSchema, shopShippingViewSchema])
  .meta({ description: "The delivery: the customer's choice in a delivery module, or a shop's own block as sent; null without either." });

export const checkoutViewSchema = z
  .strictObject({
    customerType: z.enum(CUSTOMER_TYPES),
    customer: privateCustomerSchema.nullable().meta({
      description: 'The private customer; null until the customer is identified, and on a business checkout (see businessCustomer).',
    }),
    businessCustomer: businessCustomerSchema.nullable(),
    countryCode: z.enum(COUNTRY_CODES),
    status: z
      .enum(CHECKOUT_STATUSES)
      .meta({ description: 'Initialized → CustomerIdentified → CommittedToPurchase → PurchaseCompleted, or Aborted.' }),
    reference: z.string().nullable().meta({ description: "The merchant's reference; null until set." }),
    cart: cartViewSchema.nullable(),
    fees: feesViewSchema.nullable(),
    purchase: purchaseViewSchema.nullable(),
    order: orderViewSchema.nullable(),
    shipping: deliveryShippingViewSchema.nullable(),
    customFields: freeForm('The customFields sent at initialization, as sent (any JSON); null when none.'),
    paymentName: z
      .string()
      .nullable()
      .meta({ description: 'Legacy top-level copy of purchase.paymentName (read by OpenCart and the SDK).' }),
    appliedVouchers: z.null().meta({ description: 'Always null: no vouchers are simulated.' }),
    metadata: freeForm("The merchant's metadata as last set (any JSON); null when none."),
    hasSessionExpired: z.boolean().meta({
      description:
        "Whether the session's expiresAt has passed (a completed purchase stays readable after it; an unfinished one answers 404).",
    }),
  })
  .meta({ description: 'A checkout as GET /checkouts/{privateId} shows it, in every phase.' });

// ---- The other operations' data ----

export const checkoutInitializedSchema = z.strictObject({
  privateId: generated(z.uuid(), "The checkout's id in every later call (keep it server-side)."),
  publicToken: generated(publicTokenSchema, 'For the loader script (data-token); safe to show in the browser.'),
  expiresAt: generated(serviceInstantSchema, 'When the session ends unless it is completed.'),
  paymentUri: generated(
    z.url(),
    'The pay link: the hosted checkout as a whole page on the frontend host, to send the customer to (SMS, e-mail, a redirect).',
  ),
});

export const widgetTokenSchema = z.strictObject({
  widgetToken: generated(
    z.string().regex(/^widget-[A-Z]{2}-[A-Za-z0-9+/]{93}$/),
    "widget-<store's countryCode>-<93 base64 characters>, as the documentation's token: the part-payment widget's token.",
  ),
  expiresAt: generated(serviceInstantSchema, 'A day after issue; cache the token until then.'),
});

// ---- Whole answers ----

/** 200 of POST /checkouts (and POST /checkout in the old style). */
export const checkoutInitializedAnswer = checkoutSuccess(checkoutInitializedSchema);
/** 200 of GET /checkouts/{privateId}. */
export const checkoutViewAnswer = checkoutSuccess(checkoutViewSchema);
/** 200 of every update (whole, cart, fees, reference, metadata) and of the pay link: `data: null`. */
export const checkoutUpdatedAnswer = checkoutSuccess(z.null().meta({ description: 'Always null: an update answers no data.' }));
/** 200 of POST /widgets. */
export const widgetTokenAnswer = checkoutSuccess(widgetTokenSchema);
