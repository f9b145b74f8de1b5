/**
 * The lenient building blocks every request body is made of: a case-insensitive object, a
 * list, and leaves that read amounts, numbers, whole numbers, booleans and text the way real
 * clients send them (docs/real-service.md, "Lenient JSON"). A body's schema is the only description of it: its
 * parse output is the bound domain value the handlers use, its complaints are the problems the
 * client reads (problems.ts), and the OpenAPI document is generated from it.
 *
 * How the blocks behave inside zod:
 * - A leaf reads the raw JSON value in one transform and complains in the service's words. Its
 *   document is the JSON Schema of what it accepts on the wire (`wire`), kept as its metadata,
 *   since a transform has none of its own.
 * - An object or a list checks its own shape first (a preprocess, which the document renders as
 *   the object or the array behind it), so zod itself never complains in its own words.
 * - Complaints never stop the parse: every field is read and every problem reported.
 * - Where a value comes in several shapes (a cart object or a bare array; fees or nothing), see
 *   `shapes`.
 */
import { z } from 'zod';
import { readMinor, toMinor } from '../money.js';
import { type Complaint, complain } from './problems.js';
import { asBoolean, asInteger, asNumber, asText, field, isBlank, isObject, type JsonObject } from './readers.js';

export const KEYS_NOTE = 'Property names match case-insensitively (`Reference`, `UnitPrice`); unknown properties are ignored.';

/** `{storeId: 'storeId', …}` from an object schema: the names a reader of its keys uses, typed. */
export function fieldsOf<S extends z.ZodObject>(schema: S): { readonly [K in keyof S['shape'] & string]: K } {
  return Object.fromEntries(Object.keys(schema.shape).map((key) => [key, key])) as { readonly [K in keyof S['shape'] & string]: K };
}

// ---------------------------------------------------------------------------------------
// What the leaves accept on the wire, as the document shows it. JSON Schema has no
// case-insensitive flag and no "number as a string" type, hence the patterns.

export const WIRE = {
  amount: z
    .union([z.number(), z.string().regex(/^\s*[+-]?(\d+([.,]\d*)?|[.,]\d+)\s*$/)])
    .meta({ description: 'An amount: a number, or a decimal string ("199.00"); rounded to two decimals.' }),
  number: z
    .union([z.number(), z.string().regex(/^\s*[+-]?\d+(\.\d+)?\s*$/)])
    .meta({ description: 'A number, or the same number as a decimal string ("25").' }),
  wholeNumber: z.union([z.number().int().min(1), z.string().regex(/^\s*\+?0*[1-9]\d*(\.0+)?\s*$/)]),
  percentage: z.union([z.number().min(0).max(100), z.string().regex(/^\s*\+?(0*100(\.0+)?|\d{1,2}(\.\d+)?)\s*$/)]),
  text: z.union([z.string(), z.number()]),
  boolean: z.union([z.boolean(), z.enum(['true', 'false', '0', '1']), z.literal(0), z.literal(1)]),
  anything: z.unknown().meta({ description: 'Any JSON, kept as sent.' }),
} as const;

const documents = new WeakMap<z.ZodType, { required: JsonObject; optional: JsonObject }>();

