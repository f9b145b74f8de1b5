/**
 * How each field of an answer is compared, by the operation and the field's pointer (array
 * indexes as `*`):
 *
 *   generated  ids, tokens, instants, hashes: by format only (both sides make up their own)
 *   text       messages written for people: by type only (the sandbox's teach the fix)
 *   enum       a value from a closed set (status, result, error reason): by value, kind `enum`
 *   value      everything else (echoed from the request, derived from it, state): by value
 *
 What the sandbox generates is said once, in the answer schemas of the tables of operations
 * (`generated()`, src/http/envelopes.ts; read by src/http/answer-fields.ts): the operation
 * index hands it over per operation. Fields whose real values differ in every exchange of one
 * endpoint are learned as generated on top (`observe`), so an id the sandbox does not know
 * about yet is no noise either.
 */
import { looksGenerated } from './formats.js';

export type FieldClass = 'generated' | 'text' | 'enum' | 'value';

/** Messages: the checkout envelope's, Entra's error_description, a problem's detail. */
const FREE_TEXT = new Set([
  '/error/message',
  '/error/errors/*/message',
  '/error_description',
  '/detail',
  '/message',
  '/errors/*/message',
  '/title',
]);

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
  'previousStatus',
]);

/** Whether a member holds a value from a closed set; webhooks name their members in PascalCase (`Status`). */
function isEnumName(name: string): boolean {
  return ENUM_NAMES.has(name) || ENUM_NAMES.has(name.charAt(0).toLowerCase() + name.slice(1));
}

/** The classification of one comparison: the fixed lists plus what the recording taught. */
export class FieldClasses {
  /** operation → pointers learned as generated. */
  private readonly learned = new Map<string, Set<string>>();
  private readonly generated = new Map<string, Set<string>>();

  /** `generatedOf`: the pointers an operation's answers mark as generated (from its table entry). */
  constructor(private readonly generatedBy: (operation: string) => readonly string[] = () => []) {}

  classify(operation: string, pointer: string, name: string): FieldClass {
    // A message stays a message when it quotes ids (Entra's error_description carries a trace id and a correlation id).
    // A problem's title is its code (src/http/order-errors.ts), elsewhere a heading.
    if (FREE_TEXT.has(pointer) && !(pointer === '/title' && operation.includes('/manage/'))) return 'text';
    if (this.generatedOf(operation).has(pointer) || this.learned.get(operation)?.has(pointer)) return 'generated';
    return isEnumName(name) ? 'enum' : 'value';
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
      if (isEnumName(name) || this.generatedOf(operation).has(pointer)) continue;
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
    if (!set) this.generated.set(operation, (set = new Set(this.generatedBy(operation))));
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
export function pointerTemplate(pointer: string): string {
  return pointer.replace(/\/\d+(?=\/|$)/g, '/*');
}
