/**
 * Reading a token request as real clients send it: a percent-encoded form (WooCommerce), a
 * multipart form (the PHP SDK hands curl an array), and client id/secret in HTTP Basic
 * (RFC 6749 §2.3.1) as well as in the body. Like Entra, anything else (a JSON body above
 * all) is read as a request without parameters, which fails on the missing grant_type.
 */
import type { Context } from 'hono';
import { fieldsOf } from '../domain/requests/fields.js';
import { tokenRequestSchema } from '../domain/requests/token.js';
import { readBody } from '../http/body.js';

// The parameter names: the schema's keys, so reader and OpenAPI document agree.
const PARAM = fieldsOf(tokenRequestSchema);

/** The token endpoint, as Entra serves it (v2). */
export const TOKEN_PATH = '/oauth2/v2.0/token';

type BodyKind = 'form' | 'multipart' | 'json' | 'other' | 'empty';

export interface TokenRequest {
  grantType: string | null;
  clientId: string | null;
  clientSecret: string | null;
  scope: string | null;
  bodyKind: BodyKind;
  /** Where the client credentials came from (the body wins when both carry them). */
  credentialsFrom: 'body' | 'basic' | null;
}

export async function readTokenRequest(c: Context): Promise<TokenRequest> {
  const bytes = await readBody(c);
  const contentType = c.req.header('content-type') ?? '';
  const { kind, params } = await parseBody(bytes, contentType);
  const basic = basicCredentials(c.req.header('authorization'));

  const bodyId = param(params, PARAM.client_id);
  const bodySecret = param(params, PARAM.client_secret);
  const clientId = bodyId ?? basic?.clientId ?? null;
  const clientSecret = bodySecret ?? (basic && (bodyId === null || sameClient(bodyId, basic.clientId)) ? basic.clientSecret : null);
  const credentialsFrom = bodyId !== null || bodySecret !== null ? 'body' : basic ? 'basic' : null;
  return {
    grantType: param(params, PARAM.grant_type),
    clientId,
    clientSecret,
    scope: param(params, PARAM.scope),
    bodyKind: kind,
    credentialsFrom,
  };
}

type Params = Map<string, string>;

async function parseBody(bytes: Uint8Array, contentType: string): Promise<{ kind: BodyKind; params: Params }> {
  const text = new TextDecoder('utf-8').decode(bytes);
  const mime = (contentType.split(';')[0] ?? '').trim().toLowerCase();
  if (text.trim() === '') return { kind: 'empty', params: new Map() };
  if (mime === 'application/x-www-form-urlencoded') {
    // A JSON payload under a form label parses into junk keys, so it lacks grant_type, as on Entra.
    return { kind: looksLikeJson(text) ? 'json' : 'form', params: firstValues(new URLSearchParams(text)) };
  }
  if (mime === 'multipart/form-data') return { kind: 'multipart', params: await multipart(bytes, contentType) };
  return { kind: mime.includes('json') || looksLikeJson(text) ? 'json' : 'other', params: new Map() };
}

async function multipart(bytes: Uint8Array, contentType: string): Promise<Params> {
  try {
    // A copy over an ArrayBuffer of its own, a body as the fetch standard types it: the DOM's types
    // say so, and they check this module too (the dashboard's script reads the admin answers' types).
    const form = await new Response(bytes.slice(), { headers: { 'content-type': contentType } }).formData();
    const params: Params = new Map();
    for (const [name, value] of form) {
      if (typeof value === 'string' && !params.has(name)) params.set(name, value);
    }
    return params;
  } catch {
    // An unreadable multipart body (bad boundary) carries no parameters.
    return new Map();
  }
}

/** Repeated parameters: the first one counts. */
function firstValues(search: URLSearchParams): Params {
  const params: Params = new Map();
  for (const [name, value] of search) if (!params.has(name)) params.set(name, value);
  return params;
}

/** An empty value is as good as a missing one. */
function param(params: Params, name: string): string | null {
  const value = params.get(name);
  return value === undefined || value === '' ? null : value;
}

function looksLikeJson(text: string): boolean {
  const start = text.trimStart()[0];
  return start === '{' || start === '[';
}

function sameClient(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

interface BasicCredentials {
  clientId: string;
  clientSecret: string | null;
}

/** `Basic base64(urlencode(id):urlencode(secret))`; an undecodable header counts as absent. */
export function basicCredentials(header: string | undefined): BasicCredentials | null {
  const match = /^\s*basic\s+(\S+)\s*$/i.exec(header ?? '');
  if (!match) return null;
  const decoded = Buffer.from(match[1] as string, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) return null;
  const secret = formDecode(decoded.slice(colon + 1));
  return { clientId: formDecode(decoded.slice(0, colon)), clientSecret: secret === '' ? null : secret };
}

/**
 * RFC 6749 form-encodes both parts before base64; many clients (curl -u) do not. Decoding
 * %XX but keeping '+' literal reads both right: secrets never contain spaces.
 */
function formDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
