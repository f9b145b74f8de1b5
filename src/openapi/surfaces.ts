/**
 * The documents the sandbox serves: one per emulated surface and one of the control plane,
 * each made from the table it is handed (src/admin/document-tables.ts).
 */
import { SURFACES, type SurfaceName } from '../hosts.js';
import type { DocumentTable } from './operation.js';

export type DocumentName = SurfaceName | 'admin';
export const DOCUMENT_NAMES: readonly DocumentName[] = [...SURFACES, 'admin'];

/** Every document's table. */
export type DocumentTables = Record<DocumentName, DocumentTable>;
