/**
 * SharedKey on a GET with a body: a real Node client sends its JSON body on
 * GET too and signs over it. Over a socket, the sandbox accepts a signature over the bytes
 * received and one over the empty body, on GET and on the other methods; anything else stays
 * 401. In-process (a replay), the body a Request cannot carry on GET travels as RequestWithBody.
 */
import { request as httpRequest } from 'node:http';
import { beforeAll, describe, expect, it } from 'vitest';
import { sharedKeyHeaderValue } from '../../src/domain/sharedkey-signature.js';
import { RequestWithBody } from '../../src/http/body.js';
import { useSandbox } from '../support/sandbox.js';
import { NORDIC, initPayload, initializeOldStyle } from '../support/checkout-requests.js';

const sb = useSandbox({ now: '2026-10-01T10:00:00Z', frozen: true }, 'file');
let port: number;
let privateId: string;

beforeAll(async () => {
  ({ port } = await sb.listen());
  ({ privateId } = await initializeOldStyle(sb, 'legacy', initPayload()));
});

/** A raw HTTP request, so a GET can carry a body as node:http clients allow. */
function send(
  method: string,
  path: string,
  body: string,
  signedBody: string,
): Promise<{ status: number; json: { error: { errors: { reason: string }[] } | null } }> {
  const authorization = sharedKeyHeaderValue(NORDIC.username, NORDIC.key, path, signedBody);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method,
        path: `/uat/legacy${path}`,
        headers: { authorization, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, json: JSON.parse(text) as never }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('SharedKey over a GET with a body', () => {
  const body = '{"storeId":"1234","note":"a\\/b \\u00e5"}';

  it('accepts a signature over the body bytes as received', async () => {
    const answer = await send('GET', `/merchants/1234/checkouts/${privateId}`, body, body);
    expect(answer.status).toBe(200);
    expect(answer.json.error).toBeNull();
  });

  it('accepts a signature over the empty body when a body was sent', async () => {
    expect((await send('GET', `/merchants/1234/checkouts/${privateId}`, body, '')).status).toBe(200);
  });

  it('still accepts a GET without a body signed over nothing', async () => {
    expect((await send('GET', `/merchants/1234/checkouts/${privateId}`, '', '')).status).toBe(200);
  });

  it('refuses a signature over other bytes with 401 Signature_Mismatch', async () => {
    const answer = await send('GET', `/merchants/1234/checkouts/${privateId}`, body, '{"storeId":"1234"}');
    expect(answer.status).toBe(401);
    expect(answer.json.error?.errors[0]?.reason).toBe('Signature_Mismatch');
  });

  it('accepts the empty-body signature on a PUT with a body too', async () => {
    const reference = '{"Reference":"ORD-77"}';
    expect((await send('PUT', `/merchants/1234/checkouts/${privateId}/reference`, reference, '')).status).toBe(200);
    expect((await send('PUT', `/merchants/1234/checkouts/${privateId}/reference`, reference, reference)).status).toBe(200);
  });

  it('in-process, checks the signature over the body a RequestWithBody carries', async () => {
    const path = `/merchants/1234/checkouts/${privateId}`;
    const get = (signedBody: string): Promise<Response> =>
      sb.fetch(
        new RequestWithBody(
          `http://sandbox.local/uat/legacy${path}`,
          {
            method: 'GET',
            headers: {
              authorization: sharedKeyHeaderValue(NORDIC.username, NORDIC.key, path, signedBody),
              'content-type': 'application/json',
            },
          },
          new TextEncoder().encode(body),
        ),
      );
    expect((await get(body)).status).toBe(200);
    expect((await get('')).status).toBe(200);
    const other = await get('{"storeId":"1234"}');
    expect(other.status).toBe(401);
    expect(((await other.json()) as { error: { errors: { reason: string }[] } }).error.errors[0]?.reason).toBe('Signature_Mismatch');
  });
});
