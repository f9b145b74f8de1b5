/**
 * A small model of one order as docs/orders.md describes it, for the property test: its
 * status, total, lines, what was captured and refunded (in amounts and in units of each
 * article), its expiry, a pending credit check and the idempotency keys it remembers. Each
 * order action says what the page allows: success (202, or 201 for a credit check) and the
 * order afterwards, or the codes of every rule the call breaks (the sandbox may name any one
 * of them: the page does not rank them). Time moves by `advance`, which applies expiry and
 * the credit check in the order of their instants (expiry first at the same instant).
 * Money in minor units.
 */
import type { OrderStatus } from '../../src/domain/model.js';
import type { OrderAction } from '../../src/domain/order-admin.js';

export interface Line {
  id: string;
  description: string;
  unitPrice: number;
  quantity: number;
  vat: number;
}

export type Expected = { ok: 201 | 202 } | { codes: string[] };

export interface Body {
  amount?: string;
  items?: { id: string; description: string; unitPrice: string; quantity: number; vat: number; type?: string }[];
  actionReference?: string;
}

/** A write as sent: the order action, its JSON body (absent: none) and its X-idempotency key. */
export interface Write {
  op: OrderAction;
  body: Body | undefined;
  headerKey: string | null;
}

const CREDIT_CHECK_MS = 3000;
const ADJUSTMENT = { id: 'reauthorization-adjustment', description: 'Reauthorization adjustment' };
const idOf = (article: string): string => article.split('\u0000')[0]!;

/** An article: id, description and price (what an invoice row names it by). */
export const articleOf = (l: Pick<Line, 'id' | 'description' | 'unitPrice'>): string => `${l.id}\u0000${l.description}\u0000${l.unitPrice}`;
export const major = (minor: number): string => (minor / 100).toFixed(2);
const minor = (major: string): number => Math.round(Number(major) * 100);
const sum = (lines: readonly Pick<Line, 'unitPrice' | 'quantity'>[]): number => lines.reduce((n, l) => n + l.unitPrice * l.quantity, 0);

/** Rows of one article (id, description, price, VAT) as one line. */
function merged(lines: readonly Line[]): Line[] {
  const out: Line[] = [];
  for (const line of lines) {
    const same = out.find(
      (l) => l.id === line.id && l.description === line.description && l.unitPrice === line.unitPrice && l.vat === line.vat,
    );
    if (same) same.quantity += line.quantity;
    else out.push({ ...line });
  }
  return out;
}

const OPEN: readonly OrderStatus[] = ['NotActivated', 'PartActivated'];

export class OrderModel {
  status: OrderStatus = 'NotActivated';
  total: number;
  lines: Line[];
  captured = 0;
  refunded = 0;
  entries = 0;
  readonly capturedUnits = new Map<string, number>();
  readonly refundedUnits = new Map<string, number>();
  /** A part capture by amount alone: the units captured are not known any more. */
  unattributed = false;
  pending: { amount: number; lines: Line[]; settlesAtMs: number; completes: boolean } | null = null;
  /** The last credit check's status as its GET shows it. */
  lastCheck: 'Pending' | 'Completed' | 'Failed' | null = null;
  private readonly remembered = new Map<string, { fingerprint: string; result: 201 | 202; atMs: number }>();

  constructor(
    lines: Line[],
    public expiresAtMs: number,
    readonly prepaid: boolean,
    private readonly lifetimeMs: number,
    public nowMs: number,
  ) {
    this.lines = lines.map((l) => ({ ...l }));
    this.total = sum(lines);
  }

  remaining(): number {
    return this.total - this.captured;
  }

  refundable(): number {
    return this.captured - this.refunded;
  }

  private units(map: Map<string, number>, article: string): number {
    return map.get(article) ?? 0;
  }

  /** Units of the line's article still to capture. */
  uncaptured(line: Line): number {
    return line.quantity - this.units(this.capturedUnits, articleOf(line));
  }

  /** Units of the line's article that may still be refunded (after a capture by amount alone: up to the line's units). */
  refundableUnits(line: Line): number {
    const captured = this.unattributed ? line.quantity : this.units(this.capturedUnits, articleOf(line));
    return captured - this.units(this.refundedUnits, articleOf(line));
  }

  // ---- Time ----

