/**
 * The table of every document the sandbox serves: each emulated surface's operations, as
 * its app is made from them (src/surfaces/*.ts), and the control plane's (ADMIN_OPERATIONS,
 * src/admin/index.ts). Loaded on the first request for a document, not at start-up.
 *
 * The control plane's table is handed in rather than imported: it holds the operations that
 * serve the documents (src/admin/openapi.ts), which load this module, and an import back
 * would close a cycle.
 */
import type { Documented } from '../openapi/operation.js';
import type { DocumentTables } from '../openapi/surfaces.js';
import { API_OPERATIONS } from '../surfaces/api.js';
import { AUTH_OPERATIONS } from '../surfaces/auth.js';
import { FRONTEND_OPERATIONS } from '../surfaces/frontend.js';
import { LEGACY_OPERATIONS } from '../surfaces/legacy.js';
import { RETIRED_OPERATIONS } from '../surfaces/retired.js';

export function documentTables(adminOperations: readonly Documented[]): DocumentTables {
  return {
    auth: { operations: AUTH_OPERATIONS },
    api: { operations: API_OPERATIONS },
    legacy: { operations: LEGACY_OPERATIONS },
    retired: { operations: RETIRED_OPERATIONS, deprecated: true },
    frontend: { operations: FRONTEND_OPERATIONS },
    admin: { operations: adminOperations },
  };
}
