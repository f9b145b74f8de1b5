/**
 * The fields an answer schema marks as made up by the sandbox (`generated()`,
 * src/http/envelopes.ts), as JSON Pointers with array indexes as `*` (`/data/privateId`,
 * `/data/invoices/` + `*` + `/invoiceNumber`). A comparison with the real service (src/fidelity/) reads
 * them from the very schemas the documents show, so what is generated is said once.
 */
import { z } from 'zod';
import { GENERATED } from './envelopes.js';

type Schema = z.core.$ZodType;

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'nonoptional', 'catch']);

export function generatedPointers(schema: z.ZodType): string[] {
  const found = new Set<string>();
  walk(schema, '', found, new Set());
  return [...found];
}

function isGenerated(schema: Schema): boolean {
  return (z.globalRegistry.get(schema as z.ZodType) as Record<string, unknown> | undefined)?.[GENERATED] === true;
}

function walk(schema: Schema, pointer: string, found: Set<string>, seen: Set<Schema>): void {
  if (seen.has(schema)) return;
  seen.add(schema);
  if (isGenerated(schema)) found.add(pointer);
  const def = schema._zod.def as unknown as { type: string } & Record<string, unknown>;
  if (WRAPPERS.has(def.type)) return walk(def.innerType as Schema, pointer, found, seen);
  switch (def.type) {
    case 'object':
      for (const [key, field] of Object.entries(def.shape as Record<string, Schema>))
        walk(field, `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`, found, seen);
      return;
    case 'array':
      return walk(def.element as Schema, `${pointer}/*`, found, seen);
    case 'union':
      for (const option of def.options as Schema[]) walk(option, pointer, found, seen);
      return;
    case 'pipe':
      return walk(def.out as Schema, pointer, found, seen);
    default:
      return;
  }
}