  advance(ms: number): void {
    this.nowMs += ms;
    for (;;) {
      const expiry = OPEN.includes(this.status) ? this.expiresAtMs : Number.POSITIVE_INFINITY;
      const settles = this.pending?.settlesAtMs ?? Number.POSITIVE_INFINITY;
      if (Math.min(expiry, settles) > this.nowMs) return;
      if (expiry <= settles) this.status = 'Expired';
      else this.settle();
    }
  }

  private settle(): void {
    const check = this.pending!;
    this.pending = null;
    const applicable = OPEN.includes(this.status) && check.amount >= this.captured && this.keepsCaptured(check.lines).length === 0;
    if (check.completes && applicable) {
      this.lines = check.lines;
      this.total = check.amount;
      this.lastCheck = 'Completed';
    } else {
      this.lastCheck = 'Failed';
    }
  }

  // ---- Writes ----

  /** What the sandbox should answer, and the model changed accordingly when it succeeds. */
  write(write: Write): Expected {
    const keys = this.keysOf(write);
    const fingerprint = `${write.op}\n${JSON.stringify(write.body ?? null)}`;
    let replay: 201 | 202 | null = null;
    for (const key of keys) {
      const known = this.remembered.get(key);
      if (!known) continue;
      // A header key names its request for a day, and its answer is kept an hour (docs/orders.md).
      const header = key.startsWith('header|');
      const ageMs = this.nowMs - known.atMs;
      if (header && ageMs >= 24 * 3_600_000) continue;
      if (known.fingerprint !== fingerprint) return { codes: ['IDEMPOTENCY_KEY_REUSED'] };
      if (header && ageMs >= 3_600_000) return { codes: ['IDEMPOTENCY_RESPONSE_EXPIRED'] };
      replay ??= known.result;
    }
    if (replay !== null) return { ok: replay };
    const expected = this.act(write);
    if ('ok' in expected) for (const key of keys) this.remembered.set(key, { fingerprint, result: expected.ok, atMs: this.nowMs });
    return expected;
  }

  private keysOf(write: Write): string[] {
    const keys: string[] = [];
    if (write.headerKey) keys.push(`header|${write.headerKey}`);
    if (write.body?.actionReference) keys.push(`${write.op}|${write.body.actionReference}`);
    return keys;
  }

  private act({ op, body }: Write): Expected {
    const amount = body?.amount === undefined ? 0 : minor(body.amount);
    const items = body?.items?.length ? body.items.map((i) => ({ ...i, unitPrice: minor(i.unitPrice) })) : null;
    switch (op) {
      case 'capture':
        return this.capture(amount, items);
      case 'refund':
        return this.refund(amount, items);
      case 'cancel':
        return this.cancel();
      case 'extend':
        return this.extend();
      case 'reauthorize':
        return this.reauthorize(amount, items);
    }
  }

  private lineOf(item: { id: string; unitPrice: number }): Line | undefined {
    return this.lines.find((l) => l.id === item.id && l.unitPrice === item.unitPrice);
  }

  private capture(amount: number, items: (Line & { type?: string })[] | null): Expected {
    if (this.status === 'Activated' || this.status === 'Returned') return { codes: ['CAPTURE_ORDER_ALREADY_CAPTURED'] };
    if (this.status === 'Cancelled') return { codes: ['ORDER_CANCELLED'] };
    if (this.status === 'Expired') return { codes: ['ORDER_EXPIRED'] };
    const codes: string[] = [];
    const remaining = this.remaining();
    const rows: Line[] = [];
    if (items) {
      for (const item of items) {
        const line = this.lineOf(item);
        if (!line) codes.push('ARTICLE_NOT_FOUND_ON_ORDER');
        else rows.push({ ...line, quantity: item.quantity });
      }
      for (const row of merged(rows))
        if (row.quantity > this.uncaptured(this.lineOf(row)!)) codes.push('CAPTURE_QUANTITY_EXCEEDS_REMAINING');
      if (sum(items) !== amount) codes.push('CAPTURE_AMOUNT_MUST_MATCH_SUM_OF_ARTICLES');
    }
    if (amount > remaining) codes.push('CAPTURE_AMOUNT_EXCEEDS_REMAINING');
    if (codes.length) return { codes };
    if (items) for (const row of rows) this.add(this.capturedUnits, row);
    else {
      const rest = this.lines.map((l) => ({ ...l, quantity: this.uncaptured(l) })).filter((l) => l.quantity > 0);
      // A full capture by amount lists the lines it covers; a part one has no rows.
      if (amount === remaining && sum(rest) === remaining) for (const row of rest) this.add(this.capturedUnits, row);
      else this.unattributed = true;
    }
    this.captured += amount;
    this.entries += 1;
    this.status = amount === remaining ? 'Activated' : 'PartActivated';
    return { ok: 202 };
  }

