/**
 * Every JSON response of the sandbox is made here. The text of each response is remembered with
 * its Response (by reference, in a WeakMap, so nothing is copied and nothing outlives the
 * Response), which is how the request journal shows answer bodies without reading any
 * library's internals (src/gateway/journal-hook.ts).
 */

const texts = new WeakMap<Response, string>();

/** The body text of a response made by jsonResponse/textResponse; undefined for any other Response. */
export function responseTextOf(response: Response): string | undefined {
  return texts.get(response);
}

/**
 * The real API answers business-rule rejections with HTTP 900, which the WHATWG Response
 * refuses (200–599 only) while Node's HTTP server sends it fine. This Response reports the
 * real status through its getter, so both app.request() callers and the socket see 900.
 * Middleware must therefore add headers with `c.res.headers.set`, never by re-creating
 * the response (`c.header` after `next()` would).
 */
export class StatusResponse extends Response {
  constructor(body: ConstructorParameters<typeof Response>[0], init: ResponseInit, realStatus: number) {
    super(body, { ...init, status: realStatus >= 200 && realStatus <= 599 ? realStatus : 200 });
    // Own properties shadow the prototype getters of Response.
    Object.defineProperty(this, 'status', { value: realStatus });
    Object.defineProperty(this, 'ok', { value: realStatus >= 200 && realStatus <= 299 });
  }
}

const JSON_TYPE = 'application/json; charset=utf-8';

/** A JSON response with any status, including 900, which Hono's typed helpers refuse. */
export function jsonResponse(body: unknown, status: number, headers: Record<string, string> = {}): Response {
  return jsonTextResponse(JSON.stringify(body), status, headers);
}

/** A JSON response whose text is already made (a cached view): not parsed or serialised again. */
export function jsonTextResponse(text: string, status: number, headers?: Record<string, string>): Response {
  return textResponse(text, status, headers ? { 'content-type': JSON_TYPE, ...headers } : { 'content-type': JSON_TYPE });
}

/** A response with a text body; the journal keeps its text. */
function textResponse(text: string, status: number, headers: Record<string, string>): Response {
  // A plain Response when the status allows it: @hono/node-server writes those on its fast path.
  const response = status >= 200 && status <= 599 ? new Response(text, { status, headers }) : new StatusResponse(text, { headers }, status);
  texts.set(response, text);
  return response;
}