/** The JSON Schema of `wire`; an optional leaf also takes null (it reads null as "not given"). */
function documentOf(wire: z.ZodType, optional: boolean): JsonObject {
  let both = documents.get(wire);
  if (!both) {
    const json = (schema: z.ZodType): JsonObject => {
      const { $schema: _schema, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
      return rest;
    };
    both = { required: json(wire), optional: wire === WIRE.anything ? json(wire) : json(wire.nullable()) };
    documents.set(wire, both);
  }
  // A copy per leaf: the generator may write into the schemas it is given.
  return structuredClone(optional ? both.optional : both.required);
}

export type Presence = 'required' | 'optional';

/**
 * A leaf: `read` turns the raw JSON value into the bound one, or complains (complain(ctx, …)).
 * Both kinds are read when their key is absent too: a required one to complain, an optional one
 * to say what absent means (mostly null). The document lists only a required one as required.
 */
export function lenient<T>(
  wire: z.ZodType,
  read: (raw: unknown, ctx: z.core.$RefinementCtx) => T,
  presence: Presence = 'required',
): z.ZodType<T, unknown> {
  const leaf = presence === 'optional' ? z.transform(read) : z.unknown().transform(read);
  return leaf.meta(documentOf(wire, presence === 'optional'));
}

// ---------------------------------------------------------------------------------------
// Objects and lists.

/**
 * An object whose keys match `shape`'s case-insensitively (exact spelling first); unknown keys
 * are ignored. A value that is not an object gets `notAnObject`'s complaint, or, where that
 * answers null (or is left out), reads as an object without keys.
 */
export function caseless<S extends z.ZodRawShape>(shape: S, notAnObject: (raw: unknown) => Complaint | null = () => null) {
  const keys = Object.keys(shape);
  return z.preprocess((raw, ctx): JsonObject => {
    if (isObject(raw)) return canonical(raw, keys);
    const complaint = notAnObject(raw);
    return complaint ? complain(ctx, complaint) : {};
  }, z.object(shape));
}

function canonical(raw: JsonObject, keys: readonly string[]): JsonObject {
  const out: JsonObject = {};
  for (const key of keys) {
    const value = field(raw, key);
    if (value !== undefined) out[key] = value;
  }
  return out;
}

/**
 * A value that comes in several shapes, the document showing each (anyOf). `shapeOf` passes on
 * a value of one of the options' shapes, else complains; so the union only meets values one
 * option takes past its shape check while the others fail at theirs (zod counts those as
 * aborted), and that option's complaints are the union's. An option must therefore be an
 * object, list or literal as it is: a transform after it would mark its complaints aborted
 * too, which is why `bound` shapes the result after the union.
 */
export function shapes<const O extends readonly [z.ZodType, ...z.ZodType[]], T>(
  shapeOf: (raw: unknown, ctx: z.core.$RefinementCtx) => unknown,
  options: O,
  bound: (value: z.output<O[number]>) => T,
  presence: Presence = 'optional',
) {
  const schema = z.preprocess(shapeOf, z.union(options).transform(bound));
  // Options that read an absent key themselves (to complain) make zod list the union as optional.
  return presence === 'required' ? schema.nonoptional() : schema;
}

/** A list of at least one `element`; anything else gets the `notAList` complaint. */
export function list<T extends z.ZodType>(element: T, notAList: Complaint) {
  return z.preprocess(
    (raw, ctx): unknown[] => (Array.isArray(raw) && raw.length > 0 ? raw : complain(ctx, notAList)),
    z.array(element).min(1),
  );
}

// ---------------------------------------------------------------------------------------
// Leaves. "Blank" is absent, null or "": not given.

export interface TextRules {
  /** The complaint when blank; without it, blank reads as null. */
  required?: Complaint;
  /** Keep surrounding blanks (a description is kept as sent). */
  asSent?: boolean;
  /** Keep at most this many characters: the service cuts what is longer. */
  cut?: number;
}

/** Text from a string or a number (ids come as both); trimmed, and null when blank. */
export function text(rules: TextRules & { required: Complaint }): z.ZodType<string, unknown>;
export function text(rules?: TextRules): z.ZodType<string | null, unknown>;
export function text(rules: TextRules = {}): z.ZodType<string | null, unknown> {
  const { required, asSent = false, cut } = rules;
  return lenient(
    WIRE.text,
    (raw, ctx) => {
      const value = asText(raw);
      if (value === null || value.trim() === '') return required ? complain(ctx, required) : null;
      const kept = asSent ? value : value.trim();
      return cut === undefined ? kept : kept.slice(0, cut);
    },
    required ? 'required' : 'optional',
  );
}

export interface AmountRules {
  /** The complaint when blank; without it, blank is `invalid` like any other non-amount. */
  required?: Complaint;
  invalid: (raw: unknown) => Complaint;
  /** The complaint for zero and less, where only a positive amount makes sense. */
  notPositive?: (raw: unknown) => Complaint;
  /**
   * Bind an amount beyond what minor units hold (2^53 and more) as ±Infinity, for the domain
   * to refuse as more than it allows; without it, such an amount is `invalid`.
   */
  keepOversized?: boolean;
}

/** An amount in integer minor units, exactly as toMinor reads it (199, 199.5, "199.00", "199,50"). */
export function amount(rules: AmountRules): z.ZodType<number, unknown> {
  return lenient(WIRE.amount, (raw, ctx) => {
    if (rules.required && isBlank(raw)) return complain(ctx, rules.required);
    const minor = rules.keepOversized ? readMinor(raw) : toMinor(raw);
    if (minor === null) return complain(ctx, rules.invalid(raw));
    return rules.notPositive && minor <= 0 ? complain(ctx, rules.notPositive(raw)) : minor;
  });
}

/** A whole number of at least 1, such as a quantity: 2, "2" or "2.0". */
export function wholeNumber(rules: { required?: Complaint; invalid: (raw: unknown) => Complaint }): z.ZodType<number, unknown> {
  return lenient(WIRE.wholeNumber, (raw, ctx) => {
    if (rules.required && isBlank(raw)) return complain(ctx, rules.required);
    const whole = asInteger(raw);
    return whole !== null && whole >= 1 ? whole : complain(ctx, rules.invalid(raw));
  });
}

export interface NumberRules {
  /** The complaint when blank; without it, blank reads as null. */
  required?: Complaint;
  /** The complaint when not a number; without it, that reads as null. */
  invalid?: (raw: unknown) => Complaint;
}

/** A number, or the same number as a decimal string ("25", "12.5"). */
export function number(rules: NumberRules & { required: Complaint; invalid: (raw: unknown) => Complaint }): z.ZodType<number, unknown>;
export function number(rules?: NumberRules): z.ZodType<number | null, unknown>;
export function number(rules: NumberRules = {}): z.ZodType<number | null, unknown> {
  return lenient(
    WIRE.number,
    (raw, ctx) => {
      if (isBlank(raw)) return rules.required ? complain(ctx, rules.required) : null;
      const value = asNumber(raw);
      return value === null && rules.invalid ? complain(ctx, rules.invalid(raw)) : value;
    },
    rules.required ? 'required' : 'optional',
  );
}

/** true/false, also as "true"/"false", "1"/"0" and 1/0; null for anything else. */
export function boolean(): z.ZodType<boolean | null, unknown> {
  return lenient(WIRE.boolean, (raw) => asBoolean(raw), 'optional');
}

/** Any JSON, kept as sent (metadata, customFields); absent is null. */
export function anyJson(): z.ZodType<unknown, unknown> {
  return lenient(WIRE.anything, (raw) => raw ?? null, 'optional');
}
