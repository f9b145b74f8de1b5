/**
 * The traffic the readiness items read: one integration's own calls, oldest first, and what
 * the sandbox saw around them (the hosted checkout page's loads, the calls it made to
 * merchants, purchases completed through the admin plane). A journal entry reduced to what the
 * rules need, bodies decoded only when a rule asks. Pure: nothing here knows the journal or HTTP.
 *
 * Verdicts depend on two things only, so the same traffic gets the same verdicts however fast it
 * ran and whenever the report is asked: the order in which calls started, and the sandbox time
 * the entries carry. No rule measures real time between entries or reads "now": a reaction that
 * has not come yet is not seen until the traffic itself shows the shop went on without it, or
 * shows a bound of sandbox time passed (a clock move the test made).
 */
import { substitutePlaceholders } from '../checkout-callbacks.js';

export interface TrafficEntry {
  /** The journal entry's id: what evidence points at. */
  id: number;
  direction: 'in' | 'out';
  /** Sandbox time (ms) of the answer: lifetimes and the bounds are measured on it. */
  atMs: number;
  /**
   * When the call started, on a monotonic clock: only its order means anything (a notification
   * and the shop's read made while it answers it; a journal entry is made when the call ends).
   * No rule subtracts two of them.
   */
  startedMs: number;
  /** api, legacy, retired, auth, frontend, admin, merchant (the sandbox calling a shop). */
  surface: string | null;
  method: string;
  path: string;
  status: number | 'refused' | null;
  /** `scheme:outcome` as the journal notes it (`bearer:ok`, `token:ok`, `none`). */
  auth: string;
  /** Outbound only: validation, notification, webhook, invoice-status. */
  kind?: string;
  url?: string;
  /** Outbound only: the checkout the call is about, which says whose integration it belongs to. */
  privateId?: string;
  /** Outbound only: false when the call never got to the shop (a reserved name, a refused connection). */
  reached?: boolean;
  /** Outbound only: why the call got no answer. */
  error?: string | null;
  /** Outbound only: sandbox time when the call started, where the journal knows it. */
  startedAtMs?: number;
  requestJson(): unknown;
  responseJson(): unknown;
  responseText(): string | null;
}

/** What the items read for one integration. */
export interface Traffic {
  /** The integration's own calls to the API, legacy, retired and token hosts, oldest first. */
  own: readonly TrafficEntry[];
  /** Loads of the hosted checkout page and its calls (no credentials: attributed by public token). */
  frontend: readonly TrafficEntry[];
  /** The sandbox's calls to merchants; an item reads those about a checkout this integration initialized. */
  outbound: readonly TrafficEntry[];
  /** The admin plane's calls (a purchase driven by a test, a clock move), attributed by private id. */
  admin: readonly TrafficEntry[];
}

/**
 * How much sandbox time the traffic must show passing after an event before the shop's silence
 * counts as its answer (no read after a notification, no confirmation page, no resend after a
 * lock). The pages give no figure. An hour is longer than any step of a test run on a ticking
 * clock, so only a clock move the test made passes it, and shorter than anything the sandbox
 * expires meanwhile (a token lives an hour, a checkout days).
 */
export const REACTION_BOUND_MS = 60 * 60_000;

/** A checkout the integration initialized, as its initialize call and answer tell. */
export interface CheckoutTrail {
  privateId: string;
  publicToken: string;
  init: TrafficEntry;
  /** Sandbox time the public token stops working; null when the answer did not say. */
  expiresAtMs: number | null;
  reference: string | null;
  /** The cart and the fees as sent, in a form that compares by value. */
  cart: string | null;
  fees: string | null;
  /** Where the sandbox calls the shop for this checkout, placeholders filled. */
  notificationUrl: string | null;
  validationUrl: string | null;
  /** The customer prefill sent, by value, null when it holds nothing (part of "the same shop order" when there is no reference). */
  customer: string | null;
}

const API_SURFACES: ReadonlySet<string> = new Set(['api', 'legacy', 'retired']);

