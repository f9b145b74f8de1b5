/**
 * The shape every surface app shares: a plain Hono app (testable with app.request()),
 * tolerant of trailing slashes, whose errors and unknown paths answer in the surface's
 * own error envelope. A 5xx here is a sandbox bug, and says so.
 */
import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { SurfaceContext } from '../context.js';
import { CheckoutApiError, renderCheckoutError } from '../http/envelope.js';
import type { SurfaceEnv } from '../http/types.js';

export type ErrorRenderer = (error: CheckoutApiError) => Response;

export function surfaceApp(ctx: SurfaceContext, render: ErrorRenderer = renderCheckoutError): Hono<SurfaceEnv> {
  // strict: false makes /checkouts/x/ and /checkouts/x the same route, as real clients need.
  const app = new Hono<SurfaceEnv>({ strict: false });

  app.notFound((c) =>
    render(
      CheckoutApiError.single(
        404,
        'Resource_Not_Found',
        `No ${c.req.method} ${new URL(c.req.url).pathname} on the ${ctx.env.toUpperCase()} ${ctx.surface} surface. ` +
          `Check the path against the endpoint lists in docs/checkout-api.md and docs/orders.md (GET /__admin/hosts lists every base URL).`,
      ),
    ),
  );

  app.onError((error, c) => {
    if (error instanceof CheckoutApiError) return render(error);
    if (error instanceof HTTPException) {
      return render(CheckoutApiError.single(error.status, 'Bad_Request', error.message || 'The request could not be read.'));
    }
    ctx.logger.error({ err: error, method: c.req.method, path: c.req.path }, 'unhandled error');
    return render(
      CheckoutApiError.single(500, 'Sandbox_Error', `The sandbox failed on this request (a sandbox bug, please report it): ${error.message}`),
    );
  });

  return app;
}
