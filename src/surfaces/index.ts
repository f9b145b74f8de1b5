/**
 * Every surface's table, app and dialect: the half of its record that lives with its app (the
 * other half, from its name to its description, is SURFACE_RECORDS in src/hosts.ts). Typed by
 * the surfaces' names, so a surface named there and not here, or here without a part, does not
 * compile. The world makes its apps and hands the gateway and the fault rules their tables and
 * dialects from here; the documents take their tables from here too.
 */
import type { SurfaceName } from '../hosts.js';
import { API_SURFACE } from './api.js';
import { AUTH_SURFACE } from './auth.js';
import type { SurfaceDefinition } from './base.js';
import { FRONTEND_SURFACE } from './frontend.js';
import { LEGACY_SURFACE } from './legacy.js';
import { RETIRED_SURFACE } from './retired.js';

export type { SurfaceDefinition, SurfaceFactory } from './base.js';

export const SURFACE_DEFINITIONS: Readonly<Record<SurfaceName, SurfaceDefinition>> = {
  auth: AUTH_SURFACE,
  api: API_SURFACE,
  legacy: LEGACY_SURFACE,
  retired: RETIRED_SURFACE,
  frontend: FRONTEND_SURFACE,
};