export function isApiCall(entry: TrafficEntry): boolean {
  return entry.surface !== null && API_SURFACES.has(entry.surface) && !entry.auth.startsWith('token:');
}

export function ok(entry: TrafficEntry): boolean {
  return typeof entry.status === 'number' && entry.status >= 200 && entry.status < 300;
}

const INIT_PATH = /^\/checkouts?\/?$/;
/** `/checkouts/{id}[/part]` and `/merchants/{store}/checkouts/{id}[/part]`. */
const CHECKOUT_PATH = /^(?:\/merchants\/[^/]+)?\/checkouts\/([^/]+)(?:\/([A-Za-z]+))?\/?$/;

/** Which checkout call an entry is: the private id and the part (cart, fees, …; '' for the checkout itself). */
export function checkoutCall(entry: TrafficEntry): { privateId: string; part: string } | null {
  if (!isApiCall(entry)) return null;
  const match = CHECKOUT_PATH.exec(entry.path);
  return match ? { privateId: match[1]!, part: (match[2] ?? '').toLowerCase() } : null;
}

export function isInitialize(entry: TrafficEntry): boolean {
  return isApiCall(entry) && entry.method === 'POST' && INIT_PATH.test(entry.path);
}

/** Any call that changes something at Walley (an initialize, an update, an order action). */
export function isWrite(entry: TrafficEntry): boolean {
  return isApiCall(entry) && entry.method !== 'GET';
}

/** `/manage/orders/{orderId}[/action…]`: the order administration of a completed checkout. */
const ORDER_PATH = /^\/manage\/orders\/([^/]+)/;

/** The order an order administration call is about, or null. */
function orderCall(entry: TrafficEntry): string | null {
  return isApiCall(entry) ? (ORDER_PATH.exec(entry.path)?.[1]?.toLowerCase() ?? null) : null;
}

/** Whether `a` started before `b` (the same start: the one journaled first). */
export function startedBefore(a: TrafficEntry, b: TrafficEntry): boolean {
  return a.startedMs < b.startedMs || (a.startedMs === b.startedMs && a.id < b.id);
}

/** A write that changes a checkout's content (the updates that 423 and 900 refuse). */
export function isUpdate(entry: TrafficEntry): boolean {
  const call = checkoutCall(entry);
  return call !== null && entry.method === 'PUT';
}

/** A read of the checkout itself. */
export function isRead(entry: TrafficEntry, privateId?: string): boolean {
  const call = checkoutCall(entry);
  return call !== null && entry.method === 'GET' && call.part === '' && (privateId === undefined || call.privateId === privateId);
}

function trailsOf(traffic: Traffic): CheckoutTrail[] {
  const trails: CheckoutTrail[] = [];
  for (const entry of traffic.own) {
    if (!isInitialize(entry) || !ok(entry)) continue;
    const data = memberOf(entry.responseJson(), 'data');
    const privateId = memberOf(data, 'privateId');
    const publicToken = memberOf(data, 'publicToken');
    if (typeof privateId !== 'string' || typeof publicToken !== 'string') continue;
    const body = entry.requestJson();
    const expiresAt = memberOf(data, 'expiresAt');
    const expiresAtMs = typeof expiresAt === 'string' ? Date.parse(expiresAt) : Number.NaN;
    const uri = (name: string): string | null => {
      const value = memberOf(body, name);
      return typeof value === 'string' && value !== '' ? substitutePlaceholders(value, { privateId, publicToken }) : null;
    };
    const reference = memberOf(body, 'reference');
    trails.push({
      privateId,
      publicToken,
      init: entry,
      expiresAtMs: Number.isNaN(expiresAtMs) ? null : expiresAtMs,
      // WooCommerce sends "reference": "" before it has an order number: no reference at all.
      reference: typeof reference === 'string' && reference.trim() !== '' ? reference : null,
      cart: cartKey(memberOf(body, 'cart')),
      fees: valueKey(memberOf(body, 'fees')),
      notificationUrl: uri('notificationUri'),
      validationUrl: uri('validationUri'),
      customer: dataKey(memberOf(body, 'customer')),
    });
  }
  return trails;
}

