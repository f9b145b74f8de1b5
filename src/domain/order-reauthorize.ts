/**
 * Reauthorize: change what is not yet captured (new items and/or a new total).
 *
 * The rule for the two success answers (the real API documents 202, and 201 "when a new
 * credit check is needed"): a reauthorization that does NOT raise the order's total is
 * applied at once (202); one that raises it needs a credit check (201 + Location). The
 * check settles on the sandbox clock CREDIT_CHECK_SECONDS after the call: Completed when
 * the new total is at most twice the current one (the sandbox's credit limit), else Failed.
 * A Completed check applies the new items and total; a Failed one changes nothing.
 */
import { instant } from '../clock.js';
import type { Order, OrderItem } from './model.js';
import { type AmountCommand, assertAllowed, assertRowsAgree } from './order-admin.js';
import { isHeld, lineTotal } from './money.js';
import { capturedAmount, formatMoney, inShopIds, refundedAmount, refundedQuantity, totalOf, uncapturedQuantity } from './order-ledger.js';
import { OrderViolation, ruleViolation } from './order-violation.js';

/** Long enough that a poller (WC polls 5 × 1 s) sees Pending first, short enough to settle within its polls. */
const CREDIT_CHECK_SECONDS = 3;

/** Prepaid options cannot be increased after the purchase (real API docs: reauthorize). */
const PREPAID_PAYMENT_METHODS = new Set(['card', 'banktransfer', 'bank', 'swish', 'trustly']);

export const REAUTHORIZATION_STATUSES = ['Pending', 'Completed', 'Failed'] as const;
type ReauthorizationStatus = (typeof REAUTHORIZATION_STATUSES)[number];

export interface Reauthorization {
  id: string;
  orderId: string;
  merchantId: string;
  status: ReauthorizationStatus;
  /** Decided when the check starts, revealed when it settles. */
  outcome: 'Completed' | 'Failed';
  createdAt: string;
  settlesAt: string;
  /** Why a Failed check failed (its GET shows it); null otherwise, absent in states saved before it was kept. */
  reason?: string | null;
  amount: number;
  items: OrderItem[];
  description: string | null;
  actionReference: string | null;
}

export type ReauthorizePlan =
  { kind: 'applied'; order: Order } | { kind: 'creditCheck'; outcome: 'Completed' | 'Failed'; amount: number; items: OrderItem[] };

function isPrepaid(paymentMethod: string): boolean {
  return PREPAID_PAYMENT_METHODS.has(paymentMethod.toLowerCase().replace(/\s+/g, ''));
}

function requestedLines(order: Order, command: AmountCommand): OrderItem[] {
  if (command.items === null) {
    if (command.amount === order.totalAmount) return order.items;
    // By amount only: the real API then shows no rows for the change; one adjustment line keeps Σ lines = total.
    const adjustment: OrderItem = {
      id: adjustmentId(order),
      description: command.description ?? 'Reauthorization adjustment',
      unitPrice: command.amount - order.totalAmount,
      quantity: 1,
      vat: order.items[0]?.vat ?? 0,
    };
    return oneLinePerArticle([...order.items, adjustment]);
  }
  return oneLinePerArticle(
    command.items.map((item) => {
      const id = item.id ?? item.description ?? 'article';
      const known = order.items.find((line) => line.id === id);
      return {
        id,
        description: item.description ?? known?.description ?? id,
        unitPrice: item.unitPrice,
        quantity: item.quantity,
        vat: item.vat ?? known?.vat ?? 0,
        // A row the service names itself (shipping) keeps that name through a reauthorization.
        ...(known?.articleNumber !== undefined ? { articleNumber: known.articleNumber } : {}),
      };
    }),
  );
}

const ADJUSTMENT_ID = 'reauthorization-adjustment';

/**
 * The id of a new adjustment line: one no line or invoice row of the order has, so that each
 * adjustment is an article of its own (reauthorization-adjustment, then -2, -3 …). Two of one
 * id would share their name and differ in VAT or price (each takes the first line's VAT), and
 * the sandbox would then refuse the rows it made itself: sent back together (rows of one article
 * that contradict each other), or captured one after the other (invoice rows name an article by
 * id, description and price, not VAT).
 */
function adjustmentId(order: Order): string {
  const taken = new Set([...order.items, ...order.invoices.flatMap((entry) => entry.items)].map((line) => line.id));
  let n = 1;
  while (taken.has(n === 1 ? ADJUSTMENT_ID : `${ADJUSTMENT_ID}-${n}`)) n += 1;
  return n === 1 ? ADJUSTMENT_ID : `${ADJUSTMENT_ID}-${n}`;
}

/**
 * Rows of the same article (id, description, price and VAT) as one line with their units
 * added up: two equal lines could never be told apart by a capture or refund by items, and
 * invoice rows name an article by those fields.
 */
