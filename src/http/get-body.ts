/**
 * Bodies sent with GET (service-facts §10, issue 10): a real Node client sends its JSON body
 * on GET too and signs over it. The WHATWG Request cannot carry a body on GET, so the socket
 * listener reads those bytes itself and attaches them here, keyed by the Request (which is
 * never copied on its way to the surface). Body readers ask here for GET.
 */

const bodies = new WeakMap<Request, Uint8Array>();

export function attachGetBody(request: Request, bytes: Uint8Array): void {
  if (bytes.byteLength > 0) bodies.set(request, bytes);
}

/** The bytes a GET arrived with; empty when there were none (or the request came in-process). */
export function getBodyOf(request: Request): Uint8Array {
  return bodies.get(request) ?? new Uint8Array();
}

/** Whether a GET arrived with a body (without making an empty one). */
export function hasGetBody(request: Request): boolean {
  return bodies.has(request);
}