/**
 * The traffic looked up by checkout, made once per evaluation (the report reads the journal
 * again every second while the dashboard is open, and a ring holds a thousand entries).
 */
interface TrafficIndex {
  trails: CheckoutTrail[];
  byPrivateId: Map<string, CheckoutTrail>;
  /** The integration's calls on each checkout and on its order, by private id, oldest first. */
  calls: Map<string, TrafficEntry[]>;
  /** The hosted page's calls, by public token, oldest first. */
  pages: Map<string, TrafficEntry[]>;
  /** Purchases driven through the admin plane, by private id. */
  adminPurchases: Map<string, TrafficEntry>;
  /** The sandbox's calls about each of the integration's checkouts, by private id, oldest first. */
  outbound: Map<string, TrafficEntry[]>;
  completions: Map<string, TrafficEntry | null>;
  /** The latest sandbox time any entry of the traffic shows. */
  latestAtMs: number;
  /** Each entry's start on the sandbox clock, as startedAtMs tells it, by id. */
  startedAt: Map<number, number>;
}

const indexes = new WeakMap<Traffic, TrafficIndex>();
const PAGE_PATH = /^\/checkout\/([^/]+)/;
const ADMIN_PURCHASE = /\/checkouts\/([^/]+)\/purchase\/?$/;

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** The order id an answer names: a checkout read's data.order.orderId, or the admin purchase's orderId. */
function orderIdIn(answer: unknown): string | null {
  const id = memberOf(memberOf(memberOf(answer, 'data'), 'order'), 'orderId') ?? memberOf(answer, 'orderId');
  return typeof id === 'string' ? id.toLowerCase() : null;
}

function indexOf(traffic: Traffic): TrafficIndex {
  let index = indexes.get(traffic);
  if (index) return index;
  const trails = trailsOf(traffic);
  const byPrivateId = new Map(trails.map((trail) => [trail.privateId, trail]));
  const adminPurchases = new Map<string, TrafficEntry>();
  const orders = new Map<string, string>();
  for (const entry of traffic.admin) {
    const privateId = ADMIN_PURCHASE.exec(entry.path)?.[1];
    if (!privateId || entry.method !== 'POST' || !ok(entry)) continue;
    if (!adminPurchases.has(privateId)) adminPurchases.set(privateId, entry);
    const orderId = orderIdIn(entry.responseJson());
    if (orderId) orders.set(orderId, privateId);
  }
  const calls = new Map<string, TrafficEntry[]>();
  for (const entry of traffic.own) {
    const call = checkoutCall(entry);
    if (call) {
      push(calls, call.privateId, entry);
      const orderId = entry.method === 'GET' && ok(entry) ? orderIdIn(entry.responseJson()) : null;
      if (orderId) orders.set(orderId, call.privateId);
      continue;
    }
    // An order call belongs to its checkout once the traffic has shown which order that is.
    const orderId = orderCall(entry);
    const privateId = orderId === null ? undefined : orders.get(orderId);
    if (privateId) push(calls, privateId, entry);
  }
  const pages = new Map<string, TrafficEntry[]>();
  for (const entry of traffic.frontend) {
    const token = PAGE_PATH.exec(entry.path)?.[1];
    if (token) push(pages, token, entry);
  }
  // A call the sandbox made to a shop belongs to the integration whose checkout it is about,
  // whatever address it went to (two integrations of a merchant may share one validation URL).
  const outbound = new Map<string, TrafficEntry[]>();
  for (const entry of traffic.outbound) if (entry.privateId && byPrivateId.has(entry.privateId)) push(outbound, entry.privateId, entry);
  let latestAtMs = Number.NEGATIVE_INFINITY;
  const all = [traffic.own, traffic.frontend, traffic.outbound, traffic.admin].flat();
  for (const entry of all) latestAtMs = Math.max(latestAtMs, entry.atMs);
  // Latest start first: each entry's start is no later than the answer of any call that started after it.
  const startedAt = new Map<number, number>();
  let bound = Number.POSITIVE_INFINITY;
  for (const entry of all.sort((a, b) => (startedBefore(a, b) ? 1 : -1))) {
    bound = Math.min(bound, entry.startedAtMs ?? entry.atMs);
    startedAt.set(entry.id, bound);
  }
  index = { trails, byPrivateId, calls, pages, adminPurchases, outbound, completions: new Map(), latestAtMs, startedAt };
  indexes.set(traffic, index);
  return index;
}

