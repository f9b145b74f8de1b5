/**
 * One operation of a surface, described once: its method and path, who may call it, the
 * body it takes (a lenient zod schema that *is* the binder), every answer it can give (with
 * the full JSON shape), the dialect its refusals speak, its documentation and its handler.
 * Registration (src/http/mount.ts), body validation, the OpenAPI documents, 405 answers, the
 * journal's operation names and near-miss hints all come from these entries; the tables are
 * composed per surface in src/surfaces/ and src/admin/.
 */
import type { Context } from 'hono';
import type { z } from 'zod';
import type { ErrorEntry } from './refusal.js';
import type { Answer, Dialect, SurfaceEnv } from './types.js';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';

/** How a caller proves who it is: a bearer token, a SharedKey signature, or nothing (the route checks what it needs). */
export type AuthScheme = 'bearer' | 'sharedKey' | 'none';

export type Binding<T> = { ok: true; value: T } | { ok: false; problems: ErrorEntry[] };

export interface RequestBody<T> {
  /** What the documents show of the body. */
  schema: z.ZodType;
  /** Its component name in the documents. */
  name: string;
  /** False when the body may be left out (an empty body binds like `{}` or nothing, as the schema says). */
  required?: boolean;
  contentType?: readonly string[];
  /** How the JSON becomes the handler's value; 'handler': the handler reads the bytes itself (the token endpoint's form). */
  bind: ((json: unknown) => Binding<T>) | 'handler';
}

/** A JSON answer: what it means, the schema of its body and its component name in the documents. */
export function jsonAnswer(description: string, schema: z.ZodType, name: string): Answer {
  return { description, schema, name };
}

/** What the handler gets besides the context: the bound body, the JSON it came from, and the bytes as received. */
export interface Input<T> {
  body: T;
  json: unknown;
  bytes: Uint8Array;
}

export type Handler<T> = (c: Context<SurfaceEnv>, input: Input<T>) => Promise<Response> | Response;

export interface Operation<D, T = unknown> {
  /** The operation's name in the service's vocabulary (captureOrder); the documents' operationId and the journal's name. */
  op: string;
  method: Method;
  /** Hono syntax, as registered: /checkouts/:privateId */
  path: string;
  /** The token endpoint answers every method itself (Entra's AADSTS900561 for anything but POST and OPTIONS). */
  anyMethod?: true;
  auth: AuthScheme;
  dialect: Dialect;
  summary: string;
  description?: string;
  query?: Readonly<Record<string, string>>;
  body?: RequestBody<T>;
  /** Status (or 'default', under which the checkout API's 900 is documented) → answer. */
  answers: Readonly<Record<string, Answer>>;
  /** Made once per surface app from its dependencies. */
  handler: (deps: D) => Handler<T>;
}

/** An entry of a table: the body type is the entry's own business. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each entry binds its own body type; the table holds them side by side.
export type AnyOperation<D> = Operation<D, any>;

/** Declares an entry with its body type checked against its handler. */
export function operation<D, T = undefined>(entry: Operation<D, T>): AnyOperation<D> {
  return entry;
}
