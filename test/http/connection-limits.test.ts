/**
 * The listener's bounds: idle keep-alive connections and slow requests cannot pile up.
 * Short limits here so the test runs in about a second; the defaults are in
 * CONNECTION_LIMITS (src/gateway/listener.ts) and docs/reliability.md.
 */
import { type Socket, connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONNECTION_LIMITS, type ConnectionLimits, type Listener, listen } from '../../src/gateway/listener.js';

const LIMITS: ConnectionLimits = { headersMs: 400, requestMs: 800, keepAliveMs: 300, idleMs: 400, maxConnections: 5 };

let listener: Listener;

beforeAll(async () => {
  listener = await listen(
    async () => new Response('{}', { headers: { 'content-type': 'application/json' } }),
    '127.0.0.1',
    0,
    undefined,
    LIMITS,
  );
});
afterAll(() => listener.close());

function open(port: number = listener.port): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => resolve(socket));
    socket.on('error', reject);
  });
}

/** Milliseconds until the server closes the socket (or `cap` if it stays open). */
function closedWithin(socket: Socket, cap: number): Promise<number> {
  const started = performance.now();
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(cap), cap);
    socket.on('error', () => undefined);
    socket.once('close', () => {
      clearTimeout(timer);
      resolve(performance.now() - started);
    });
    socket.resume();
  });
}

describe('connection limits', () => {
  it('closes a connection that never sends a request', async () => {
    const socket = await open();
    expect(await closedWithin(socket, 3000)).toBeLessThan(2000);
  });

  it('closes an idle keep-alive connection after its answer', async () => {
    const socket = await open();
    socket.write('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n');
    expect(await closedWithin(socket, 3000)).toBeLessThan(2000);
  });

  it('closes a connection whose headers trickle in too slowly', async () => {
    const socket = await open();
    socket.write('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    // One header line every 150 ms keeps the socket busy (no idle timeout) but never finishes.
    const drip = setInterval(() => socket.writable && socket.write('X-Slow: 1\r\n'), 150);
    const ms = await closedWithin(socket, 4000);
    clearInterval(drip);
    expect(ms).toBeLessThan(3000);
  });

  it('refuses connections beyond the bound', async () => {
    // A listener of its own: the held connections must not count against the other tests.
    const bounded = await listen(async () => new Response('{}'), '127.0.0.1', 0, undefined, LIMITS);
    const held = await Promise.all(Array.from({ length: LIMITS.maxConnections }, () => open(bounded.port)));
    const extra = await open(bounded.port);
    expect(await closedWithin(extra, 1000)).toBeLessThan(1000);
    for (const socket of held) socket.destroy();
    await bounded.close();
  });

  it('ships bounded defaults', () => {
    expect(CONNECTION_LIMITS.keepAliveMs).toBeLessThanOrEqual(10_000);
    expect(CONNECTION_LIMITS.idleMs).toBeLessThanOrEqual(60_000);
    expect(CONNECTION_LIMITS.headersMs).toBeLessThanOrEqual(CONNECTION_LIMITS.requestMs);
    expect(CONNECTION_LIMITS.maxConnections).toBeGreaterThan(0);
  });
});

describe('requests the HTTP parser refuses', () => {
  /** Writes raw bytes and resolves with everything the server answers before it closes. */
  async function rawExchange(bytes: string): Promise<string> {
    const socket = await open();
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    socket.write(bytes);
    await closedWithin(socket, 3000);
    return answer;
  }

  it('TRACK (a method Node does not parse): 400 with a JSON body that says why', async () => {
    const answer = await rawExchange('TRACK / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    const body = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as { error: { code: number; message: string } };
    expect(body.error).toMatchObject({ code: 400, message: expect.stringContaining('TRACK') });
  });

  it('headers over 16 KiB: 431 with a JSON body', async () => {
    const answer = await rawExchange(`GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(answer).toMatch(/^HTTP\/1\.1 431 /);
    expect(answer).toContain('16 KiB');
  });
});
