/**
 * How each field of an answer is compared, by the operation and the field's pointer (array
 * indexes as `*`):
 *
 *   generated  ids, tokens, instants, hashes: by format only (both sides make up their own)
 *   text       messages written for people: by type only (the sandbox's teach the fix)
 *   enum       a value from a closed set (status, result, error reason): by value, kind `enum`
 *   value      everything else (echoed from the request, derived from it, state): by value
 *
 * `generatedFields` is the one place that says what the sandbox generates: a list per
 * operation for now; the endpoint tables of issue 16 will hand it over per answer. Fields
 * whose real values differ in every exchange of one endpoint are learned as generated on top
 * (`learnGenerated`), so an id the sandbox does not know about yet is no noise either.
 */
import { looksGenerated } from './formats.js';

export type FieldClass = 'generated' | 'text' | 'enum' | 'value';

/** Generated in every answer that has them: the envelope's id, Entra's trace fields, problem trace ids. */
const EVERY_ANSWER = ['/id', '/trace_id', '/correlation_id', '/timestamp', '/error_uri', '/traceId', '/correlationId'];

const CHECKOUT_READ = ['/data/purchase/purchaseIdentifier', '/data/order/orderId', '/data/order/customerToken'];
const INITIALIZE = ['/data/privateId', '/data/publicToken', '/data/expiresAt', '/data/paymentUri'];
const WIDGET = ['/data/widgetToken', '/data/expiresAt'];
const ORDER = ['/id', '/placedAt', '/expiresAt', '/invoices/*/invoiceNumber', '/invoices/*/createdAt'];

const BY_OPERATION: Record<string, readonly string[]> = {
  'POST /oauth2/v2.0/token': ['/access_token'],
  'POST /checkouts': INITIALIZE,
  'POST /checkout': INITIALIZE,
  'GET /checkouts/{privateId}': CHECKOUT_READ,
  'GET /merchants/{storeId}/checkouts/{privateId}': CHECKOUT_READ,
  'POST /widgets': WIDGET,
  'POST /widget': WIDGET,
  'GET /manage/orders/{orderId}': ORDER.map((p) => `/data${p}`),
  'GET /manage/orders': ORDER.map((p) => `/data/*${p}`),
  'GET /manage/orders/{orderId}/reauthorize/{reauthorizationId}': ['/data/id'],
  'POST /purchase/authorizations': ['/data/authorizationId', '/data/orderId'],
  'GET /{tenant}/discovery/v2.0/keys': ['/keys/*/kid', '/keys/*/x5t', '/keys/*/n', '/keys/*/e', '/keys/*/x5c/*'],
};

/** The pointers (indexes as `*`) whose values the sandbox makes up in the answer of an operation. */
export function generatedFields(operation: string): readonly string[] {
  return [...EVERY_ANSWER, ...(BY_OPERATION[operation] ?? [])];
}

/** Messages: the checkout envelope's, Entra's error_description, a problem's detail. */
const FREE_TEXT = new Set(['/error/message', '/error/errors/*/message', '/error_description', '/detail', '/message', '/errors/*/message', '/title']);

/** Member names whose values come from a closed set. */
const ENUM_NAMES = new Set([
  'status',
  'result',
  'customerType',
  'countryCode',
  'currency',
  'token_type',
  'reason',
  'error',
  'salesSegment',
  'type',
  'invoiceDeliveryMethod',
  'paymentName',
  'paymentMethod',
  'captureMode',
]);

/** The classification of one comparison: the fixed lists plus what the recording taught. */
export class FieldClasses {
  /** operation → pointers learned as generated. */
  private readonly learned = new Map<string, Set<string>>();
  private readonly generated = new Map<string, Set<string>>();

  classify(operation: string, pointer: string, name: string): FieldClass {
    if (this.generatedOf(operation).has(pointer) || this.learned.get(operation)?.has(pointer)) return 'generated';
    // A problem's title is its code (src/http/order-errors.ts), elsewhere a heading.
    if (FREE_TEXT.has(pointer) && !(pointer === '/title' && operation.includes('/manage/'))) return 'text';
    return ENUM_NAMES.has(name) ? 'enum' : 'value';
  }

  isGenerated(operation: string, pointer: string): boolean {
    return this.generatedOf(operation).has(pointer) || this.learned.get(operation)?.has(pointer) === true;
  }

  /** Pointers learned as generated, per operation (for the report). */
  learnedFields(): Record<string, string[]> {
    return Object.fromEntries([...this.learned].map(([op, set]) => [op, [...set].sort()]));
  }

  /** What the real answers showed so far: operation → pointer → the values seen. */
  private readonly seen = new Map<string, Map<string, { values: Set<string>; count: number; generated: boolean }>>();

  /**
   * Learns from one real answer (diff shows it every answer first, a live comparison as they
   * come): a string field of one endpoint whose value looks generated and differs in every
   * exchange (two or more) is generated. State (status) and derived amounts never qualify:
   * they are enums or numbers, not id-like strings.
   */
  observe(operation: string, json: unknown): void {
    let fields = this.seen.get(operation);
    if (!fields) this.seen.set(operation, (fields = new Map()));
    for (const [pointer, name, value] of leaves(json, '', '')) {
      if (ENUM_NAMES.has(name) || this.generatedOf(operation).has(pointer)) continue;
      let field = fields.get(pointer);
      if (!field) fields.set(pointer, (field = { values: new Set(), count: 0, generated: true }));
      field.count++;
      field.values.add(JSON.stringify(value));
      field.generated &&= looksGenerated(value);
      const learned = field.count >= 2 && field.generated && field.values.size === field.count;
      let set = this.learned.get(operation);
      if (learned) {
        if (!set) this.learned.set(operation, (set = new Set()));
        set.add(pointer);
      } else set?.delete(pointer);
    }
  }

  private generatedOf(operation: string): Set<string> {
    let set = this.generated.get(operation);
    if (!set) this.generated.set(operation, (set = new Set(generatedFields(operation))));
    return set;
  }
}

/** The scalar leaves of a JSON value: [pointer with indexes as *, member name, value]. */
export function* leaves(value: unknown, pointer: string, name: string): Generator<[string, string, unknown]> {
  if (Array.isArray(value)) {
    for (const item of value) yield* leaves(item, `${pointer}/*`, name);
  } else if (value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) yield* leaves(child, `${pointer}/${escapePointer(key)}`, key);
  } else {
    yield [pointer, name, value];
  }
}

/** RFC 6901: `~` and `/` in a member name. */
export function escapePointer(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** A concrete pointer (indexes as numbers) as the summary shows it (indexes as `*`). */
export function templateOf(pointer: string): string {
  return pointer.replace(/\/\d+(?=\/|$)/g, '/*');
}
