/**
 * The checkout API's request bodies (service-facts §5, §7, §10) as zod schemas: what the
 * OpenAPI document shows, and the key lists the binders in src/domain/checkout-binding.ts
 * and checkout-lines.ts read (see fields.ts). The binders word their own errors; these
 * schemas accept exactly what they accept (test/unit/schema-agreement.test.ts).
 */
import { z } from 'zod';
import {
  KEYS_NOTE,
  absoluteUrl,
  anyCase,
  lenientAmount,
  lenientBoolean,
  lenientNumber,
  nonBlankText,
  optionalUrl,
  percentage,
  positiveWholeNumber,
  textOrNumber,
} from './fields.js';

const COUNTRY_CODES = ['SE', 'NO', 'FI', 'DK', 'DE', 'EU'] as const;

/** What a cart item and a fee have in common. */
export const articleLineSchema = z.looseObject({
  id: nonBlankText.meta({ description: 'Article id; cut to 50 characters.' }),
  description: nonBlankText.meta({ description: 'Cut to 50 characters; id + description must be unique across cart and fees.' }),
  unitPrice: lenientAmount.meta({ description: 'Price per unit including VAT, e.g. 199.00 or "199.00".' }),
  vat: percentage.meta({ description: 'VAT rate in percent (0-100); on a fee 0.25 also means 25 %.' }),
});

export const cartItemSchema = articleLineSchema.extend({
  quantity: positiveWholeNumber.meta({ description: 'A whole number of at least 1.' }),
  sku: textOrNumber.optional(),
  unitWeight: lenientNumber.optional(),
  requiresElectronicId: lenientBoolean.optional(),
  type: z.string().optional(),
});

/** "No fee" as clients send it: null, "", false or [] (PHP's empty array). */
const nothing = z.union([z.null(), z.literal(''), z.literal(false), z.array(z.never()).max(0)]);

export const feesSchema = z
  .looseObject({
    shipping: z.union([articleLineSchema, nothing]).optional(),
    directInvoiceFee: z.union([articleLineSchema, nothing]).optional(),
    directinvoicenotification: z.union([articleLineSchema, nothing]).optional().meta({ description: 'WooCommerce spelling of directInvoiceFee.' }),
  })
  .meta({ description: 'The fees; each may be null.' });

export const cartObjectSchema = z.looseObject({
  items: z.array(cartItemSchema).min(1),
  shippingProperties: z.unknown().optional(),
});

export const cartSchema = z
  .union([cartObjectSchema, z.array(cartItemSchema).min(1)])
  .meta({ description: '`{"items": [...]}` or a bare array of items (WooCommerce).' });

/** Missing, null, "", [] and false all mean "no fees". */
const anyFees = z.union([feesSchema, nothing]);

const customerPrefill = z
  .record(z.string(), z.unknown())
  .meta({ description: 'Customer data to prefill (email, mobilePhoneNumber, nationalIdentificationNumber, postalCode, …).' });

/** A delivery module's block (the M2 MerchantFallback shape), sent instead of fees.shipping. */
const deliveryShippingSchema = z
  .looseObject({
    provider: z.string().optional(),
    shippingFee: z.union([z.number(), z.string()]).optional(),
    shipments: z.array(z.looseObject({})).optional(),
  })
  .meta({ description: "A delivery module's shipping block: kept and shown as data.shipping; its fee is in the order's items and total." });

export const checkoutInitSchema = z
  .looseObject({
    storeId: textOrNumber.nullable().optional().meta({ description: "The store id from onboarding (1234 or \"1234\"); left out, the merchant's only store." }),
    countryCode: anyCase(COUNTRY_CODES),
    reference: textOrNumber.nullable().optional(),
    merchantTermsUri: absoluteUrl,
    notificationUri: optionalUrl,
    redirectPageUri: optionalUrl,
    validationUri: optionalUrl,
    profileName: z.string().nullable().optional(),
    cart: cartSchema,
    fees: anyFees.optional(),
    shipping: deliveryShippingSchema.nullable().optional(),
    metadata: z.unknown().optional(),
    customFields: z.unknown().optional(),
    privateCustomerPrefill: customerPrefill.optional(),
    businessCustomerPrefill: customerPrefill.optional(),
    customer: customerPrefill.optional(),
  })
  .meta({ description: `Initialize a checkout. ${KEYS_NOTE}` });

export const checkoutUpdateSchema = z
  .looseObject({
    cart: cartSchema,
    fees: anyFees.optional(),
    reference: textOrNumber.nullable().optional(),
    metadata: z.unknown().optional(),
    shipping: deliveryShippingSchema.nullable().optional(),
    shippingProperties: z.unknown().optional(),
  })
  .meta({ description: `Whole-checkout update: cart required; other properties replace only when present (null removes). ${KEYS_NOTE}` });

export const cartUpdateSchema = cartSchema;

export const feesUpdateSchema = anyFees;

export const referenceUpdateSchema = z
  .looseObject({ reference: textOrNumber.nullable().meta({ description: 'WooCommerce and the SDK send `Reference`; null clears it.' }) })
  .meta({ description: KEYS_NOTE });

export const metadataUpdateSchema = z.looseObject({ metadata: z.unknown().meta({ description: 'Any JSON; null clears it.' }) });

export const paylinkDestinationSchema = z
  .looseObject({ mobilePhoneNumber: textOrNumber.nullable().optional(), email: textOrNumber.nullable().optional() })
  .refine((d) => [d.mobilePhoneNumber, d.email].some((v) => v !== null && v !== undefined && String(v).trim() !== ''), {
    message: 'a mobilePhoneNumber or an email is required',
  })
  .meta({ description: 'A mobilePhoneNumber or an email (at least one).' });

export const paylinkSchema = z.looseObject({ destination: paylinkDestinationSchema }).meta({ description: 'Where to send the pay link.' });

export const widgetSchema = z.looseObject({ storeId: textOrNumber.nullable().optional() });