  private add(map: Map<string, number>, row: Line): void {
    map.set(articleOf(row), (map.get(articleOf(row)) ?? 0) + row.quantity);
  }

  private refund(amount: number, items: (Line & { type?: string })[] | null): Expected {
    if (this.status === 'NotActivated') return { codes: ['ORDER_NOT_CAPTURED'] };
    if (this.status === 'Returned') return { codes: ['ORDER_ALREADY_REFUNDED'] };
    if ((this.status === 'Cancelled' || this.status === 'Expired') && this.captured === 0)
      return { codes: [this.status === 'Cancelled' ? 'ORDER_CANCELLED' : 'ORDER_EXPIRED'] };
    const codes: string[] = [];
    const refundable = this.refundable();
    const rows: Line[] = [];
    if (items) {
      let fees = 0;
      for (const item of items) {
        if (item.type === 'fee') {
          fees -= item.unitPrice * item.quantity;
          continue;
        }
        const line = this.lineOf(item);
        if (!line) codes.push('ARTICLE_NOT_FOUND_ON_ORDER');
        else rows.push({ ...line, quantity: item.quantity });
      }
      for (const row of merged(rows))
        if (row.quantity > this.refundableUnits(this.lineOf(row)!)) codes.push('REFUND_QUANTITY_EXCEEDS_CAPTURED');
      if (fees > sum(rows)) codes.push('REFUND_FEE_EXCEEDS_RETURNED_ARTICLES');
      if (sum(items) !== amount) codes.push('REFUND_AMOUNT_MUST_MATCH_SUM_OF_ARTICLES');
    }
    if (amount > refundable) codes.push('REFUND_AMOUNT_EXCEEDS_CAPTURED');
    if (codes.length) return { codes };
    if (items) for (const row of rows) this.add(this.refundedUnits, row);
    else {
      const rest = this.lines.map((l) => ({ ...l, quantity: this.refundableUnits(l) })).filter((l) => l.quantity > 0);
      if (amount === refundable && sum(rest) === refundable) for (const row of rest) this.add(this.refundedUnits, row);
    }
    this.refunded += amount;
    this.entries += 1;
    // A part-activated order can still be captured further: not Returned yet.
    if (amount === refundable && this.status !== 'PartActivated') this.status = 'Returned';
    return { ok: 202 };
  }

  private cancel(): Expected {
    if (this.status === 'Activated' || this.status === 'Returned') return { codes: ['ORDER_ALREADY_CAPTURED'] };
    if (this.status === 'Cancelled') return { codes: ['ORDER_ALREADY_CANCELLED'] };
    this.status = 'Cancelled';
    return { ok: 202 };
  }

  private extend(): Expected {
    if (this.status === 'Activated' || this.status === 'Returned') return { codes: ['ORDER_ALREADY_CAPTURED'] };
    if (this.status === 'Cancelled') return { codes: ['ORDER_CANCELLED'] };
    if (this.status === 'Expired') return { codes: ['ORDER_EXPIRED'] };
    this.expiresAtMs = Math.max(this.expiresAtMs, this.nowMs) + this.lifetimeMs;
    return { ok: 202 };
  }

