/**
 * What the request schemas and the lenient binders share. The binders read a body's keys
 * case-insensitively and accept numbers as strings (service-facts §10.6); they read every
 * key through `fieldsOf(schema)`, so a key the binder reads is a key the OpenAPI document
 * shows (a typo or a removed key is a type error), and the document is generated from the
 * same schema objects.
 */
import { z } from 'zod';

/** `{storeId: 'storeId', …}` from an object schema: the binder's accepted keys, typed. */
export function fieldsOf<S extends z.ZodObject>(schema: S): { readonly [K in keyof S['shape'] & string]: K } {
  return Object.fromEntries(Object.keys(schema.shape).map((key) => [key, key])) as { readonly [K in keyof S['shape'] & string]: K };
}

/*
 * The lenient primitives, each the exact counterpart of a reader in src/domain/binding.ts and
 * money.ts (test/unit/schema-agreement.test.ts holds them to it). JSON Schema has no
 * case-insensitive flag, hence the [Ss][Ee] patterns.
 */

/** asNumber: a number, or a decimal string ("25", " 25.0 "). */
export const lenientNumber = z
  .union([z.number(), z.string().regex(/^\s*[+-]?\d+(\.\d+)?\s*$/)])
  .meta({ description: 'A number, or the same number as a decimal string ("25").' });

/** toMinor: a number, or a decimal string with a dot or a comma ("199.00", "199,5", ".5"). */
export const lenientAmount = z
  .union([z.number(), z.string().regex(/^\s*[+-]?(\d+([.,]\d*)?|[.,]\d+)\s*$/)])
  .meta({ description: 'An amount: a number, or a decimal string ("199.00"); rounded to two decimals.' });

/** A whole number of at least 1: 2, "2", "2.0". */
export const positiveWholeNumber = z.union([z.number().int().min(1), z.string().regex(/^\s*\+?0*[1-9]\d*(\.0+)?\s*$/)]);

/** A percentage 0-100, as a number or a decimal string. */
export const percentage = z.union([z.number().min(0).max(100), z.string().regex(/^\s*\+?(0*100(\.0+)?|\d{1,2}(\.\d+)?)\s*$/)]);

/** asText: ids (storeId, Reference) come as strings or numbers. */
export const textOrNumber = z.union([z.string(), z.number()]);

/** asText + trim, non-empty: a string with a non-blank character, or a number. */
export const nonBlankText = z.union([z.string().regex(/\S/), z.number()]);

/** asBoolean: `true`/`false`, also "true"/"false"/"1"/"0"/1/0. */
export const lenientBoolean = z.union([z.boolean(), z.enum(['true', 'false', '0', '1']), z.literal(0), z.literal(1)]);

/** An absolute http(s) URL (placeholders such as {checkout.publictoken} allowed), surrounding blanks ignored. */
export const absoluteUrl = z
  .string()
  .regex(/^\s*[Hh][Tt][Tt][Pp][Ss]?:\/\/[^\s/?#]+([/?#].*)?$/)
  .meta({ description: 'An absolute http(s) URL; placeholders such as {checkout.publictoken} are substituted.' });

/** An optional URL: blank or null means "none". */
export const optionalUrl = z.union([absoluteUrl, z.string().regex(/^\s*$/), z.null()]).optional();

/** One of `values`, in any letter case, blanks around ignored. */
export function anyCase<const T extends readonly string[]>(values: T): z.ZodString {
  const alternatives = values.map((v) => [...v].map((ch) => (ch.toLowerCase() === ch.toUpperCase() ? ch : `[${ch.toUpperCase()}${ch.toLowerCase()}]`)).join(''));
  return z
    .string()
    .regex(new RegExp(`^\\s*(${alternatives.join('|')})\\s*$`))
    .meta({ description: `One of ${values.join(', ')} (any letter case).`, examples: [values[0]] });
}

export const KEYS_NOTE = 'Property names match case-insensitively (`Reference`, `UnitPrice`); unknown properties are ignored.';
