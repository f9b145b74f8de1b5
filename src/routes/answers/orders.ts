/**
 * Order administration's answers (src/routes/order-view.ts, src/routes/order-operations.ts), as zod
 * schemas of what is sent (docs/real-service.md, "Order answers"): an order `{data, links, metaData}`,
 * the latest orders, and a reauthorization `{data: {id, status}}`. Writes answer 201/202 with
 * a Location and no body; refusals are problem details (src/http/envelopes.ts). Item rows use
 * the names Magento reads here (articleNumber, price, vatRate), not the checkout's.
 */
import { z } from 'zod';
import { INVOICE_TYPES, ORDER_STATUSES, SALES_SEGMENTS } from '../../domain/model.js';
import { REAUTHORIZATION_STATUSES } from '../../domain/order-reauthorize.js';
import { generated } from '../../http/envelopes.js';
import { serviceInstantSchema } from './checkout.js';

/** How the order's customer is shown: a B2B order's customer is an Organization. */
const ORDER_CUSTOMER_TYPES = ['Person', 'Organization'] as const;

const instant = z.iso.datetime().meta({ description: 'ISO-8601 in UTC, sandbox time, e.g. 2026-11-02T10:00:00.000Z.' });
const amount = (description: string) => z.number().meta({ description: `${description} In major units, a JSON number.` });
const text = z.string().nullable();

export const orderItemViewSchema = z.strictObject({
  articleNumber: z.string().meta({ description: "The line's id (the checkout's items[].id)." }),
  description: z.string(),
  quantity: z.number().int(),
  price: amount('Unit price incl. VAT.'),
  vatRate: z.number().meta({ description: 'VAT in percent.' }),
});

const orderInvoiceViewSchema = z.strictObject({
  invoiceNumber: generated(z.string().regex(/^\d{9}$/), '9 digits.'),
  type: z.enum(INVOICE_TYPES).meta({ description: 'Invoice for a capture, Credit for a refund.' }),
  amount: amount('The amount invoiced or credited.'),
  createdAt: generated(instant, 'When the invoice was made (sandbox time).'),
  description: text.meta({ description: "The capture's or refund's description as sent; null without one." }),
  actionReference: text.meta({ description: "The call's actionReference as sent; null without one." }),
  items: z.array(orderItemViewSchema),
});

export const orderAddressViewSchema = z.strictObject({
  addressLine1: text,
  addressLine2: text,
  city: text,
  coAddress: text,
  receiverName: text.meta({ description: 'First and last name.' }),
  countryCode: z.string(),
  email: text,
  mobilePhone: text,
  phoneNumber: z.string().nullable().meta({ description: "The customer's phone number (the mobile number; the sandbox keeps one)." }),
  postalCode: text,
});

const orderCustomerViewSchema = z.strictObject({
  type: z.enum(ORDER_CUSTOMER_TYPES),
  name: text,
  firstName: text,
  lastName: text,
  registrationNumber: z
    .string()
    .regex(/^(\d{6}\*\*\*\d|\*\*\*|\d{10})$/)
    .nullable()
    .meta({ description: "A person's national identity number, masked (490331***5); an organization's number as it is (5566778899)." }),
  countryCode: z.string(),
  coAddress: text,
  addressLine1: text,
  addressLine2: text,
  city: text,
  postalCode: text,
  email: text,
  mobilePhoneNumber: text,
  homePhoneNumber: z.string().nullable().meta({ description: 'The mobile number again: the sandbox keeps one phone number per customer.' }),
});

export const orderDataSchema = z
  .strictObject({
    id: generated(z.guid(), 'The order id (lower-case GUID), as data.order.orderId of the checkout.'),
    reference: text.meta({ description: "The merchant's reference of the checkout or authorization." }),
    paymentMethod: z.string().min(1).meta({ description: 'e.g. DirectInvoice, Account, Card.' }),
    totalAmount: amount('The order total (after reauthorizations).'),
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/)
      .meta({ description: 'ISO 4217, e.g. SEK.' }),
    status: z.enum(ORDER_STATUSES).meta({
      description:
        'NotActivated (nothing captured), PartActivated, Activated (all captured), Cancelled, Returned (fully refunded), Expired.',
    }),
    salesSegment: z.enum(SALES_SEGMENTS),
    countryCode: z.string().regex(/^[A-Z]{2}$/),
    productCode: z.string().nullable().meta({
      description:
        'The payment product: DI_001 for an invoice (the Get order example); null for the others, which the documentation gives no code.',
    }),
    placedAt: generated(
      serviceInstantSchema,
      'When the purchase was completed (sandbox time), in the form 2026-11-29T03:15:46.1230000+00:00.',
    ),
    expiresAt: generated(
      serviceInstantSchema.nullable(),
      'When the authorization lapses; null unless something is left to capture (NotActivated, PartActivated, Expired).',
    ),
    customer: orderCustomerViewSchema.nullable(),
    deliveryAddress: orderAddressViewSchema.nullable(),
    invoiceAddress: orderAddressViewSchema.nullable(),
    items: z
      .array(orderItemViewSchema)
      .meta({ description: 'The order lines (cart, fees, delivery fee; after a reauthorization, its lines).' }),
    invoices: z.array(orderInvoiceViewSchema).meta({ description: 'One per capture (Invoice) and refund (Credit), oldest first.' }),
  })
  .meta({ description: 'An order as GET /manage/orders/{orderId} shows it.' });

const links = (description: string) => z.record(z.string(), z.unknown()).meta({ description });

/** 200 of GET /manage/orders/{orderId}. */
export const orderDocumentSchema = z
  .strictObject({
    data: orderDataSchema,
    links: links('{self: {href: "/manage/orders/{orderId}"}}'),
    metaData: z.strictObject({}).meta({ description: 'Empty for one order.' }),
  })
  .meta({ description: 'An order: {data, links, metaData}.' });

/** 200 of GET /manage/orders (and /manage/orders/): the latest orders. */
export const latestOrdersSchema = z
  .strictObject({
    data: z.array(orderDataSchema).meta({ description: "The merchant's latest orders, newest first." }),
    links: links('{self: {href: "/manage/orders/"}}'),
    metaData: z.strictObject({ count: z.number().int().min(0), limit: z.number().int().min(1) }),
  })
  .meta({ description: 'The latest orders (WooCommerce reads this for an empty order id).' });

/** 200 of GET /manage/orders/{orderId}/reauthorize/{reauthorizationId}. */
export const reauthorizationSchema = z
  .strictObject({
    data: z.strictObject({
      id: generated(z.guid(), 'The reauthorization id, the last segment of the 201 Location.'),
      status: z
        .enum(REAUTHORIZATION_STATUSES)
        .meta({ description: 'Pending while the credit check runs (a few seconds of sandbox time), then Completed or Failed.' }),
      reason: z.string().optional().meta({
        description: "The sandbox's: why a Failed check failed (declined by the credit limit, or the order moved on while it ran).",
      }),
    }),
  })
  .meta({ description: 'A reauthorization that needed a credit check.' });
