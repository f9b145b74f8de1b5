/**
 * The shape every surface app shares: a plain Hono app (testable with app.request()),
 * tolerant of trailing slashes, routing on the path the gateway hands it (no Request copy),
 * made from the surface's table of operations (src/http/mount.ts): its routes, its 404 and
 * 405 answers and its one error handler, each in the surface's own dialect.
 */
import { Hono } from 'hono';
import type { Dialect } from '../http/types.js';
import type { AnyOperation } from '../http/operation.js';
import { type MountOptions, mountOperations } from '../http/mount.js';
import { routingPath } from '../http/routing.js';
import type { Surface, SurfaceEnv } from '../http/types.js';
import type { SurfaceDeps } from '../routes/deps.js';

/** Makes the app of one surface from what surfaces are built with. */
export type SurfaceFactory = (deps: SurfaceDeps) => Surface;

/**
 * A surface's record in its own layer (the rest of it, name to description, is SURFACE_RECORDS
 * in src/hosts.ts): what the world, the gateway, the documents and the fault effects take of it.
 */
export interface SurfaceDefinition {
  /**
   * Its table: its routes, documents, journal names and near misses. Its handlers take what
   * `create` gives them (the surface's dependencies and what it sets up once per app), which
   * is the surface's own business: nothing else calls them.
   */
  readonly operations: readonly AnyOperation<never>[];
  /** Makes its app (with `dialectOf` for what no operation serves), setting up once what its handlers share. */
  readonly create: SurfaceFactory;
  /** The dialect it answers in where no operation decides: a path it does not serve, and an injected fault. */
  readonly dialectOf: (path: string) => Dialect;
}

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
