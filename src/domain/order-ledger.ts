/**
 * The order's books: what has been captured and refunded, what is left, and which order
 * line a requested item means. Pure functions over an Order; money in minor units.
 *
 * Captures write `Invoice` entries and refunds `Credit` entries (model.ts), so the books are
 * always recomputed from the entries and can never disagree with what GET shows.
 */
import type { Invoice, Order, OrderItem } from './model.js';
import { isHeld, sumLines } from './money.js';
import { type OrderViolation, ruleViolation } from './order-violation.js';

/** An item as a client sends it to capture/refund/reauthorize, already bound leniently. */
export interface RequestedItem {
  id: string | null;
  description: string | null;
  unitPrice: number;
  quantity: number;
  vat: number | null;
  /** `purchase` (default), `fee` or `discount` (SDK/M2 send it; docs/real-service.md, "Order item shapes"). */
  type: string | null;
}

/**
 * The request's rows with each id in the shop's terms: a row that names a line by the article
 * number order administration shows for it (a shipping row's "Frakt", which Magento sends back)
 * means that line, whose shop id (WooCommerce's `shipping|…`) the books use. An id that is
 * some line's own id stays as it is.
 */
export function inShopIds<T extends { items: RequestedItem[] | null }>(order: Pick<Order, 'items'>, command: T): T {
  if (command.items === null) return command;
  const items = command.items.map((item) => {
    if (item.id === null || order.items.some((line) => line.id === item.id)) return item;
    const named = order.items.find((line) => line.articleNumber === item.id);
    return named ? { ...item, id: named.id } : item;
  });
  return { ...command, items };
}

/**
 * Rows of one request that contradict each other: the same article id and description with
 * another VAT (MATCHING_ARTICLES_WITH_DIFFERENT_VAT, as the reauthorize page names it) or another
 * unit price (ARTICLE_EXISTS_BUT_OTHER_INFORMATION: "two or more rows have identical article id
 * and description, but a different unit price or VAT", https://payments.collectorbank.se/docs/paymentsApi/integration/error-codes).
 * Rows that are the order's own lines as they stand never contradict each other: a client sends
 * the order's lines back (a reauthorization by amount may have left two adjustment lines of one
 * name). Null when they agree.
 */
export function contradictingRows(items: readonly RequestedItem[] | null, order: Pick<Order, 'items' | 'currency'>): OrderViolation | null {
  if (items === null) return null;
  const onOrder = (row: RequestedItem): boolean =>
    order.items.some(
      (line) =>
        line.id === row.id &&
        line.description === row.description &&
        line.unitPrice === row.unitPrice &&
        (row.vat === null || line.vat === row.vat),
    );
  const seen = new Map<string, RequestedItem[]>();
  for (const item of items) {
    if (item.id === null || item.description === null) continue;
    const key = JSON.stringify([item.id, item.description]);
    const earlier = seen.get(key) ?? [];
    seen.set(key, [...earlier, item]);
    const label = `Article ${item.id} "${item.description}"`;
    for (const first of earlier) {
      if (onOrder(first) && onOrder(item)) continue;
      if (first.vat !== null && item.vat !== null && first.vat !== item.vat) {
        return ruleViolation(
          'MATCHING_ARTICLES_WITH_DIFFERENT_VAT',
          `${label} is sent twice, with vat ${first.vat} and ${item.vat}. Send one row per article, or give the other a new id.`,
        );
      }
      if (first.unitPrice !== item.unitPrice) {
        return ruleViolation(
          'ARTICLE_EXISTS_BUT_OTHER_INFORMATION',
          `${label} is sent twice, at ${formatMoney(first.unitPrice, order.currency)} and ${formatMoney(item.unitPrice, order.currency)}. Send one row per article, or give the other a new id.`,
        );
      }
    }
  }
  return null;
}

export function formatMoney(minor: number, currency: string): string {
  if (Number.isNaN(minor)) return `no amount ${currency}`;
  // An amount beyond what minor units hold (bound as ±Infinity, or a sum past 2^53) is named by that limit.
  if (!isHeld(minor)) return `${minor < 0 ? 'below -' : 'above '}${formatMoney(Number.MAX_SAFE_INTEGER, currency)}`;
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')} ${currency}`;
}

function sumOf(order: Order, type: Invoice['type']): number {
  return order.invoices.filter((i) => i.type === type).reduce((sum, i) => sum + i.amount, 0);
}

export function capturedAmount(order: Order): number {
  return sumOf(order, 'Invoice');
}

export function refundedAmount(order: Order): number {
  return sumOf(order, 'Credit');
}

export function remainingToCapture(order: Order): number {
  return order.totalAmount - capturedAmount(order);
}

export function refundableAmount(order: Order): number {
  return capturedAmount(order) - refundedAmount(order);
}