function oneLinePerArticle(lines: readonly OrderItem[]): OrderItem[] {
  const merged = new Map<string, OrderItem>();
  for (const line of lines) {
    const key = JSON.stringify([line.id, line.description, line.unitPrice, line.vat]);
    const earlier = merged.get(key);
    merged.set(key, earlier ? { ...earlier, quantity: earlier.quantity + line.quantity } : line);
  }
  return [...merged.values()];
}

/**
 * What was invoiced stays on the order: "already captured items won't be affected by the
 * reauthorize call" (https://dev.walleypay.com/docs/manage/orders/reauthorize/). So every
 * captured article must be sent again as it was captured (its VAT and price), in at least the
 * units captured, and the new total must cover what was captured. Leaving a captured article
 * out, or sending fewer units than were captured, is refused as an existing article sent with
 * other information: the documentation says what may not change, not what the service makes of
 * such a call, and guessing would leave invoice rows without their article. Units refunded by
 * items count as captured (a refund can only give back what was captured, even where a capture
 * by amount alone did not say which units it took: the amount paid for them, and giving them
 * back proved they were delivered; the refusal then says they count as captured because they
 * were refunded). The refusal, or null when the lines keep everything invoiced.
 */
function invoicedKept(order: Order, lines: readonly OrderItem[], amount: number): OrderViolation | null {
  for (const line of order.items) {
    const invoiced = line.quantity - uncapturedQuantity(order, line);
    const refunded = refundedQuantity(order, line);
    const captured = Math.max(invoiced, refunded);
    if (captured <= 0) continue;
    // Units a refund named beyond those a capture named: a capture by amount alone took them.
    const how =
      refunded > invoiced
        ? `captured: ${refunded} refunded by items after a capture by amount alone (a refund gives back only what was captured)`
        : `captured (${captured} of ${line.quantity})`;
    const named = lines.filter((l) => l.id === line.id && l.description === line.description);
    const same = named.filter((l) => l.unitPrice === line.unitPrice && l.vat === line.vat);
    const label = `Article ${line.id} "${line.description}"`;
    if (same.length === 0) {
      const other = named[0];
      if (other && other.vat !== line.vat) {
        return ruleViolation(
          'MATCHING_ARTICLES_WITH_DIFFERENT_VAT',
          `${label} is already captured with vat ${line.vat}; it was sent with vat ${other.vat}. Send captured articles unchanged.`,
        );
      }
      if (other) {
        return ruleViolation(
          'ARTICLE_EXISTS_BUT_OTHER_INFORMATION',
          `${label} is already captured at ${formatMoney(line.unitPrice, order.currency)}; it was sent at ${formatMoney(other.unitPrice, order.currency)}. ` +
            `Send captured articles unchanged, or use a new id for a changed article.`,
        );
      }
      return ruleViolation(
        'ARTICLE_EXISTS_BUT_OTHER_INFORMATION',
        `${label} is already ${how} and was left out. A reauthorization changes only what is not captured: ` +
          `send the captured article again unchanged, with at least ${captured}, and refund it instead to give the money back.`,
      );
    }
    const sent = same.reduce((units, l) => units + l.quantity, 0);
    if (sent < captured) {
      return ruleViolation(
        'ARTICLE_EXISTS_BUT_OTHER_INFORMATION',
        `${label} is already ${how}, but the reauthorization sends ${sent}. A reauthorization changes only what is not captured: ` +
          `send at least ${captured}, and refund the rest instead to give the money back.`,
      );
    }
  }
  const captured = capturedAmount(order);
  if (amount < captured) {
    return ruleViolation(
      'REAUTHORIZE_AMOUNT_BELOW_CAPTURED_AMOUNT',
      `amount ${formatMoney(amount, order.currency)} is below what is already captured, ${formatMoney(captured, order.currency)}. ` +
        `Captured articles cannot be reauthorized away; refund them instead.`,
    );
  }
  return null;
}

