/**
 * Renames a body's keys to a schema's own spelling, matching them as the binders do
 * (src/domain/binding.ts `field`: exact first, then case-insensitive), so the schema can
 * judge the body the binder judged. Unknown keys are dropped: the schemas ignore them.
 */
import type { z } from 'zod';
import { field, isObject } from '../../src/domain/binding.js';

// zod's definitions as far as the walk needs them (its public types do not expose a union of defs).
interface Def {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  element?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  options?: z.ZodType[];
}

export function normaliseKeys(value: unknown, schema: z.ZodType): unknown {
  const def = schema._zod.def as unknown as Def;
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
      return normaliseKeys(value, def.innerType as z.ZodType);
    case 'pipe':
      return normaliseKeys(value, def.in as z.ZodType);
    case 'array':
      return Array.isArray(value) ? value.map((item) => normaliseKeys(item, def.element as z.ZodType)) : value;
    case 'object': {
      if (!isObject(value)) return value;
      const out: Record<string, unknown> = {};
      for (const [key, inner] of Object.entries(def.shape ?? {})) {
        const found = field(value, key);
        if (found !== undefined) out[key] = normaliseKeys(found, inner);
      }
      return out;
    }
    case 'union': {
      // The first option the normalised value passes; else the first one's spelling.
      const options = def.options ?? [];
      for (const option of options) {
        const candidate = normaliseKeys(value, option);
        if (option.safeParse(candidate).success) return candidate;
      }
      return options[0] ? normaliseKeys(value, options[0]) : value;
    }
    default:
      return value;
  }
}
