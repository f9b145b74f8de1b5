/**
 * The contracts every surface app shares: who is calling and how that is checked, the
 * per-request variables, what the gateway hands a surface besides the Request, the dialect
 * refusals speak and an answer's description. Types only (and an accessor and a guard), importing no
 * module that implements them: src/http/dialect.ts, operation.ts, mount.ts, body.ts and
 * src/auth/ take them from here, so no import runs back up from a contract to its user.
 */
import type { IncomingMessage } from 'node:http';
import type { Context, Hono } from 'hono';
import type { z } from 'zod';
import type { ViolationKind } from '../domain/violation.js';
import type { RequestNotes } from './notes.js';
import type { ErrorEntry, Refusal } from './refusal.js';

/** The authenticated caller of a business route. */
type Caller = { scheme: 'bearer'; merchantId: string; clientId: string } | { scheme: 'sharedkey'; merchantId: string; username: string };

interface SurfaceVariables {
  caller: Caller;
  /** The request body as received, for SharedKey hashing and lenient JSON binding. */
  rawBody: Uint8Array;
  /** The dialect refusals answer in at this point of the request (src/http/dialect.ts). */
  dialect: Dialect;
  /** The operation the request matched (src/http/operation.ts). */
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
  /** The journal's notes on this request: auth outcome, principal, body (src/journal/journal.ts). */
  notes?: RequestNotes;
}

/** Writes into the journal's notes when the gateway passed them (absent under app.request() in tests). */
export function notesOf(bindings: GatewayBindings | undefined): RequestNotes | undefined {
  return bindings?.notes;
}

export type SurfaceEnv = { Variables: SurfaceVariables; Bindings: GatewayBindings };

/** A surface as the gateway serves it: a Hono app, with the gateway's bindings. */
export type Surface = Hono<SurfaceEnv>;

/** Checks the caller (sets `caller`) or throws a Refusal. */
export type Authenticate = (c: Context<SurfaceEnv>) => Promise<void>;

type DialectName = 'checkout' | 'problem' | 'tokenization' | 'token' | 'oauth' | 'page' | 'admin';

export interface Dialect {
  readonly name: DialectName;
  /** The error envelope, as the documents and the answer check know it. */
  readonly refusal: Answer;
  /** The status of each kind of domain refusal (a broken business rule: 900 on the checkout API, 422 elsewhere). */
  readonly statusOf: Readonly<Record<ViolationKind, number>>;
  /** The refusal in this dialect's envelope. `instance`: the path as the surface saw it. */
  render(refusal: Refusal, instance: string): Response;
  tooLarge(maxBytes: number): Refusal;
  notFound(method: string, path: string, where: string): Refusal;
  /** A known path asked with another method: a 405 naming the allowed ones, or null where the service answers 404. */
  methodNotAllowed(method: string, path: string, allowed: readonly string[]): Refusal | null;
}

/**
 * The dialect of operations that bind a JSON body and save records: it also words a body that is
 * not JSON, one its schema refuses and a save that failed. A surface whose operations read their
 * own bodies and save nothing (the identity provider) speaks a plain Dialect.
 */
export interface RecordDialect extends Dialect {
  malformedJson(detail: string): Refusal;
  /** Problems the body's schema found, one entry each, every message naming its field. */
  invalidBody(problems: ErrorEntry[]): Refusal;
  /** A save that failed: nothing was applied, the client may retry. */
  notSaved(message: string): Refusal;
}

/** Whether `dialect` words bad bodies and failed saves. */
export function isRecordDialect(dialect: Dialect): dialect is RecordDialect {
  return 'notSaved' in dialect;
}

export interface Answer {
  description: string;
  /** The JSON body's schema (strict objects: an undeclared field fails the answer check); absent: no JSON body. */
  schema?: z.ZodType;
  /** Its component name in the documents. */
  name?: string;
  /** Default application/json when there is a schema. */
  contentType?: string;
  /** Headers the answer carries: name → description. */
  headers?: Readonly<Record<string, string>>;
  /** A response the documents name once and refer to (a dialect's refusal). */
  response?: string;
}
