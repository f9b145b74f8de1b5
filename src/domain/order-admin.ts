/**
 * The rules of order administration: capture, refund, cancel, extend and expiry.
 * Pure: each order action validates everything first and only then returns the changed order
 * (a copy), so a refused call never leaves half a change behind.
 *
 *   NotActivated ──capture part──▶ PartActivated ──capture rest──▶ Activated ──refund all──▶ Returned
 *   NotActivated/PartActivated/Expired ──cancel──▶ Cancelled
 *   NotActivated/PartActivated ──expiresAt passes──▶ Expired
 */
import { instant } from '../clock.js';
import type { Invoice, Order, OrderItem, OrderStatus } from './model.js';
import { isHeld } from './money.js';
import {
  contradictingRows,
  inShopIds,
  type RequestedItem,
  capturedAmount,
  formatMoney,
  linesOf,
  matchArticle,
  matchLines,
  refundableAmount,
  refundableLines,
  refundableQuantity,
  refundedAmount,
  remainingToCapture,
  totalOf,
  uncapturedLines,
  uncapturedQuantity,
} from './order-ledger.js';
import { type OrderCode, OrderViolation, ruleViolation } from './order-violation.js';

/** capture, refund and reauthorize bodies: an amount, optionally the items it consists of. */
export interface AmountCommand {
  /** Minor units, > 0 (binding refuses anything else); Infinity for an amount beyond what minor units hold, which every order action refuses as more than it allows. */
  amount: number;
  description: string | null;
  actionReference: string | null;
  /** null: by amount only. */
  items: RequestedItem[] | null;
}

/** What an order action needs from outside: the sandbox clock's instant and new invoice numbers. */
export interface ActionContext {
  nowMs: number;
  newInvoiceNumber(): string;
}

export type OrderAction = 'capture' | 'refund' | 'cancel' | 'extend' | 'reauthorize';

type StatusRefusal = [OrderCode, (order: Order) => string];

const captured: StatusRefusal = [
  'ORDER_ALREADY_CAPTURED',
  (o) =>
    `Order ${o.orderId} is fully captured (status ${o.status}); nothing is left to change. Use POST /manage/orders/${o.orderId}/refund to give money back.`,
];
const cancelled: StatusRefusal = [
  'ORDER_CANCELLED',
  (o) => `Order ${o.orderId} is cancelled; it can no longer be changed. Place a new order (POST /checkouts) instead.`,
];
const expired: StatusRefusal = [
  'ORDER_EXPIRED',
  (o) =>
    `Order ${o.orderId} expired at ${o.expiresAt} (sandbox time); an expired order can only be cancelled. ` +
    `Extend orders before they expire (POST /manage/orders/${o.orderId}/extend), or move the sandbox clock with PUT /__admin/clock.`,
];

/** Which statuses refuse which order action, with which code. Anything not listed is allowed. */
const REFUSALS: Record<OrderAction, Partial<Record<OrderStatus, StatusRefusal>>> = {
  capture: {
    Activated: [
      'CAPTURE_ORDER_ALREADY_CAPTURED',
      (o) => `Order ${o.orderId} is already fully captured (status Activated); nothing is left to capture.`,
    ],
    Returned: [
      'CAPTURE_ORDER_ALREADY_CAPTURED',
      (o) => `Order ${o.orderId} was captured and fully refunded (status Returned); nothing is left to capture.`,
    ],
    Cancelled: cancelled,
    Expired: expired,
  },
  cancel: {
    Activated: captured,
    Returned: captured,
    Cancelled: ['ORDER_ALREADY_CANCELLED', (o) => `Order ${o.orderId} is already cancelled; there is nothing left to cancel.`],
  },
  extend: { Activated: captured, Returned: captured, Cancelled: cancelled, Expired: expired },
  reauthorize: { Activated: captured, Returned: captured, Cancelled: cancelled, Expired: expired },
  refund: {
    NotActivated: [
      'ORDER_NOT_CAPTURED',
      (o) =>
        `Nothing has been captured on order ${o.orderId} (status NotActivated), so there is nothing to refund. Capture it first, or cancel it.`,
    ],
    Returned: [
      'ORDER_ALREADY_REFUNDED',
      (o) => `Order ${o.orderId} is already fully refunded (status Returned); nothing is left to refund.`,
    ],
  },
};

