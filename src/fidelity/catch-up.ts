/**
 * What happened outside the API. The customer identifies and buys in the real iframe, and
 * the back office activates orders; a recording of the merchant's calls sees neither. When a
 * recorded answer shows the real checkout or order has moved on, the world is first brought
 * to the same point, through the same customer simulation the admin API drives
 * (POST /__admin/{env}/checkouts/{id}/customer|commit|purchase|abort) and, for the back
 * office, through the world's own order administration, with the customer and purchase data
 * the real answers show; the end of an on-hold purchase's review through
 * POST /__admin/{env}/checkouts/{id}/invoice-status. Catch-ups are listed in the report, never
 * counted as divergences.
 */
import type { EnvName } from '../hosts.js';
import { PURCHASE_RESULTS } from '../domain/model.js';
import { toMajor } from '../domain/money.js';
import type { Sandbox } from '../sandbox.js';
import type { Credentials } from './credentials.js';
import type { IdMap } from './ids.js';
import type { OperationMatch } from './operations.js';
import type { Exchange } from './recording.js';

export interface CatchUp {
  /** The exchange (seq) whose recorded answer showed the move, and its recording file when read from one. */
  exchange: number;
  file?: string;
  env: EnvName;
  /** identify, commit, purchase, abort (the customer); activate, cancel (the back office); review (an on-hold purchase decided). */
  action: string;
  /** The real id of the checkout or order, as the recording names it. */
  id: string;
  detail: string;
}

/** Finds, for a real checkout id, the first recorded answer at or after an exchange that shows its customer and purchase. */
export type LookAhead = (privateId: string, fromSeq: number) => { customer: unknown; purchase: Record<string, unknown> | null } | null;

const RANK: Record<string, number> = { Initialized: 0, CustomerIdentified: 1, CommittedToPurchase: 2, PurchaseCompleted: 3 };

export class CatchUps {
  constructor(
    private readonly sandbox: Sandbox,
    private readonly credentials: Credentials,
    private readonly ids: IdMap,
    private readonly lookAhead: LookAhead | null,
  ) {}

  /** Brings the world to where the recorded answer of `exchange` says the real service was. */
  async before(exchange: Exchange, operation: OperationMatch): Promise<CatchUp[]> {
    if (operation.params.privateId !== undefined) return this.checkout(exchange, operation.params.privateId);
    // An order read: the order's id and nothing below it (a reauthorization's read is not one).
    if (exchange.method === 'GET' && operation.params.orderId !== undefined && Object.keys(operation.params).length === 1) {
      return this.order(exchange, operation.params.orderId);
    }
    return [];
  }

  private async checkout(exchange: Exchange, realId: string): Promise<CatchUp[]> {
    const env = exchange.env;
    const worldId = this.ids.lookup(realId) ?? realId;
    const current = this.sandbox.services.env(env).checkouts.find(worldId);
    if (!current) return [];
    const answer = jsonOf(exchange.answer.body);
    const data = record(record(answer)?.data);
    const target = exchange.method === 'GET' && exchange.status === 200 ? String(data?.status ?? '') : statusFromError(answer);
    if (target === 'Aborted') {
      return current.status === 'Aborted' ? [] : [await this.act(exchange, realId, worldId, 'abort', {}, 'the real checkout was aborted')];
    }
    const want = RANK[target];
    const have = RANK[current.status];
    if (want === RANK.PurchaseCompleted && have === want)
      return this.review(exchange, realId, worldId, current.purchase?.result, record(data?.purchase)?.result);
    if (want === undefined || have === undefined || want <= have) return [];

    const ahead =
      data?.customer !== undefined
        ? { customer: customerOf(data), purchase: record(data.purchase) }
        : this.lookAhead?.(realId, exchange.seq);
    const out: CatchUp[] = [];
    if (have < RANK.CustomerIdentified!) {
      const customer = ahead?.customer ?? null;
      out.push(
        await this.act(
          exchange,
          realId,
          worldId,
          'customer',
          customer ? { customer } : {},
          customer ? 'identified with the customer the real answer shows' : 'identified (the recording shows no customer)',
        ),
      );
    }
    if (want === RANK.CommittedToPurchase) out.push(await this.act(exchange, realId, worldId, 'commit', {}, 'committed to purchase'));
    if (want === RANK.PurchaseCompleted) {
      const purchase = ahead?.purchase ?? record(data?.purchase) ?? null;
      const result = (PURCHASE_RESULTS as readonly string[]).includes(String(purchase?.result)) ? String(purchase?.result) : 'Preliminary';
      const paymentName = typeof purchase?.paymentName === 'string' && purchase.paymentName !== '' ? purchase.paymentName : 'DirectInvoice';
      out.push(
        await this.act(exchange, realId, worldId, 'purchase', { result, paymentName }, `purchase completed: ${result}, ${paymentName}`),
      );
    }
    return out;
  }