/** The checkouts the integration initialized, in the order it did. */
export function checkoutsOf(traffic: Traffic): CheckoutTrail[] {
  return indexOf(traffic).trails;
}

/** One of the integration's checkouts by private id, or undefined. */
export function checkoutOf(traffic: Traffic, privateId: string): CheckoutTrail | undefined {
  return indexOf(traffic).byPrivateId.get(privateId);
}

/** The integration's calls on one checkout and on its order, oldest first. */
export function callsOn(traffic: Traffic, privateId: string): readonly TrafficEntry[] {
  return indexOf(traffic).calls.get(privateId) ?? [];
}

/** The hosted page's calls for one public token, oldest first. */
export function pageCalls(traffic: Traffic, publicToken: string): readonly TrafficEntry[] {
  return indexOf(traffic).pages.get(publicToken) ?? [];
}

/** The sandbox's calls of one kind (validation, notification) about the integration's checkouts, each with its checkout. */
export function callsToShop(traffic: Traffic, kind: string): { call: TrafficEntry; trail: CheckoutTrail }[] {
  const index = indexOf(traffic);
  return [...index.outbound]
    .flatMap(([privateId, calls]) =>
      calls.filter((call) => call.kind === kind).map((call) => ({ call, trail: index.byPrivateId.get(privateId)! })),
    )
    .sort((a, b) => (startedBefore(a.call, b.call) ? -1 : 1));
}

/**
 * When an entry started on the sandbox clock, as the traffic tells it. An entry carries the
 * sandbox time of its answer, and a call the sandbox makes to a shop is journaled when the shop
 * has answered, which may be after a clock move the test made meanwhile. Its own start, where
 * the journal has it, says when it began; and a call started no later than any call that started
 * after it. So the start is the earliest of the entry's and every later-started entry's start (or
 * answer): the same however long each call took.
 */
export function startedAtMs(traffic: Traffic, entry: TrafficEntry): number {
  return indexOf(traffic).startedAt.get(entry.id) ?? entry.atMs;
}

/**
 * The first entry that shows `boundMs` of sandbox time passed since `since` started (a clock move
 * the test made, or anything after it), or null while the traffic shows less.
 */
export function boundPassed(traffic: Traffic, since: TrafficEntry, boundMs: number): TrafficEntry | null {
  const from = startedAtMs(traffic, since);
  if (indexOf(traffic).latestAtMs < from + boundMs) return null;
  const lists = [traffic.own, traffic.frontend, traffic.outbound, traffic.admin];
  const passing = lists.flatMap((list) => list.filter((entry) => startedBefore(since, entry) && entry.atMs >= from + boundMs));
  return passing.sort((a, b) => (startedBefore(a, b) ? -1 : 1))[0] ?? null;
}

/** A member of a JSON object, or undefined. */
export function memberOf(value: unknown, name: string): unknown {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>)[name] : undefined;
}

/** A cart in whichever shape it was sent (a bare list of items, or `{items, …}`), as its items by value. */
export function cartKey(cart: unknown): string | null {
  if (cart === undefined || cart === null) return null;
  return valueKey(Array.isArray(cart) ? cart : memberOf(cart, 'items'));
}

/** A JSON value in a form where equal values compare equal: members sorted, numbers as numbers. */
export function valueKey(value: unknown): string | null {
  if (value === undefined) return null;
  return JSON.stringify(canonical(value));
}

