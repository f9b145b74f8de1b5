/**
 * The request a recorded exchange becomes in the replay: the recorded path, headers and body
 * with the real ids replaced by the world's (src/fidelity/ids.ts), the merchant's callback
 * URLs moved onto the local sink, and credentials from the world (src/fidelity/credentials.ts).
 */
import { RequestWithBody } from '../http/body.js';
import type { Sandbox } from '../sandbox.js';
import type { CallbackSink } from './callback-sink.js';
import type { Credentials } from './credentials.js';
import type { IdMap } from './ids.js';
import { formField } from './mapping.js';
import type { OperationMatch } from './operations.js';
import type { Exchange } from './recording.js';
import { PLACEHOLDER } from './redaction.js';

export const TOKEN_OPERATION = 'POST /oauth2/v2.0/token';

/** Recorded headers that are not the client's to send again: connection-level, credentials (rebuilt), encodings. */
const NOT_REPLAYED = new Set([
  'host',
  'content-length',
  'authorization',
  'cookie',
  'accept-encoding',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'te',
  'upgrade',
  'expect',
  'proxy-authorization',
  'proxy-connection',
  'forwarded',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-real-ip',
]);

export interface ReplayDeps {
  sandbox: Sandbox;
  ids: IdMap;
  credentials: Credentials;
  sink: CallbackSink;
}

export interface BuiltRequest {
  request: Request;
  /** The client id of a token request, once mapped (the integration being recorded). */
  clientId: string | undefined;
}

export async function buildRequest(deps: ReplayDeps, exchange: Exchange, operation: OperationMatch): Promise<BuiltRequest> {
  const { ids, credentials } = deps;
  const env = exchange.env;
  const pathAndQuery = ids.mapPath(exchange.path);
  const headers = new Headers();
  for (const [name, value] of Object.entries(exchange.request.headers)) if (!NOT_REPLAYED.has(name.toLowerCase())) headers.set(name, value);

  let text: string | undefined;
  let clientId: string | undefined;
  const body = exchange.request.body;
  if (body && 'json' in body) {
    text = JSON.stringify(await deps.sink.redirect(ids.mapJson(body.json)));
  } else if (body && 'text' in body) {
    text = ids.mapString(body.text);
    if (operation.name === TOKEN_OPERATION) {
      clientId = formField(text, 'client_id');
      // The redacted secret goes back as the world's secret only where the real one worked.
      const secret = clientId === undefined ? undefined : credentials.directory.client(env, clientId)?.clientSecret;
      if (secret && exchange.status < 300) text = text.replace(new RegExp(PLACEHOLDER.source, 'g'), secret);
    }
  }
  const bytes = text === undefined ? new Uint8Array() : new TextEncoder().encode(text);

  const authorization = exchange.request.headers.authorization;
  if (authorization !== undefined) {
    const scheme = authorization.trim().split(/\s+/)[0]?.toLowerCase();
    if (scheme === 'bearer') headers.set('authorization', await credentials.bearer(env, authorization, exchange.status));
    else if (scheme === 'sharedkey' && exchange.status !== 401) {
      const signed = credentials.sharedKey(env, signerOf(deps, exchange, operation, text), pathAndQuery, bytes);
      headers.set('authorization', signed ?? authorization);
    } else headers.set('authorization', authorization);
  }

  const method = exchange.method.toUpperCase();
  const url = `http://replay.local/${env}/${exchange.surface}${pathAndQuery}`;
  const request =
    bytes.byteLength === 0 || method === 'HEAD'
      ? new Request(url, { method, headers })
      : method === 'GET'
        ? new RequestWithBody(url, { method, headers }, bytes) // a signed GET body, which a Request cannot carry
        : new Request(url, { method, headers, body: bytes });
  return { request, clientId };
}

/** Whose SharedKey signs: the store in the path, the store in the body, the checkout's owner, else the scenario's first merchant. */
function signerOf(deps: ReplayDeps, exchange: Exchange, operation: OperationMatch, text: string | undefined): string | undefined {
  const { ids, credentials, sandbox } = deps;
  const env = exchange.env;
  const pathStore = operation.params.storeId;
  if (pathStore !== undefined) return credentials.directory.merchantOfStore(env, ids.mapString(pathStore));
  const bodyStore = text === undefined ? undefined : /"storeId"\s*:\s*"?(\d+)/i.exec(text)?.[1];
  if (bodyStore !== undefined) return credentials.directory.merchantOfStore(env, bodyStore);
  const privateId = operation.params.privateId;
  if (privateId !== undefined) return sandbox.services.env(env).checkouts.find(ids.mapString(privateId))?.merchantId;
  return undefined;
}