  /** An on-hold purchase the real answer shows decided (Preliminary: approved, Rejected): the world's review ends the same way. */
  private async review(exchange: Exchange, realId: string, worldId: string, have: unknown, want: unknown): Promise<CatchUp[]> {
    if (have !== 'OnHold' || (want !== 'Preliminary' && want !== 'Rejected')) return [];
    const invoiceStatus = want === 'Preliminary' ? 'Approved' : 'Rejected';
    const response = await this.sandbox.fetch(`/__admin/${exchange.env}/checkouts/${worldId}/invoice-status`, {
      method: 'POST',
      body: JSON.stringify({ invoiceStatus }),
    });
    const detail = `the on-hold purchase was ${invoiceStatus.toLowerCase()}`;
    return [
      {
        exchange: exchange.seq,
        env: exchange.env,
        action: 'review',
        id: realId,
        detail: response.ok ? detail : `${detail}: the world refused (${response.status} ${(await response.text()).slice(0, 200)})`,
      },
    ];
  }

  private async order(exchange: Exchange, realId: string): Promise<CatchUp[]> {
    const env = exchange.env;
    const worldId = this.ids.lookup(realId) ?? realId;
    const order = this.sandbox.services.env(env).orders.find(worldId);
    const realStatus = String(record(record(jsonOf(exchange.answer.body))?.data)?.status ?? '');
    if (!order || order.status !== 'NotActivated' || (realStatus !== 'Activated' && realStatus !== 'Cancelled')) return [];
    const token = await this.credentials.tokenForMerchant(env, order.merchantId);
    if (!token) return [];
    const operation = realStatus === 'Activated' ? 'capture' : 'cancel';
    const response = await this.sandbox.fetch(`/${env}/api/manage/orders/${order.orderId}/${operation}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(operation === 'capture' ? { amount: toMajor(order.totalAmount) } : {}),
    });
    const action = operation === 'capture' ? 'activate' : 'cancel';
    return [
      {
        exchange: exchange.seq,
        env,
        action,
        id: realId,
        detail: `the back office ${operation === 'capture' ? 'activated (captured in full)' : 'cancelled'} the order: ${response.status}`,
      },
    ];
  }

  /** One step of the customer simulation through the world's admin API. */
  private async act(exchange: Exchange, realId: string, worldId: string, step: string, body: object, detail: string): Promise<CatchUp> {
    const response = await this.sandbox.fetch(`/__admin/${exchange.env}/checkouts/${worldId}/${step}`, {
      method: 'POST',
      body: JSON.stringify(body),
    });
    const action = step === 'customer' ? 'identify' : step;
    const outcome = response.ok ? detail : `${detail}: the world refused (${response.status} ${(await response.text()).slice(0, 200)})`;
    return { exchange: exchange.seq, env: exchange.env, action, id: realId, detail: outcome };
  }
}

/**
 * A write refused because the customer got there first: 900 Purchase_Completed, 900
 * Purchase_Commitment_Found (the customer pressed "Complete purchase"). A 423 Resource_Locked
 * says only that another modifying request was in flight, nothing of the customer.
 */
function statusFromError(answer: unknown): string {
  const reasons = (record(record(answer)?.error)?.errors as unknown[] | undefined)?.map((e) => record(e)?.reason) ?? [];
  if (reasons.includes('Purchase_Completed')) return 'PurchaseCompleted';
  if (reasons.includes('Purchase_Commitment_Found')) return 'CommittedToPurchase';
  return '';
}

/** Who bought: the private customer, else the business customer (whose company the same simulation takes). */
export function customerOf(data: Record<string, unknown>): unknown {
  return data.customer ?? data.businessCustomer ?? null;
}

function jsonOf(body: Exchange['answer']['body']): unknown {
  return body && 'json' in body ? body.json : undefined;
}

function record(value: unknown): Record<string, unknown> | null {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}
