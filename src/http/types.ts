/**
 * Types shared by every surface app: who is calling, the per-request variables, and what
 * the gateway hands a surface besides the Request.
 */
import type { IncomingMessage } from 'node:http';
import type { Hono } from 'hono';
import type { Dialect } from './dialect.js';
import type { RequestNotes } from './notes.js';

/** The authenticated caller of a business route. */
export type Caller =
  | { scheme: 'bearer'; merchantId: string; clientId: string }
  | { scheme: 'sharedkey'; merchantId: string; username: string };

export interface SurfaceVariables {
  caller: Caller;
  /** The request body as received, for SharedKey hashing and lenient JSON binding. */
  rawBody: Uint8Array;
  /** The dialect refusals answer in at this point of the request (src/http/dialect.ts). */
  dialect: Dialect;
  /** The operation the request matched (src/http/endpoint.ts). */
  operation: string;
}

/**
 * From the gateway: the path and query as the surface sees them (the local /{env}/{surface}
 * prefix stripped, nothing decoded), passed beside the Request instead of copying it.
 */
export interface GatewayBindings {
  surfacePath?: string;
  /** Node's request behind the Request, when it came through a listener: bodies are read from it. */
  incoming?: IncomingMessage | undefined;
  /** The journal's notes on this request: auth outcome, principal, body (src/control/journal.ts). */
  journal?: RequestNotes;
}

/** Writes into the journal's notes when the gateway passed them (absent under app.request() in tests). */
export function notesOf(bindings: GatewayBindings | undefined): RequestNotes | undefined {
  return bindings?.journal;
}

export type SurfaceEnv = { Variables: SurfaceVariables; Bindings: GatewayBindings };

/** A surface as the gateway serves it: a Hono app, with the gateway's bindings. */
export type Surface = Hono<SurfaceEnv>;
