/**
 * The answers of /__admin/faults (src/admin/faults.ts): each rule as the fault set keeps it,
 * the fault rule's own view (src/domain/fault-rule.ts).
 */
import { z } from 'zod';
import { faultViewSchema } from '../../domain/fault-rule.js';

/** 200 of GET /__admin/faults. */
export const faultListSchema = z
  .strictObject({ faults: z.array(faultViewSchema) })
  .meta({ description: 'Every fault rule, in the order they are tried.' });

/** 200 of both DELETEs. */
export const faultsRemovedSchema = z
  .strictObject({ removed: z.number().int().min(0) })
  .meta({ description: 'How many rules were removed.' });
