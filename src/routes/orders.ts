/**
 * Order administration under /manage/orders. PLACEHOLDER: implemented by the orders issue.
 */
import type { Hono, MiddlewareHandler } from 'hono';
import type { SurfaceContext } from '../context.js';
import type { SurfaceEnv } from '../http/types.js';

export function registerOrderRoutes(_app: Hono<SurfaceEnv>, _ctx: SurfaceContext, _options: { auth: MiddlewareHandler<SurfaceEnv> }): void {}
