/**
 * Bodies are capped while they stream: a chunked body without Content-Length is read up to
 * 1 MiB and no further, then refused with 413 in the surface's own shape, so a huge body can
 * neither fill the process's memory nor reach a handler, on /__admin as on the surfaces.
 */
import { request as httpRequest } from 'node:http';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES } from '../../src/http/body.js';
import { useSandbox } from '../support/sandbox.js';
import { sharedKeyHeaderValue } from '../../src/domain/sharedkey-signature.js';
import { NORDIC, initPayload } from '../support/checkout-requests.js';
import { tokenFor } from '../support/identity.js';

const sb = useSandbox({ now: '2026-06-01T00:00:00Z', port: 0 }, 'file');
let token: string;
let checkoutId: string;

beforeAll(async () => {
  token = await tokenFor(sb, 'uat');
  const created = await sb.fetch('/uat/api/checkouts', {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(initPayload()),
  });
  checkoutId = ((await created.json()) as { data: { privateId: string } }).data.privateId;
});

const CHUNK = 64 * 1024;

/** A lazily produced body of `total` bytes that counts how much of it was pulled. */
function countingBody(total: number): { stream: ReadableStream<Uint8Array>; pulled: () => number } {
  let sent = 0;
  const chunk = new Uint8Array(CHUNK).fill(0x20);
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= total) return controller.close();
      sent += CHUNK;
      controller.enqueue(chunk);
    },
  });
  return { stream, pulled: () => sent };
}

type Shape = 'checkout' | 'problem' | 'oauth' | 'admin';

type Auth = 'bearer' | 'sharedkey' | 'none';
const TARGETS: [string, string, Shape, Auth][] = [
  ['POST', '/uat/auth/oauth2/v2.0/token', 'oauth', 'none'],
  ['POST', '/uat/api/oauth2/v2.0/token', 'oauth', 'none'],
  ['POST', '/uat/api/checkouts', 'checkout', 'bearer'],
  ['PUT', '/uat/api/checkouts/{checkout}/cart', 'checkout', 'bearer'],
  ['POST', '/uat/api/manage/orders/00000000-0000-4000-8000-000000000000/capture', 'problem', 'bearer'],
  ['POST', '/uat/legacy/checkout', 'checkout', 'sharedkey'],
  ['POST', '/__admin/reset', 'admin', 'none'],
  ['PUT', '/__admin/clock', 'admin', 'none'],
  ['POST', '/__admin/uat/checkouts/{checkout}/customer', 'admin', 'none'],
];

describe('a chunked body is counted while it streams', () => {
  it.each(TARGETS)('%s %s: 413 after reading at most the cap', async (method, path, shape, auth) => {
    const body = countingBody(32 * 1024 * 1024);
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (auth === 'bearer') headers.authorization = `Bearer ${token}`;
    // The signature is checked over the body, so the body is read (and capped) first.
    if (auth === 'sharedkey') headers.authorization = sharedKeyHeaderValue(NORDIC.username, NORDIC.key, '/checkout', '');
    const init: RequestInit & { duplex: 'half' } = { method, headers, body: body.stream, duplex: 'half' };
    const response = await sb.fetch(path.replace('{checkout}', checkoutId), init);
    expect(response.status).toBe(413);
    // The cap plus what the stream had queued ahead (one or two chunks), never the whole body.
    expect(body.pulled()).toBeLessThanOrEqual(MAX_BODY_BYTES + 4 * CHUNK);
    const json = (await response.json()) as Record<string, unknown>;
    if (shape === 'checkout') expect(json).toMatchObject({ data: null, error: { code: 413 } });
    if (shape === 'problem') expect(json).toMatchObject({ status: 413, title: 'PAYLOAD_TOO_LARGE' });
    if (shape === 'oauth')
      expect(json).toMatchObject({ error: 'invalid_request', error_description: expect.stringContaining(String(MAX_BODY_BYTES)) });
    if (shape === 'admin') expect(json).toMatchObject({ error: { status: 413, message: expect.stringContaining(String(MAX_BODY_BYTES)) } });
  });

  it('a body just under the cap is still read whole (admin)', async () => {
    const body = `{"now": "2026-06-01T00:00:00Z", "pad": "${'x'.repeat(MAX_BODY_BYTES - 64)}"}`;
    const response = await sb.fetch('/__admin/clock', { method: 'PUT', body });
    // An unknown key is refused by the schema, which proves the body was read and parsed.
    expect(response.status).toBeLessThan(500);
    expect(response.status).not.toBe(413);
  });
});

describe('over a socket', () => {
  it('a 300 MB chunked token request is refused with 413 without growing the heap', async () => {
    const { port } = await sb.listen();
    global.gc?.();
    const before = process.memoryUsage().rss;
    const chunk = Buffer.alloc(CHUNK, 0x61);
    const limit = 300 * 1024 * 1024;
    const result = await new Promise<{ status: number; sent: number; text: string }>((resolve, reject) => {
      let sent = 0;
      let answered = false;
      const req = httpRequest({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/uat/auth/oauth2/v2.0/token',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'transfer-encoding': 'chunked' },
      });
      req.on('response', (res) => {
        answered = true;
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => {
          resolve({ status: res.statusCode ?? 0, sent, text });
          req.destroy();
        });
      });
      req.on('error', (error) => (answered ? undefined : reject(error)));
      const pump = (): void => {
        while (!answered && sent < limit) {
          sent += chunk.length;
          if (!req.write(chunk)) return void req.once('drain', pump);
        }
        if (!answered) req.end();
      };
      pump();
    });
    expect(result.status).toBe(413);
    expect(JSON.parse(result.text)).toMatchObject({ error: 'invalid_request' });
    // The client stopped as soon as the answer came: far less than 300 MB went over the wire.
    expect(result.sent).toBeLessThan(limit);
    expect(process.memoryUsage().rss - before).toBeLessThan(100 * 1024 * 1024);
  });
});
