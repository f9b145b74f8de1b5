/**
 * The legacy anti-fraud "invoice status" callback (docs/service-facts.md, "Invoice status callback"): an on-hold purchase is
 * resolved later, and the merchant's configured URL gets a GET with InvoiceNo (= the
 * purchase's purchaseIdentifier, which WooCommerce matches), OrderNo (= the checkout's
 * reference, which OpenCart and the old Magento module match) and InvoiceStatus.
 */
import type { OrderStatus, PurchaseResult } from './model.js';

export const INVOICE_STATUS = { Pending: 0, Approved: 1, Rejected: 5 } as const;
export type InvoiceStatusName = keyof typeof INVOICE_STATUS;
export type InvoiceStatusCode = (typeof INVOICE_STATUS)[InvoiceStatusName];

/** 'Approved', 'rejected', 1 or "5" → the status name; null for anything else. */
export function invoiceStatusOf(value: unknown): Exclude<InvoiceStatusName, 'Pending'> | null {
  const text = String(value ?? '').trim().toLowerCase();
  if (text === 'approved' || text === '1') return 'Approved';
  if (text === 'rejected' || text === '5') return 'Rejected';
  return null;
}

/** What the resolution does: approved → awaits activation like any Preliminary purchase; rejected → cancelled. */
export function resolutionOf(status: Exclude<InvoiceStatusName, 'Pending'>): { purchaseResult: PurchaseResult; orderStatus: OrderStatus } {
  return status === 'Approved' ? { purchaseResult: 'Preliminary', orderStatus: 'NotActivated' } : { purchaseResult: 'Rejected', orderStatus: 'Cancelled' };
}

/** The merchant's URL with the three query parameters added (its own query kept). */
export function invoiceStatusUrl(base: string, call: { invoiceNo: string; orderNo: string | null; status: InvoiceStatusName }): string {
  const url = new URL(base);
  url.searchParams.set('InvoiceNo', call.invoiceNo);
  url.searchParams.set('OrderNo', call.orderNo ?? '');
  url.searchParams.set('InvoiceStatus', String(INVOICE_STATUS[call.status]));
  return url.toString();
}