export function assertAllowed(order: Order, action: OrderAction): void {
  if (action === 'refund' && (order.status === 'Cancelled' || order.status === 'Expired')) {
    // A cancelled or expired order keeps what was captured before, and that money stays refundable.
    if (capturedAmount(order) > 0) return;
    const [code, message] = order.status === 'Cancelled' ? cancelled : expired;
    throw ruleViolation(code, message(order));
  }
  const refusal = REFUSALS[action][order.status];
  if (refusal) throw ruleViolation(refusal[0], refusal[1](order));
}

function iso(ms: number): string {
  return instant(ms).toISOString();
}

function entry(type: Invoice['type'], amount: number, items: OrderItem[], command: AmountCommand, ctx: ActionContext): Invoice {
  return {
    invoiceNumber: ctx.newInvoiceNumber(),
    type,
    amount,
    items,
    createdAt: iso(ctx.nowMs),
    actionReference: command.actionReference,
    description: command.description ?? (type === 'Invoice' ? 'Capture' : 'Refund'),
  };
}

function captureExceeds(order: Order, command: AmountCommand, remaining: number): OrderViolation {
  return ruleViolation(
    'CAPTURE_AMOUNT_EXCEEDS_REMAINING',
    `amount ${formatMoney(command.amount, order.currency)} exceeds what is left to capture on order ${order.orderId}, ${formatMoney(remaining, order.currency)}. ` +
      `Send at most the remaining amount (GET the order: totalAmount minus its invoices).`,
  );
}

/** The request's own rows agree with each other (src/domain/order-ledger.ts, contradictingRows). */
export function assertRowsAgree(command: Pick<AmountCommand, 'items'>, order: Pick<Order, 'items' | 'currency'>): void {
  const contradiction = contradictingRows(command.items, order);
  if (contradiction) throw contradiction;
}

/** Full capture (amount = what is left), part capture by amount, or part capture by items. */
export function capture(order: Order, sent: AmountCommand, ctx: ActionContext): Order {
  assertAllowed(order, 'capture');
  const command = inShopIds(order, sent);
  assertRowsAgree(command, order);
  const remaining = remainingToCapture(order);
  // An amount beyond what minor units hold is more than is left, whatever the items say.
  if (!isHeld(command.amount)) throw captureExceeds(order, command, remaining);
  let items: OrderItem[];
  if (command.items !== null) {
    const matched = matchLines(order, command.items);
    for (const { line, quantity } of matched) {
      const left = uncapturedQuantity(order, line);
      if (quantity > left) {
        throw ruleViolation(
          'CAPTURE_QUANTITY_EXCEEDS_REMAINING',
          `Article ${line.id} "${line.description}": ${quantity} requested but only ${left} of ${line.quantity} are left to capture on order ${order.orderId}.`,
        );
      }
    }
    items = linesOf(matched);
    const sum = totalOf(items);
    if (sum !== command.amount) {
      throw ruleViolation(
        'CAPTURE_AMOUNT_MUST_MATCH_SUM_OF_ARTICLES',
        `amount ${formatMoney(command.amount, order.currency)} does not match the sum of the items, ${formatMoney(sum, order.currency)} (Σ unitPrice × quantity). Send the items' sum as amount.`,
      );
    }
  } else {
    const rest = uncapturedLines(order);
    // A full capture by amount invoices the remaining lines; a part capture by amount has none.
    items = command.amount === remaining && totalOf(rest) === remaining ? rest : [];
  }
  if (command.amount > remaining) throw captureExceeds(order, command, remaining);
  const invoices = [...order.invoices, entry('Invoice', command.amount, items, command, ctx)];
  const status: OrderStatus = command.amount === remaining ? 'Activated' : 'PartActivated';
  return { ...order, invoices, status };
}

function isAdjustment(order: Order, item: RequestedItem): boolean {
  const type = item.type?.toLowerCase();
  if (type !== 'fee' && type !== 'discount') return false;
  // A fee row that IS an order line (e.g. shipping sent as type fee) is refunded as that line.
  try {
    matchArticle(order, item);
    return false;
  } catch (error) {
    if (error instanceof OrderViolation) return true;
    throw error;
  }
}

function adjustmentLine(item: RequestedItem): OrderItem {
  const name = item.type ?? 'fee';
  return {
    id: item.id ?? name,
    description: item.description ?? name,
    unitPrice: item.unitPrice,
    quantity: item.quantity,
    vat: item.vat ?? 0,
  };
}

