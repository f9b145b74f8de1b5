/**
 * What the documents need of an operation: the documented part of a table entry
 * (src/http/operation.ts), whatever its handler. The tables themselves live with the surfaces
 * and the control plane; they are handed to the generator (src/openapi/document.ts).
 */
import type { Operation } from '../http/operation.js';

export type DocumentedOperation = Omit<Operation<never, unknown>, 'handler' | 'dialect'>;

/** A document's operations, its description, and whether its host is on its way out (the retired host). */
export interface DocumentTable {
  operations: readonly DocumentedOperation[];
  /** The document's description: what the surface serves. */
  description: string;
  deprecated?: boolean;
}

/** `/checkouts/:privateId` → `/checkouts/{privateId}` */
export function openApiPath(honoPath: string): string {
  return honoPath.replace(/:([A-Za-z_][A-Za-z0-9_]*)(\{[^}]*\})?/g, '{$1}');
}
