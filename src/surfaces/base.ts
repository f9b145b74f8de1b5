/**
 * The shape every surface app shares: a plain Hono app (testable with app.request()),
 * tolerant of trailing slashes, routing on the path the gateway hands it (no Request copy),
 * made from the surface's table of operations (src/http/mount.ts): its routes, its 404 and
 * 405 answers and its one error handler, each in the surface's own dialect.
 */
import { Hono } from 'hono';
import type { AnyOperation } from '../http/endpoint.js';
import { type MountOptions, mountOperations } from '../http/mount.js';
import { routingPath } from '../http/routing.js';
import type { Surface, SurfaceEnv } from '../http/types.js';
import type { SurfaceDeps } from '../routes/deps.js';

export type SurfaceOptions<D> = Omit<MountOptions<D>, 'deps' | 'logger' | 'where'>;

export function surfaceApp<D extends Pick<SurfaceDeps, 'env' | 'surface' | 'logger'>>(
  deps: D,
  table: readonly AnyOperation<D>[],
  options: SurfaceOptions<D>,
): Surface {
  const app = new Hono<SurfaceEnv>({ getPath: routingPath });
  mountOperations(app, table, { ...options, deps, logger: deps.logger, where: `${deps.env.toUpperCase()} ${deps.surface}` });
  return app;
}
