/**
 * The invariants of an order's books, as docs/orders.md states them: nothing is captured
 * beyond the total nor refunded beyond what was captured, no article is captured or refunded
 * beyond its units, every invoice row names an article of the order (a credit's row may also
 * be a return fee or discount), every entry's rows add up to its amount, the lines add up to
 * the total, and the status says what the amounts say (an order of nothing, total 0, may have
 * any status, and no entry). Pure: a list of what is broken.
 */
import type { Invoice, Order, OrderItem } from './model.js';
import { isHeld, sumLines } from './money.js';
import { capturedAmount, hasUnattributedCapture, refundedAmount, sameArticle } from './order-ledger.js';

export interface BookIssue {
  /** Which invariant, and of what (an article, an entry): the same broken invariant has the same key before and after a change. */
  key: string;
  /** What is wrong, with the amounts. */
  detail: string;
}

/** An article: the lines that share id, description and price, with their units added up. */
interface Article {
  line: OrderItem;
  quantity: number;
}

function articlesOf(order: Order): Article[] {
  const articles: Article[] = [];
  for (const line of order.items) {
    const known = articles.find((a) => sameArticle(a.line, line));
    if (known) known.quantity += line.quantity;
    else articles.push({ line, quantity: line.quantity });
  }
  return articles;
}

function unitsIn(entries: readonly Invoice[], article: OrderItem): number {
  let units = 0;
  for (const entry of entries) for (const row of entry.items) if (sameArticle(row, article)) units += row.quantity;
  return units;
}

export function bookIssues(order: Order): BookIssue[] {
  const issues: BookIssue[] = [];
  const issue = (key: string, detail: string): void => void issues.push({ key, detail });
  const total = order.totalAmount;
  const captured = capturedAmount(order);
  const refunded = refundedAmount(order);

  const amounts = [total, ...order.invoices.map((i) => i.amount), ...order.items.flatMap((l) => [l.unitPrice, l.quantity])];
  if (!amounts.every(isHeld)) issue('held', 'an amount, price or quantity is not a whole number of minor units below 2^53');
  if (sumLines(order.items) !== total) issue('lines', `the lines add up to ${sumLines(order.items)}, the total is ${total}`);
  if (captured > total) issue('captured', `captured ${captured} > total ${total}`);
  if (refunded > captured) issue('refunded', `refunded ${refunded} > captured ${captured}`);

  const invoices = order.invoices.filter((i) => i.type === 'Invoice');
  const credits = order.invoices.filter((i) => i.type === 'Credit');
  for (const entry of order.invoices) {
    if (entry.amount <= 0) issue(`entry-amount:${entry.invoiceNumber}`, `${entry.type} ${entry.invoiceNumber} is of ${entry.amount}`);
    if (entry.items.length > 0 && sumLines(entry.items) !== entry.amount) {
      issue(
        `entry-rows:${entry.invoiceNumber}`,
        `${entry.type} ${entry.invoiceNumber}'s rows add up to ${sumLines(entry.items)}, its amount is ${entry.amount}`,
      );
    }
    // A credit's row that is no article is a return fee or discount (refund by items).
    if (entry.type !== 'Invoice') continue;
    for (const row of entry.items) {
      if (!order.items.some((line) => sameArticle(line, row)))
        issue(
          `row:${row.id}:${row.unitPrice}`,
          `invoice ${entry.invoiceNumber} names ${row.id} "${row.description}", which the order does not have`,
        );
    }
  }
  const unattributed = hasUnattributedCapture(order);
  for (const { line, quantity } of articlesOf(order)) {
    const invoiced = unitsIn(invoices, line);
    const credited = unitsIn(credits, line);
    const name = `${line.id}:${line.unitPrice}`;
    if (invoiced > quantity) issue(`article-captured:${name}`, `${line.id}: ${invoiced} captured of ${quantity}`);
    // After a capture by amount alone the units captured are not known: a refund may take up to the line's units.
    const refundable = unattributed ? quantity : invoiced;
    if (credited > refundable) issue(`article-refunded:${name}`, `${line.id}: ${credited} refunded, ${refundable} refundable`);
  }

  const status = statusIssue(order.status, total, captured, refunded);
  if (status) issue('status', `status ${order.status} with total ${total}, captured ${captured}, refunded ${refunded}: ${status}`);
  return issues;
}

/** Why the status does not fit the amounts, or null when it does. */
function statusIssue(status: Order['status'], total: number, captured: number, refunded: number): string | null {
  const allRefunded = captured > 0 && refunded === captured;
  // An order of nothing (a free trial, a fully discounted cart) has nothing to capture: it is
  // paid as it stands, or waits, or was cancelled, and never has an entry.
  if (total === 0) return captured === 0 ? null : 'an order of nothing has nothing to capture';
  switch (status) {
    case 'NotActivated':
      return captured === 0 && refunded === 0 ? null : 'nothing may be captured yet';
    case 'PartActivated':
      return captured > 0 && captured < total ? null : 'part of the total must be captured';
    case 'Activated':
      return captured > 0 && captured === total && !allRefunded ? null : 'the whole total must be captured, and not all of it refunded';
    case 'Returned':
      return allRefunded ? null : 'everything captured must be refunded';
    case 'Cancelled':
    case 'Expired':
      return captured < total ? null : 'something must be left uncaptured';
  }
}

/** The issues of `after` that `before` did not have: what a change broke (a state saved by an older version keeps its own). */
export function brokenBy(before: Order | undefined, after: Order): BookIssue[] {
  const known = new Set(before ? bookIssues(before).map((i) => i.key) : []);
  return bookIssues(after).filter((i) => !known.has(i.key));
}