/** valueKey of what a value holds, empty strings, nulls and empty members left out; null when nothing is left. */
function dataKey(value: unknown): string | null {
  const held = substance(value);
  return held === undefined ? null : JSON.stringify(canonical(held));
}

function substance(value: unknown): unknown {
  if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) return undefined;
  if (Array.isArray(value)) {
    const items = value.map(substance).filter((item) => item !== undefined);
    return items.length ? items : undefined;
  }
  if (typeof value === 'object') {
    const members = Object.entries(value as Record<string, unknown>)
      .map(([name, member]) => [name, substance(member)] as const)
      .filter(([, member]) => member !== undefined);
    return members.length ? Object.fromEntries(members) : undefined;
  }
  return value;
}

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([, member]) => member !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([name, member]) => [name, canonical(member)]),
    );
  }
  // "2499.00" and 2499 are the same price to the service.
  if (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value)) return Number(value);
  return value;
}

/** The refusal reasons of an answer in the checkout API's envelope (`Resource_Locked`, `Purchase_Completed`). */
export function reasons(entry: TrafficEntry): string[] {
  const errors = memberOf(memberOf(entry.responseJson(), 'error'), 'errors');
  if (!Array.isArray(errors)) return [];
  return errors.map((error) => memberOf(error, 'reason')).filter((reason): reason is string => typeof reason === 'string');
}

/** The page's address for a public token: the first load and every reload of the iframe. */
export function isPageLoad(entry: TrafficEntry, publicToken: string): boolean {
  return entry.method === 'GET' && (entry.path === `/checkout/${publicToken}` || entry.path === `/checkout/${publicToken}/`);
}

const FINISHED_STATUSES: ReadonlySet<string> = new Set(['PurchaseCompleted', 'Aborted', 'Expired']);

/**
 * The earliest entry that shows the checkout's purchase completed: the customer's purchase on
 * the page (or through the admin plane), a read that answered PurchaseCompleted, or an update
 * refused with Purchase_Completed. Null when the traffic shows none.
 */
export function completionOf(trail: CheckoutTrail, traffic: Traffic): TrafficEntry | null {
  const index = indexOf(traffic);
  if (index.completions.has(trail.privateId)) return index.completions.get(trail.privateId)!;
  const calls = callsOn(traffic, trail.privateId);
  const candidates = [
    pageCalls(traffic, trail.publicToken).find(
      (entry) => entry.method === 'POST' && entry.path === `/checkout/${trail.publicToken}/purchase` && ok(entry),
    ),
    index.adminPurchases.get(trail.privateId),
    calls.find((entry) => isRead(entry) && memberOf(memberOf(entry.responseJson(), 'data'), 'status') === 'PurchaseCompleted'),
    calls.find((entry) => reasons(entry).includes('Purchase_Completed')),
  ].filter((entry): entry is TrafficEntry => entry !== undefined);
  const completion = candidates.sort((a, b) => (startedBefore(a, b) ? -1 : 1))[0] ?? null;
  index.completions.set(trail.privateId, completion);
  return completion;
}

/** Whether, before `at`, the traffic shows the checkout finished (completed, aborted, expired) or gone (404). */
export function finishedBefore(trail: CheckoutTrail, traffic: Traffic, at: TrafficEntry): boolean {
  if (trail.expiresAtMs !== null && at.atMs >= trail.expiresAtMs) return true;
  const completion = completionOf(trail, traffic);
  if (completion && startedBefore(completion, at)) return true;
  return callsOn(traffic, trail.privateId).some((entry) => {
    if (!startedBefore(entry, at) || !checkoutCall(entry)) return false;
    const status = memberOf(memberOf(entry.responseJson(), 'data'), 'status');
    return entry.status === 404 || (typeof status === 'string' && FINISHED_STATUSES.has(status));
  });
}

/** The integration's calls after `entry` started (its own traffic), oldest first. */
export function ownAfter(traffic: Traffic, entry: TrafficEntry): TrafficEntry[] {
  return traffic.own.filter((other) => startedBefore(entry, other));
}
