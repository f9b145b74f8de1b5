/**
 * How GET /manage/orders shows an order (docs/real-service.md, "Order answers"; the real docs' example):
 * `{data, links, metaData}`, amounts in major units as JSON numbers. Item rows use the names
 * M2 reads from this answer (articleNumber, description, quantity, price, vatRate).
 */
import type { Address, Invoice, Order, OrderItem } from '../domain/model.js';
import { toMajor } from '../domain/money.js';
import { productCodeOf } from '../domain/order.js';
import { orderLocation } from '../services/orders.js';
import { serviceInstant } from '../domain/instants.js';

function itemView(item: OrderItem): Record<string, unknown> {
  return {
    articleNumber: item.articleNumber ?? item.id,
    description: item.description,
    quantity: item.quantity,
    price: toMajor(item.unitPrice),
    vatRate: item.vat,
  };
}

function invoiceView(invoice: Invoice): Record<string, unknown> {
  return {
    invoiceNumber: invoice.invoiceNumber,
    type: invoice.type,
    amount: toMajor(invoice.amount),
    createdAt: invoice.createdAt,
    description: invoice.description,
    actionReference: invoice.actionReference,
    items: invoice.items.map(itemView),
  };
}

/** "490331***5": the real API masks personal identity numbers. */
function masked(value: string | null): string | null {
  if (!value) return null;
  const digits = value.replace(/\D/g, '');
  return digits.length >= 8 ? `${digits.slice(0, 6)}***${digits.slice(-1)}` : '***';
}

function fullName(address: Address): string | null {
  return [address.firstName, address.lastName].filter((part) => part).join(' ') || null;
}

/** A B2B order's company name: its customer, invoice and delivery addresses are the company's. */
function companyOf(order: Order): string | null {
  return order.salesSegment === 'B2B' ? (order.customer?.company?.companyName ?? null) : null;
}

function addressView(address: Address, order: Order): Record<string, unknown> {
  return {
    addressLine1: address.address,
    addressLine2: address.address2,
    city: address.city,
    coAddress: address.coAddress,
    receiverName: companyOf(order) ?? fullName(address),
    countryCode: address.countryCode ?? order.countryCode,
    email: order.customer?.email ?? null,
    mobilePhone: order.customer?.mobilePhoneNumber ?? null,
    // The documentation's example repeats the mobile number here (recordings/documented/orders.jsonl).
    phoneNumber: order.customer?.mobilePhoneNumber ?? null,
    postalCode: address.postalCode,
  };
}

function customerView(order: Order): Record<string, unknown> | null {
  const customer = order.customer;
  if (!customer) return null;
  const billing = customer.billingAddress;
  const business = order.salesSegment === 'B2B';
  // An organisation number is public (it is on every invoice); only personal numbers are masked.
  const organizationNumber = customer.company?.organizationNumber ?? customer.nationalIdentificationNumber;
  return {
    type: business ? 'Organization' : 'Person',
    name: companyOf(order) ?? fullName(billing),
    firstName: billing.firstName,
    lastName: billing.lastName,
    registrationNumber: business ? organizationNumber : masked(customer.nationalIdentificationNumber),
    countryCode: billing.countryCode ?? order.countryCode,
    coAddress: billing.coAddress,
    addressLine1: billing.address,
    addressLine2: billing.address2,
    city: billing.city,
    postalCode: billing.postalCode,
    email: customer.email,
    mobilePhoneNumber: customer.mobilePhoneNumber,
    // One phone number per customer: the documentation's example repeats the mobile number here.
    homePhoneNumber: customer.mobilePhoneNumber,
  };
}

/** Only an order with something left to capture has an expiry (the docs show null on Activated). */
function expiresAtOf(order: Order): string | null {
  return order.status === 'NotActivated' || order.status === 'PartActivated' || order.status === 'Expired'
    ? serviceInstant(order.expiresAt)
    : null;
}

function orderData(order: Order): Record<string, unknown> {
  return {
    id: order.orderId,
    reference: order.reference,
    paymentMethod: order.paymentMethod,
    totalAmount: toMajor(order.totalAmount),
    currency: order.currency,
    status: order.status,
    salesSegment: order.salesSegment,
    countryCode: order.countryCode,
    productCode: productCodeOf(order.paymentMethod),
    // The .NET form (7 fractional digits, +00:00), as the documentation's example and the checkout API show instants.
    placedAt: serviceInstant(order.placedAt),
    expiresAt: expiresAtOf(order),
    customer: customerView(order),
    deliveryAddress: order.customer ? addressView(order.customer.deliveryAddress, order) : null,
    invoiceAddress: order.customer ? addressView(order.customer.billingAddress, order) : null,
    items: order.items.map(itemView),
    invoices: order.invoices.map(invoiceView),
  };
}

/** The document as JSON, kept per stored order (orders are replaced whole, never edited in place). */
const documentCache = new WeakMap<Order, string>();

export function orderDocumentJson(order: Order): string {
  let json = documentCache.get(order);
  if (json === undefined) {
    json = JSON.stringify(orderDocument(order));
    documentCache.set(order, json);
  }
  return json;
}

function orderDocument(order: Order): Record<string, unknown> {
  return { data: orderData(order), links: { self: { href: orderLocation(order.orderId) } }, metaData: {} };
}

export function orderListDocument(orders: Order[], limit: number): Record<string, unknown> {
  return {
    data: orders.map(orderData),
    links: { self: { href: '/manage/orders/' } },
    metaData: { count: orders.length, limit },
  };
}