  /**
   * Why new lines would not keep what was captured, per captured article: left out, fewer units,
   * another price or VAT. Units refunded by items were captured, even after a capture by amount
   * alone that named none of them: a refund gives back only what was captured (docs/orders.md,
   * "What was captured stays").
   */
  private keepsCaptured(lines: readonly Line[]): string[] {
    const codes: string[] = [];
    for (const line of this.lines) {
      const captured = Math.max(this.units(this.capturedUnits, articleOf(line)), this.units(this.refundedUnits, articleOf(line)));
      if (captured <= 0) continue;
      const named = lines.filter((l) => l.id === line.id && l.description === line.description);
      const same = named.filter((l) => l.unitPrice === line.unitPrice && l.vat === line.vat);
      if (same.length === 0)
        codes.push(named[0] && named[0].vat !== line.vat ? 'MATCHING_ARTICLES_WITH_DIFFERENT_VAT' : 'ARTICLE_EXISTS_BUT_OTHER_INFORMATION');
      else if (same.reduce((units, l) => units + l.quantity, 0) < captured) codes.push('ARTICLE_EXISTS_BUT_OTHER_INFORMATION');
    }
    return codes;
  }

  /**
   * Two rows of one request naming one article (id and description) must agree on VAT and unit
   * price, unless both are the order's own lines as they stand.
   */
  private contradictions(rows: readonly Line[]): string[] {
    const own = (r: Line): boolean =>
      this.lines.some((l) => l.id === r.id && l.description === r.description && l.unitPrice === r.unitPrice && l.vat === r.vat);
    for (const [i, row] of rows.entries()) {
      for (const first of rows.slice(0, i)) {
        if (first.id !== row.id || first.description !== row.description || (own(first) && own(row))) continue;
        if (first.vat !== row.vat) return ['MATCHING_ARTICLES_WITH_DIFFERENT_VAT'];
        if (first.unitPrice !== row.unitPrice) return ['ARTICLE_EXISTS_BUT_OTHER_INFORMATION'];
      }
    }
    return [];
  }

  /**
   * Each adjustment is an article of its own: the first id no line and no captured or refunded
   * row has (reauthorization-adjustment, -2, -3 …), so the order's own rows never contradict
   * each other.
   */
  private adjustmentId(): string {
    const taken = new Set([...this.lines.map((l) => l.id), ...[...this.capturedUnits.keys(), ...this.refundedUnits.keys()].map(idOf)]);
    const name = (n: number): string => (n === 1 ? ADJUSTMENT.id : `${ADJUSTMENT.id}-${n}`);
    let n = 1;
    while (taken.has(name(n))) n += 1;
    return name(n);
  }

  private reauthorize(amount: number, items: Line[] | null): Expected {
    if (this.status === 'Activated' || this.status === 'Returned') return { codes: ['ORDER_ALREADY_CAPTURED'] };
    if (this.status === 'Cancelled') return { codes: ['ORDER_CANCELLED'] };
    if (this.status === 'Expired') return { codes: ['ORDER_EXPIRED'] };
    if (this.pending) return { codes: ['REAUTHORIZATION_IN_PROGRESS'] };
    const lines = items
      ? merged(items.map(({ id, description, unitPrice, quantity, vat }) => ({ id, description, unitPrice, quantity, vat })))
      : amount === this.total
        ? this.lines
        : merged([
            ...this.lines,
            { ...ADJUSTMENT, id: this.adjustmentId(), unitPrice: amount - this.total, quantity: 1, vat: this.lines[0]?.vat ?? 0 },
          ]);
    const codes: string[] = [];
    if (items) codes.push(...this.contradictions(items));
    if (items && sum(items) !== amount) codes.push('REAUTHORIZE_AMOUNT_MUST_MATCH_SUM_OF_ARTICLES');
    codes.push(...this.keepsCaptured(lines));
    if (amount < this.captured) codes.push('REAUTHORIZE_AMOUNT_BELOW_CAPTURED_AMOUNT');
    if (amount > this.total && this.prepaid) codes.push('REAUTHORIZE_ORDER_INCREASE_ABOVE_CURRENT_TOTAL_AMOUNT_IS_NOT_ALLOWED');
    if (codes.length) return { codes };
    if (amount <= this.total) {
      this.lines = lines.map((l) => ({ ...l }));
      this.total = amount;
      if (this.status === 'PartActivated' && amount === this.captured)
        this.status = this.refunded === this.captured ? 'Returned' : 'Activated';
      return { ok: 202 };
    }
    this.pending = {
      amount,
      lines: lines.map((l) => ({ ...l })),
      settlesAtMs: this.nowMs + CREDIT_CHECK_MS,
      completes: amount <= 2 * this.total,
    };
    this.lastCheck = 'Pending';
    return { ok: 201 };
  }
}
