/**
 * The table of every document the sandbox serves: each emulated surface's operations, as
 * its app is made from them, with its description and whether it is deprecated (its record:
 * src/surfaces/index.ts, src/hosts.ts), and the control plane's (ADMIN_OPERATIONS,
 * src/admin/index.ts). Loaded on the first request for a document, not at start-up.
 *
 * The control plane's table is handed in rather than imported: it holds the operations that
 * serve the documents (src/admin/openapi.ts), which load this module, and an import back
 * would close a cycle.
 */
import { SURFACE_RECORDS, bySurface } from '../hosts.js';
import type { DocumentedOperation } from '../openapi/operation.js';
import type { DocumentTables } from '../openapi/surfaces.js';
import { SURFACE_DEFINITIONS } from '../surfaces/index.js';

export function documentTables(adminOperations: readonly DocumentedOperation[]): DocumentTables {
  return {
    ...bySurface((surface) => ({
      operations: SURFACE_DEFINITIONS[surface].operations,
      description: SURFACE_RECORDS[surface].description,
      deprecated: SURFACE_RECORDS[surface].deprecated === true,
    })),
    admin: { operations: adminOperations, description: 'The control plane of the sandbox (not part of the emulated service).' },
  };
}