function refundExceeds(order: Order, command: AmountCommand, refundable: number): OrderViolation {
  return ruleViolation(
    'REFUND_AMOUNT_EXCEEDS_CAPTURED',
    `amount ${formatMoney(command.amount, order.currency)} exceeds what can be refunded on order ${order.orderId}: ` +
      `${formatMoney(capturedAmount(order), order.currency)} captured, ${formatMoney(refundedAmount(order), order.currency)} already refunded, ` +
      `${formatMoney(refundable, order.currency)} left. Refund at most that.`,
  );
}

/** Full refund, part refund by amount (WC's "refund by amount"), or by items (+ return fees). */
export function refund(order: Order, sent: AmountCommand, ctx: ActionContext): Order {
  assertAllowed(order, 'refund');
  const command = inShopIds(order, sent);
  assertRowsAgree(command, order);
  const refundable = refundableAmount(order);
  // An amount beyond what minor units hold is more than was captured, whatever the items say.
  if (!isHeld(command.amount)) throw refundExceeds(order, command, refundable);
  let items: OrderItem[];
  if (command.items !== null) {
    const purchases = command.items.filter((item) => !isAdjustment(order, item));
    const adjustments = command.items.filter((item) => isAdjustment(order, item)).map(adjustmentLine);
    const matched = matchLines(order, purchases);
    for (const { line, quantity } of matched) {
      const left = refundableQuantity(order, line);
      if (quantity > left) {
        throw ruleViolation(
          'REFUND_QUANTITY_EXCEEDS_CAPTURED',
          `Article ${line.id} "${line.description}": ${quantity} requested but only ${left} captured and not yet refunded on order ${order.orderId}.`,
        );
      }
    }
    const articles = totalOf(linesOf(matched));
    const fees = -totalOf(adjustments.filter((a) => a.unitPrice < 0));
    if (fees > articles) {
      throw ruleViolation(
        'REFUND_FEE_EXCEEDS_RETURNED_ARTICLES',
        `The fees (${formatMoney(fees, order.currency)}) are larger than the articles returned (${formatMoney(articles, order.currency)}). A return fee may not exceed the value of what is returned.`,
      );
    }
    items = [...linesOf(matched), ...adjustments];
    const sum = totalOf(items);
    if (sum !== command.amount) {
      throw ruleViolation(
        'REFUND_AMOUNT_MUST_MATCH_SUM_OF_ARTICLES',
        `amount ${formatMoney(command.amount, order.currency)} does not match the sum of the items and fees, ${formatMoney(sum, order.currency)}. Send that sum as amount.`,
      );
    }
  } else {
    const lines = refundableLines(order);
    items = command.amount === refundable && totalOf(lines) === refundable ? lines : [];
  }
  if (command.amount > refundable) throw refundExceeds(order, command, refundable);
  const invoices = [...order.invoices, entry('Credit', command.amount, items, command, ctx)];
  // A part-activated order can still be captured further, so it is not "Returned" yet.
  const status: OrderStatus = command.amount === refundable && order.status !== 'PartActivated' ? 'Returned' : order.status;
  return { ...order, invoices, status };
}

/** Cancels everything not yet captured; captured money stays (and stays refundable). */
export function cancel(order: Order): Order {
  assertAllowed(order, 'cancel');
  return { ...order, status: 'Cancelled' };
}

/** Pushes expiresAt one order lifetime past the later of now and the current expiresAt. */
export function extend(order: Order, nowMs: number, lifetimeSeconds: number): Order {
  assertAllowed(order, 'extend');
  const from = Math.max(Date.parse(order.expiresAt), nowMs);
  return { ...order, expiresAt: iso(from + lifetimeSeconds * 1000) };
}

/** When the order expires: its expiresAt while it can still be captured (NotActivated, PartActivated); null otherwise. */
export function expiryMs(order: Order): number | null {
  return order.status === 'NotActivated' || order.status === 'PartActivated' ? Date.parse(order.expiresAt) : null;
}

/** Expiry is evaluated lazily, on every read and write: the changed order, or null when nothing changes. */
export function expireIfDue(order: Order, nowMs: number): Order | null {
  const expiresMs = expiryMs(order);
  return expiresMs !== null && expiresMs <= nowMs ? { ...order, status: 'Expired' } : null;
}
