/**
 * The checkout API's request bodies (service-facts §5, §7, §10) as zod schemas: what the
 * OpenAPI document shows, and the key lists the binders in src/domain/checkout-binding.ts
 * and checkout-lines.ts read (see fields.ts). The binders stay lenient and word their own
 * errors; these schemas describe what they accept.
 */
import { z } from 'zod';
import { KEYS_NOTE, lenientBoolean, lenientNumber, textOrNumber } from './fields.js';

const COUNTRY_CODES = ['SE', 'NO', 'FI', 'DK', 'DE', 'EU'] as const;
const absoluteUrl = z.string().meta({ description: 'An absolute http(s) URL; placeholders such as {checkout.publictoken} are substituted.' });

/** What a cart item and a fee have in common. */
export const articleLineSchema = z.looseObject({
  id: textOrNumber.meta({ description: 'Article id; cut to 50 characters.' }),
  description: z.string().meta({ description: 'Cut to 50 characters; id + description must be unique across cart and fees.' }),
  unitPrice: lenientNumber.meta({ description: 'Price per unit including VAT, e.g. 199.00 or "199.00".' }),
  vat: lenientNumber.meta({ description: 'VAT rate in percent (0-100); on a fee 0.25 also means 25 %.' }),
});

export const cartItemSchema = articleLineSchema.extend({
  quantity: z.union([z.number().int().min(1), z.string().regex(/^\d+(\.0+)?$/)]).meta({ description: 'A whole number of at least 1.' }),
  sku: textOrNumber.optional(),
  unitWeight: lenientNumber.optional(),
  requiresElectronicId: lenientBoolean.optional(),
  type: z.string().optional(),
});

export const feeSchema = articleLineSchema;

export const feesSchema = z
  .looseObject({
    shipping: feeSchema.nullable().optional(),
    directInvoiceFee: feeSchema.nullable().optional(),
    directinvoicenotification: feeSchema.nullable().optional().meta({ description: 'WooCommerce spelling of directInvoiceFee.' }),
  })
  .meta({ description: 'Missing, null, "", [] and false all mean "no fees".' });

export const cartObjectSchema = z.looseObject({
  items: z.array(cartItemSchema).min(1),
  shippingProperties: z.unknown().optional(),
});

export const cartSchema = z
  .union([cartObjectSchema, z.array(cartItemSchema).min(1)])
  .meta({ description: '`{"items": [...]}` or a bare array of items (WooCommerce).' });

const emptyFees = z.union([feesSchema, z.null(), z.literal(''), z.literal(false), z.array(z.never()).max(0)]);

const customerPrefill = z.record(z.string(), z.unknown()).meta({ description: 'Customer data to prefill (email, mobilePhoneNumber, nationalIdentificationNumber, postalCode, …).' });

export const checkoutInitSchema = z
  .looseObject({
    storeId: textOrNumber.optional().meta({ description: "The store id from onboarding (1234 or \"1234\"); left out, the merchant's only store." }),
    countryCode: z.enum(COUNTRY_CODES).meta({ description: 'Case-insensitive.' }),
    reference: textOrNumber.nullable().optional(),
    merchantTermsUri: absoluteUrl,
    notificationUri: absoluteUrl.optional(),
    redirectPageUri: absoluteUrl.optional(),
    validationUri: absoluteUrl.optional(),
    profileName: z.string().optional(),
    cart: cartSchema,
    fees: emptyFees.optional(),
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
    fees: emptyFees.nullable().optional(),
    reference: textOrNumber.nullable().optional(),
    metadata: z.unknown().optional(),
    shippingProperties: z.unknown().optional(),
  })
  .meta({ description: `Whole-checkout update: cart required; other properties replace only when present (null removes). ${KEYS_NOTE}` });

export const cartUpdateSchema = cartSchema;

export const feesUpdateSchema = emptyFees;

export const referenceUpdateSchema = z
  .looseObject({ reference: textOrNumber.nullable().meta({ description: 'WooCommerce and the SDK send `Reference`; null clears it.' }) })
  .meta({ description: KEYS_NOTE });

export const metadataUpdateSchema = z.looseObject({ metadata: z.unknown().meta({ description: 'Any JSON; null clears it.' }) });

export const paylinkDestinationSchema = z.looseObject({
  mobilePhoneNumber: z.string().optional(),
  email: z.string().optional(),
});

export const paylinkSchema = z
  .looseObject({ destination: paylinkDestinationSchema })
  .meta({ description: 'A mobile phone number or an email address.' });

export const widgetSchema = z.looseObject({ storeId: textOrNumber.optional() });
