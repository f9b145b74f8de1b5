/**
 * The shape every surface app shares: a plain Hono app (testable with app.request()),
 * tolerant of trailing slashes, routing on the path the gateway hands it (no Request
 * copy), whose errors and unknown paths answer in the surface's own error envelope.
 * A 5xx here is a sandbox bug, and says so.
 */
import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { PersistenceError, Violation } from '../domain/violation.js';
import { CheckoutApiError, checkoutErrorOf, renderCheckoutError } from '../http/envelope.js';
import { isFetchForbiddenMethod } from '../http/methods.js';
import { routingPath } from '../http/routing.js';
import { type SurfaceEnv, notesOf } from '../http/types.js';
import type { SurfaceDeps } from '../routes/deps.js';

export type ErrorRenderer = (error: CheckoutApiError) => Response;

export function surfaceApp(deps: Pick<SurfaceDeps, 'env' | 'surface' | 'logger'>, render: ErrorRenderer = renderCheckoutError): Hono<SurfaceEnv> {
  const app = new Hono<SurfaceEnv>({ getPath: routingPath });

  app.notFound((c) => {
    // The journal looks for the closest route of requests that matched none.
    const notes = notesOf(c.env);
    if (notes) notes.unmatched = true;
    // TRACE reaches no route (no real API serves it): a 405, as ASP.NET answers an unmapped method.
    if (isFetchForbiddenMethod(c.req.method)) {
      return render(
        CheckoutApiError.single(
          405,
          'Method_Not_Allowed',
          `${c.req.method} is not served by the ${deps.env.toUpperCase()} ${deps.surface} surface. Use the method the docs list for ${c.req.path}.`,
        ),
      );
    }
    return render(
      CheckoutApiError.single(
        404,
        'Resource_Not_Found',
        `No ${c.req.method} ${c.req.path} on the ${deps.env.toUpperCase()} ${deps.surface} surface. ` +
          `Check the path against the endpoint lists in docs/checkout-api.md and docs/orders.md (GET /__admin/hosts lists every base URL).`,
      ),
    );
  });

  app.onError((error, c) => {
    if (error instanceof CheckoutApiError) return render(error);
    if (error instanceof Violation) return render(checkoutErrorOf(error));
    if (error instanceof PersistenceError) return render(CheckoutApiError.single(503, 'Not_Saved', error.message, { 'retry-after': '1' }));
    if (error instanceof HTTPException) {
      return render(CheckoutApiError.single(error.status, 'Bad_Request', error.message || 'The request could not be read.'));
    }
    deps.logger.error({ err: error, method: c.req.method, path: c.req.path }, 'unhandled error');
    return render(
      CheckoutApiError.single(500, 'Sandbox_Error', `The sandbox failed on this request (a sandbox bug, please report it): ${error.message}`),
    );
  });

  return app;
}
