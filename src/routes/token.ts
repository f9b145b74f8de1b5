/**
 * The identity provider's routes: token endpoint, discovery, JWKS.
 * PLACEHOLDER: implemented by the identity issue.
 */
import type { Hono } from 'hono';
import type { SurfaceContext } from '../context.js';
import type { SurfaceEnv } from '../http/types.js';

export function registerIdentityRoutes(_app: Hono<SurfaceEnv>, _ctx: SurfaceContext): void {}
