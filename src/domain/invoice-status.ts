/**
 * The legacy anti-fraud "invoice status" callback (docs/real-service.md, "Invoice status callback"): an on-hold purchase is
 * resolved later, and the merchant's configured URL gets a GET with InvoiceNo (= the
 * purchase's purchaseIdentifier, which WooCommerce matches), OrderNo (= the checkout's
 * reference, which OpenCart and the old Magento module match) and InvoiceStatus.
 */
import type { Order, PurchaseResult } from './model.js';

export const INVOICE_STATUS = { Pending: 0, Approved: 1, Rejected: 5 } as const;
export type InvoiceStatusName = keyof typeof INVOICE_STATUS;

/** 'Approved', 'rejected', 1 or "5" → the status name; null for anything else. */
export function invoiceStatusOf(value: unknown): Exclude<InvoiceStatusName, 'Pending'> | null {
  const text = String(value ?? '')
    .trim()
    .toLowerCase();
  if (text === 'approved' || text === '1') return 'Approved';
  if (text === 'rejected' || text === '5') return 'Rejected';
  return null;
}

/** The purchase's result once reviewed: approved → awaits activation like any Preliminary purchase; rejected → Rejected. */
export function purchaseResultOf(status: Exclude<InvoiceStatusName, 'Pending'>): PurchaseResult {
  return status === 'Approved' ? 'Preliminary' : 'Rejected';
}

/**
 * The order once the review ended, as it stood then: a rejection cancels it wherever a cancel
 * could (NotActivated, PartActivated, Expired); an approval leaves it as it is. Null when
 * nothing changes.
 */
export function reviewedOrder(order: Order, status: Exclude<InvoiceStatusName, 'Pending'>): Order | null {
  if (status === 'Approved') return null;
  return order.status === 'NotActivated' || order.status === 'PartActivated' || order.status === 'Expired'
    ? { ...order, status: 'Cancelled' }
    : null;
}

/** The merchant's URL with the three query parameters added (its own query kept). */
export function invoiceStatusUrl(base: string, call: { invoiceNo: string; orderNo: string | null; status: InvoiceStatusName }): string {
  const url = new URL(base);
  url.searchParams.set('InvoiceNo', call.invoiceNo);
  url.searchParams.set('OrderNo', call.orderNo ?? '');
  url.searchParams.set('InvoiceStatus', String(INVOICE_STATUS[call.status]));
  return url.toString();
}
