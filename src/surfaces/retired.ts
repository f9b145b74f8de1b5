/**
 * The retired host ({deprecated_base_url}): exactly the legacy behaviour until the
 * retirement instant on the sandbox clock. PLACEHOLDER gate: the checkout issue adds the
 * shutdown, brownouts and deprecation headers.
 */
import type { Hono } from 'hono';
import type { SurfaceContext } from '../context.js';
import type { SurfaceEnv } from '../http/types.js';
import { createLegacySurface } from './legacy.js';

export function createRetiredSurface(ctx: SurfaceContext): Hono<SurfaceEnv> {
  return createLegacySurface(ctx);
}
