/**
 * The listener's bounds (issue 9: 2,000 idle keep-alive connections were held for 100 s).
 * Short limits here so the test runs in about a second; the defaults are in
 * CONNECTION_LIMITS (src/server.ts) and docs/reliability.md.
 */
import { type Socket, connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONNECTION_LIMITS, type ConnectionLimits, type Listener, listen } from '../../src/server.js';

const LIMITS: ConnectionLimits = { headersMs: 400, requestMs: 800, keepAliveMs: 300, idleMs: 400, maxConnections: 5 };

let listener: Listener;

beforeAll(async () => {
  listener = await listen(async () => new Response('{}', { headers: { 'content-type': 'application/json' } }), '127.0.0.1', 0, undefined, LIMITS);
});
afterAll(() => listener.close());

function open(): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(listener.port, '127.0.0.1', () => resolve(socket));
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
    const held = await Promise.all(Array.from({ length: LIMITS.maxConnections }, open));
    const extra = await open();
    expect(await closedWithin(extra, 1000)).toBeLessThan(1000);
    for (const socket of held) socket.destroy();
  });

  it('ships bounded defaults', () => {
    expect(CONNECTION_LIMITS.keepAliveMs).toBeLessThanOrEqual(10_000);
    expect(CONNECTION_LIMITS.idleMs).toBeLessThanOrEqual(60_000);
    expect(CONNECTION_LIMITS.headersMs).toBeLessThanOrEqual(CONNECTION_LIMITS.requestMs);
    expect(CONNECTION_LIMITS.maxConnections).toBeGreaterThan(0);
  });
});
