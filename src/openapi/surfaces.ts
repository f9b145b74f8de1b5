/**
 * The documents the sandbox serves: one per emulated surface and one of the control plane,
 * each made from that surface's table of operations (src/surfaces/*.ts, src/admin/index.ts).
 */
import type { SurfaceName } from '../hosts.js';
import type { DocumentTable } from './operation.js';

export type DocumentName = SurfaceName | 'admin';
export const DOCUMENT_NAMES: readonly DocumentName[] = ['auth', 'api', 'legacy', 'retired', 'frontend', 'admin'];

/** Every document's table. */
export type DocumentTables = Record<DocumentName, DocumentTable>;

export const SURFACE_DESCRIPTIONS: Record<DocumentName, string> = {
  auth: "The identity provider: client-credentials tokens, discovery and keys, in Entra's shape.",
  api: 'The current API: new path style, /manage/orders and /purchase with bearer tokens; also the token endpoint (same host).',
  legacy: 'The transitional legacy host: SharedKey, both path styles.',
  retired: 'The retired host: the legacy behaviour until its shutdown (Deprecation/Sunset headers), then 410 or a closed connection.',
  frontend: "The frontend host: the loader scripts and the hosted checkout page (the customer's side).",
  admin: 'The control plane of the sandbox (not part of the emulated service).',
};
