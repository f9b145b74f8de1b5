/**
 * The traffic the readiness items read: one integration's own calls, oldest first, and what
 * the sandbox saw around them (the hosted checkout page's loads, the calls it made to
 * merchants, purchases completed through the admin plane). A journal entry reduced to what the
 * rules need, bodies decoded only when a rule asks. Pure: nothing here knows the journal or HTTP.
 */
import { substitutePlaceholders } from '../checkout-callbacks.js';

export interface TrafficEntry {
  /** The journal entry's id: what evidence points at. */
  id: number;
  direction: 'in' | 'out';
  /** Sandbox time (ms): token and checkout lifetimes are measured on it. */
  atMs: number;
  /**
   * Real (monotonic) time the call started (ms): orders calls that overlap, such as a
   * notification and the shop's read made while it answers it, and measures polling. Only
   * differences between entries mean anything.
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
  /** The sandbox's calls to merchants (attributed by the checkout's own URIs). */
  outbound: readonly TrafficEntry[];
  /** The admin plane's calls (a purchase driven by a test), attributed by private id. */
  admin: readonly TrafficEntry[];
  /**
   * The same merchant's calls under its other credentials (a shop part-way through a migration
   * signs some calls with SharedKey and others with a bearer token), oldest first.
   */
  sameMerchant: readonly TrafficEntry[];
  /** Sandbox time now. */
  nowMs: number;
}

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
  /** The customer prefill sent, by value (part of "the same shop order" when there is no reference). */
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
      reference: typeof reference === 'string' && reference !== '' ? reference : null,
      cart: cartKey(memberOf(body, 'cart')),
      fees: valueKey(memberOf(body, 'fees')),
      notificationUrl: uri('notificationUri'),
      validationUrl: uri('validationUri'),
      customer: valueKey(memberOf(body, 'customer')),
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
  /** The integration's calls on each checkout, by private id, oldest first. */
  calls: Map<string, TrafficEntry[]>;
  /** The hosted page's calls, by public token, oldest first. */
  pages: Map<string, TrafficEntry[]>;
  /** Purchases driven through the admin plane, by private id. */
  adminPurchases: Map<string, TrafficEntry>;
  completions: Map<string, TrafficEntry | null>;
}

const indexes = new WeakMap<Traffic, TrafficIndex>();
const PAGE_PATH = /^\/checkout\/([^/]+)/;
const ADMIN_PURCHASE = /\/checkouts\/([^/]+)\/purchase\/?$/;

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function indexOf(traffic: Traffic): TrafficIndex {
  let index = indexes.get(traffic);
  if (index) return index;
  const calls = new Map<string, TrafficEntry[]>();
  for (const entry of traffic.own) {
    const call = checkoutCall(entry);
    if (call) push(calls, call.privateId, entry);
  }
  const pages = new Map<string, TrafficEntry[]>();
  for (const entry of traffic.frontend) {
    const token = PAGE_PATH.exec(entry.path)?.[1];
    if (token) push(pages, token, entry);
  }
  const adminPurchases = new Map<string, TrafficEntry>();
  for (const entry of traffic.admin) {
    const privateId = ADMIN_PURCHASE.exec(entry.path)?.[1];
    if (privateId && entry.method === 'POST' && ok(entry) && !adminPurchases.has(privateId)) adminPurchases.set(privateId, entry);
  }
  index = { trails: trailsOf(traffic), calls, pages, adminPurchases, completions: new Map() };
  indexes.set(traffic, index);
  return index;
}

/** The checkouts the integration initialized, in the order it did. */
export function checkoutsOf(traffic: Traffic): CheckoutTrail[] {
  return indexOf(traffic).trails;
}

/** The integration's calls on one checkout, oldest first. */
export function callsOn(traffic: Traffic, privateId: string): readonly TrafficEntry[] {
  return indexOf(traffic).calls.get(privateId) ?? [];
}

/** The hosted page's calls for one public token, oldest first. */
export function pageCalls(traffic: Traffic, publicToken: string): readonly TrafficEntry[] {
  return indexOf(traffic).pages.get(publicToken) ?? [];
}

/** The checkouts whose URI the sandbox called with `call` (several when the shop's URI has no placeholder). */
export function checkoutsCalled(
  trails: readonly CheckoutTrail[],
  call: TrafficEntry,
  uri: 'notificationUrl' | 'validationUrl',
): CheckoutTrail[] {
  return trails.filter((trail) => trail[uri] !== null && trail[uri] === call.url && trail.init.startedMs <= call.startedMs);
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
  const completion = candidates.sort((a, b) => a.startedMs - b.startedMs)[0] ?? null;
  index.completions.set(trail.privateId, completion);
  return completion;
}

/** Whether, before `at`, the traffic shows the checkout finished (completed, aborted, expired) or gone (404). */
export function finishedBefore(trail: CheckoutTrail, traffic: Traffic, at: TrafficEntry): boolean {
  if (trail.expiresAtMs !== null && at.atMs >= trail.expiresAtMs) return true;
  const completion = completionOf(trail, traffic);
  if (completion && completion.startedMs < at.startedMs) return true;
  return callsOn(traffic, trail.privateId).some((entry) => {
    if (entry.startedMs >= at.startedMs) return false;
    const status = memberOf(memberOf(entry.responseJson(), 'data'), 'status');
    return entry.status === 404 || (typeof status === 'string' && FINISHED_STATUSES.has(status));
  });
}

/** The integration's calls after `entry` started (its own traffic), oldest first. */
export function ownAfter(traffic: Traffic, entry: TrafficEntry): TrafficEntry[] {
  return traffic.own.filter((other) => other.startedMs > entry.startedMs && other.id !== entry.id);
}

/** How long (sandbox time) after an event the traffic's silence counts as an answer. */
export const SETTLE_MS = 60_000;