/** The same article: the id, description and unit price an order line is known by. */
export function sameArticle(
  a: Pick<OrderItem, 'id' | 'description' | 'unitPrice'>,
  b: Pick<OrderItem, 'id' | 'description' | 'unitPrice'>,
): boolean {
  return a.id === b.id && a.description === b.description && a.unitPrice === b.unitPrice;
}

function quantityIn(entries: Invoice[], line: OrderItem): number {
  let quantity = 0;
  for (const entry of entries) for (const item of entry.items) if (sameArticle(item, line)) quantity += item.quantity;
  return quantity;
}

/**
 * A capture by amount alone cannot be attributed to lines; once there is one, per-line
 * limits fall back to the whole line (the amount limits still hold to the cent).
 */
export function hasUnattributedCapture(order: Order): boolean {
  return order.invoices.some((i) => i.type === 'Invoice' && i.items.length === 0);
}

export function uncapturedQuantity(order: Order, line: OrderItem): number {
  return (
    line.quantity -
    quantityIn(
      order.invoices.filter((i) => i.type === 'Invoice'),
      line,
    )
  );
}

/** Units of the line's article named by refund rows (a refund by amount alone names none). */
export function refundedQuantity(order: Order, line: OrderItem): number {
  return quantityIn(
    order.invoices.filter((i) => i.type === 'Credit'),
    line,
  );
}

export function refundableQuantity(order: Order, line: OrderItem): number {
  const captured = hasUnattributedCapture(order)
    ? line.quantity
    : quantityIn(
        order.invoices.filter((i) => i.type === 'Invoice'),
        line,
      );
  return (
    captured -
    quantityIn(
      order.invoices.filter((i) => i.type === 'Credit'),
      line,
    )
  );
}

/** The lines still to capture, with the quantities left; empty lines dropped. */
export function uncapturedLines(order: Order): OrderItem[] {
  return order.items.map((line) => ({ ...line, quantity: uncapturedQuantity(order, line) })).filter((line) => line.quantity > 0);
}

export function refundableLines(order: Order): OrderItem[] {
  return order.items.map((line) => ({ ...line, quantity: refundableQuantity(order, line) })).filter((line) => line.quantity > 0);
}

function sameText(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/**
 * The order line a requested item means. Like the real API this is a best match: unitPrice
 * (and id, when sent) must match exactly; description and vat only narrow the choice when
 * several lines share id and price, so a description WC truncated differently still matches.
 */
export function matchArticle(order: Order, requested: RequestedItem): OrderItem {
  let candidates = order.items.filter((line) => line.unitPrice === requested.unitPrice);
  if (requested.id !== null) candidates = candidates.filter((line) => line.id === requested.id);
  else if (requested.description !== null)
    candidates = candidates.filter((line) => sameText(line.description, requested.description ?? ''));
  if (candidates.length > 1 && requested.description !== null) {
    const byDescription = candidates.filter((line) => sameText(line.description, requested.description ?? ''));
    if (byDescription.length > 0) candidates = byDescription;
  }
  if (candidates.length > 1 && requested.vat !== null) {
    const byVat = candidates.filter((line) => line.vat === requested.vat);
    if (byVat.length > 0) candidates = byVat;
  }
  const [only, ...others] = candidates;
  if (only && others.length === 0) return only;
  const label = describeRequested(requested, order.currency);
  if (!only) {
    const known = order.items
      .map((line) => `${line.id} "${line.description}" at ${formatMoney(line.unitPrice, order.currency)}`)
      .join('; ');
    throw ruleViolation(
      'ARTICLE_NOT_FOUND_ON_ORDER',
      `No article on order ${order.orderId} matches ${label}. Send the id and unitPrice exactly as on the order (GET /manage/orders/${order.orderId} lists them): ${known}.`,
    );
  }
  throw ruleViolation(
    'ARTICLE_NOT_UNIQUE_ON_ORDER',
    `${candidates.length} articles on order ${order.orderId} match ${label}. Send the description and vat as well to tell them apart.`,
  );
}

function describeRequested(item: RequestedItem, currency: string): string {
  const parts = [item.id === null ? null : `id ${item.id}`, item.description === null ? null : `"${item.description}"`];
  return `${parts.filter((p) => p !== null).join(' ') || 'the item'} at ${formatMoney(item.unitPrice, currency)}`;
}

export interface MatchedLine {
  line: OrderItem;
  quantity: number;
}

/** Matches every purchase item and adds up quantities per order line (a line may be sent twice). */
export function matchLines(order: Order, items: readonly RequestedItem[]): MatchedLine[] {
  const matched: MatchedLine[] = [];
  for (const item of items) {
    const line = matchArticle(order, item);
    const existing = matched.find((m) => m.line === line);
    if (existing) existing.quantity += item.quantity;
    else matched.push({ line, quantity: item.quantity });
  }
  return matched;
}

export function linesOf(matched: readonly MatchedLine[]): OrderItem[] {
  return matched.map(({ line, quantity }) => ({ ...line, quantity }));
}

export function totalOf(items: readonly { unitPrice: number; quantity: number }[]): number {
  return sumLines(items);
}