export function planReauthorize(order: Order, sent: AmountCommand, inProgress: Reauthorization | null): ReauthorizePlan {
  assertAllowed(order, 'reauthorize');
  const command = inShopIds(order, sent);
  if (inProgress) {
    throw new OrderViolation(
      'conflict',
      'REAUTHORIZATION_IN_PROGRESS',
      `A reauthorization of order ${order.orderId} is still waiting for its credit check (until ${inProgress.settlesAt}, sandbox time). ` +
        `Poll GET /manage/orders/${order.orderId}/reauthorize/${inProgress.id} and retry when it is Completed or Failed.`,
    );
  }
  assertRowsAgree(command, order);
  const lines = requestedLines(order, command);
  const sum = totalOf(lines);
  if (command.items !== null && sum !== command.amount) {
    throw ruleViolation(
      'REAUTHORIZE_AMOUNT_MUST_MATCH_SUM_OF_ARTICLES',
      `amount ${formatMoney(command.amount, order.currency)} does not match the sum of the items, ${formatMoney(sum, order.currency)}. ` +
        `The amount is the order's new total: send Σ unitPrice × quantity of all items.`,
    );
  }
  if (!isHeld(command.amount) || !isHeld(sum) || lines.some((line) => !isHeld(lineTotal(line)))) {
    throw ruleViolation(
      'REAUTHORIZE_ORDER_INCREASE_ABOVE_CURRENT_TOTAL_AMOUNT_IS_NOT_ALLOWED',
      `amount ${formatMoney(command.amount, order.currency)} (items ${formatMoney(sum, order.currency)}) is more than an order can be authorized for: ` +
        `its total ${formatMoney(order.totalAmount, order.currency)} cannot be increased to it. Send the order's new total in the order's currency, e.g. 285.00.`,
    );
  }
  const broken = invoicedKept(order, lines, command.amount);
  if (broken) throw broken;
  const captured = capturedAmount(order);
  if (command.amount <= order.totalAmount) {
    // Reducing to exactly what is captured leaves nothing to capture: the order is then activated,
    // or returned when all of it was refunded already.
    const status =
      order.status === 'PartActivated' && command.amount === captured
        ? refundedAmount(order) === captured
          ? 'Returned'
          : 'Activated'
        : order.status;
    return { kind: 'applied', order: { ...order, items: lines, totalAmount: command.amount, status } };
  }
  if (isPrepaid(order.paymentMethod)) {
    throw ruleViolation(
      'REAUTHORIZE_ORDER_INCREASE_ABOVE_CURRENT_TOTAL_AMOUNT_IS_NOT_ALLOWED',
      `Order ${order.orderId} was paid with ${order.paymentMethod}, a prepaid option: its total ${formatMoney(order.totalAmount, order.currency)} cannot be increased. ` +
        `Keep the amount at or below the current total, or place a new order for the extra articles.`,
    );
  }
  const outcome = command.amount <= 2 * order.totalAmount ? 'Completed' : 'Failed';
  return { kind: 'creditCheck', outcome, amount: command.amount, items: lines };
}

export function newReauthorization(
  order: Order,
  plan: Extract<ReauthorizePlan, { kind: 'creditCheck' }>,
  command: AmountCommand,
  id: string,
  nowMs: number,
): Reauthorization {
  return {
    id,
    orderId: order.orderId,
    merchantId: order.merchantId,
    status: 'Pending',
    outcome: plan.outcome,
    createdAt: instant(nowMs).toISOString(),
    settlesAt: instant(nowMs + CREDIT_CHECK_SECONDS * 1000).toISOString(),
    reason: null,
    amount: plan.amount,
    items: plan.items,
    description: command.description,
    actionReference: command.actionReference,
  };
}

export interface Settlement {
  reauthorization: Reauthorization;
  /** The order with the new items and total, when a Completed check was applied. */
  order: Order | null;
}

/**
 * Settles a credit check against the order as it stands at its settlesAt. If the order moved on
 * meanwhile (cancelled, expired, captured beyond the new amount, captured or refunded articles
 * the new lines leave out or send fewer of), the check fails with the reason, and the order
 * stays as it was: there is nothing it could still apply to.
 */
export function settle(reauthorization: Reauthorization, order: Order): Settlement {
  const reason = whyNot(reauthorization, order);
  if (reason === null) {
    return {
      reauthorization: { ...reauthorization, status: 'Completed', reason: null },
      order: { ...order, items: reauthorization.items, totalAmount: reauthorization.amount },
    };
  }
  return { reauthorization: { ...reauthorization, status: 'Failed', reason }, order: null };
}

/** Why a check cannot complete against the order as it stands, or null when it completes. */
function whyNot(reauthorization: Reauthorization, order: Order): string | null {
  if (reauthorization.outcome === 'Failed') {
    return (
      `The credit check declined the new total ${formatMoney(reauthorization.amount, order.currency)}: ` +
      `it is more than twice the order's total ${formatMoney(order.totalAmount, order.currency)}, the sandbox's credit limit.`
    );
  }
  if (order.status !== 'NotActivated' && order.status !== 'PartActivated') {
    return `Order ${order.orderId} became ${order.status} while the credit check ran: there is nothing left to reauthorize.`;
  }
  const broken = invoicedKept(order, reauthorization.items, reauthorization.amount);
  return broken ? `The order moved on while the credit check ran (${broken.code}): ${broken.message}` : null;
}

/** settle, once the check is due at `nowMs`; null while it is not (or no longer Pending). */
export function settleIfDue(reauthorization: Reauthorization, order: Order, nowMs: number): Settlement | null {
  if (reauthorization.status !== 'Pending' || Date.parse(reauthorization.settlesAt) > nowMs) return null;
  return settle(reauthorization, order);
}
