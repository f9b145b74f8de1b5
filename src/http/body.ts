/**
 * The one body reader of every surface and the control plane. SharedKey signs the raw bytes,
 * so a body is read once, kept as bytes, and parsed from those same bytes; it is never
 * re-serialised. The cap is counted while the body streams: reading stops at the first byte
 * over it, so a chunked body of any size costs at most the cap in memory (the listener drains
 * or closes the rest after the answer). The bytes read are handed to the request journal.
 */
import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';
import { type GatewayBindings, notesOf } from './types.js';

/** Larger bodies are refused with 413: no real checkout payload comes near it. */
export const MAX_BODY_BYTES = 1024 * 1024;

/** A body over the cap; each surface's dialect words the 413 (src/http/dialect.ts). */
export class BodyTooLarge extends Error {
  override name = 'BodyTooLarge';
  constructor(readonly maxBytes: number = MAX_BODY_BYTES) {
    super(`The request body is larger than ${maxBytes} bytes.`);
  }
}

/**
 * An in-process request with a body its Request cannot carry: a GET's (a Node client sends
 * one and signs it; the WHATWG Request refuses a body on GET). Over a socket a GET's body is
 * read from Node's request like any other; in-process, it travels here.
 */
export class RequestWithBody extends Request {
  constructor(
    url: string,
    init: RequestInit,
    readonly bodyBytes: Uint8Array,
  ) {
    super(url, init);
  }
}

const READ = 'rawBody';
const EMPTY = new Uint8Array();

/** The request's body as received (empty when none); throws BodyTooLarge past the cap. */
export async function readBody(c: Context): Promise<Uint8Array> {
  const cached = c.get(READ) as Uint8Array | undefined;
  if (cached) return cached;
  const bindings = c.env as GatewayBindings | undefined;
  const raw = c.req.raw;
  const bytes =
    raw.method === 'HEAD'
      ? EMPTY
      : bindings?.incoming
        ? await readIncomingCapped(bindings.incoming)
        : raw instanceof RequestWithBody
          ? raw.bodyBytes
          : await readCapped(raw);
  if (bytes === null || bytes.byteLength > MAX_BODY_BYTES) throw new BodyTooLarge();
  c.set(READ, bytes);
  // The journal shows the bytes as received (a reference, no copy).
  const notes = notesOf(bindings);
  if (notes) notes.requestBody = bytes;
  return bytes;
}

/**
 * readCapped for a request that came through a listener: the same cap, counted as Node's
 * stream delivers it (no WHATWG stream in between). Over the cap it stops listening and
 * pauses the socket's body; the listener drains or closes it after the answer.
 */
function readIncomingCapped(incoming: IncomingMessage, max: number = MAX_BODY_BYTES): Promise<Uint8Array | null> {
  const declared = Number(incoming.headers['content-length'] ?? '0');
  if (declared > max) return Promise.resolve(null);
  // A request without a length or a transfer coding has no body (RFC 9112 §6.3): no stream to wait for.
  if ((declared === 0 && incoming.headers['transfer-encoding'] === undefined) || incoming.readableEnded) return Promise.resolve(EMPTY);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    const done = (value: Uint8Array | null): void => {
      incoming.off('data', onData);
      incoming.off('end', onEnd);
      incoming.off('error', onError);
      resolve(value);
    };
    const onData = (chunk: Buffer): void => {
      total += chunk.byteLength;
      if (total > max) {
        incoming.pause();
        done(null);
      } else chunks.push(chunk);
    };
    const onEnd = (): void => done(chunks.length === 1 ? new Uint8Array(chunks[0]!) : new Uint8Array(Buffer.concat(chunks)));
    const onError = (error: Error): void => {
      incoming.off('data', onData);
      incoming.off('end', onEnd);
      reject(error);
    };
    incoming.on('data', onData);
    incoming.on('end', onEnd);
    incoming.on('error', onError);
  });
}

/** The same for an in-process Request (sandbox.fetch, app.request): its WHATWG stream, counted as it streams. */
async function readCapped(request: Request, max: number = MAX_BODY_BYTES): Promise<Uint8Array | null> {
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > max) return null;
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > max) {
      // Stop the producer; the answer goes out before the rest arrives.
      reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  if (chunks.length === 1) return chunks[0] as Uint8Array;
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

export type JsonParse = { ok: true; value: unknown } | { ok: false; message: string };

/** Parses JSON from raw bytes; an empty body is `undefined`, a UTF-8 BOM is skipped. */
export function parseJson(bytes: Uint8Array): JsonParse {
  let text = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  if (text.trim() === '') return { ok: true, value: undefined };
  if (nestingDepth(text) > MAX_JSON_DEPTH) {
    return { ok: false, message: `nested deeper than ${MAX_JSON_DEPTH} levels, the limit of the service's JSON reader` };
  }
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    return { ok: false, message: (error as Error).message };
  }
}

/**
 * ASP.NET's JSON readers (System.Text.Json, Json.NET) stop at 64 levels by default. Deeper
 * documents are refused before parsing: stored, they could not be serialised again
 * (JSON.stringify overflows the stack) and would poison every later read and state write.
 */
export const MAX_JSON_DEPTH = 64;

/** The deepest bracket nesting in JSON text, brackets inside strings ignored; no recursion. */
export function nestingDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 0x5c)
        i += 1; // backslash: skip the escaped character
      else if (ch === 0x22) inString = false;
    } else if (ch === 0x22) inString = true;
    else if (ch === 0x7b || ch === 0x5b) {
      depth += 1;
      if (depth > deepest) deepest = depth;
    } else if (ch === 0x7d || ch === 0x5d) depth -= 1;
  }
  return deepest;
}
