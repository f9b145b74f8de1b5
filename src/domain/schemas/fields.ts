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

const DECIMAL = /^[+-]?\d+(\.\d+)?$/;

/** A number, or a decimal string as PHP clients send it ("199.00"). */
export const lenientNumber = z
  .union([z.number(), z.string().regex(DECIMAL)])
  .meta({ description: 'A number, or the same number as a decimal string ("199.00").' });

/** Ids (storeId, Reference) come as strings or numbers. */
export const textOrNumber = z.union([z.string(), z.number()]);

/** `true`/`false`, also as "true"/"false"/1/0. */
export const lenientBoolean = z.union([z.boolean(), z.enum(['true', 'false', '0', '1']), z.literal(0), z.literal(1)]);

export const KEYS_NOTE = 'Property names match case-insensitively (`Reference`, `UnitPrice`); unknown properties are ignored.';
