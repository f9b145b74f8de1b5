/**
 * The replay never calls the merchant. A recorded initialization names the shop's real
 * validationUri and notificationUri; the world would call them when a catch-up completes the
 * purchase. So the replay points them at this local sink instead (same path and query, so
 * placeholders are still substituted), which answers 200 to everything, as the real shop did
 * for the purchase to complete.
 */
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Members of an initialization (any case) that name URLs the service calls. */
const CALLED_URIS = new Set(['validationuri', 'notificationuri', 'callbackuri']);

export class CallbackSink {
  private server: Server | null = null;
  private origin: string | null = null;

  /** The body with every called URL moved onto the sink; started on first use. */
  async redirect(body: unknown): Promise<unknown> {
    if (!mentionsCalledUri(body)) return body;
    const origin = await this.start();
    return rewrite(body, origin);
  }

  async close(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private async start(): Promise<string> {
    if (this.origin) return this.origin;
    const server = createServer((request, response) => {
      request.resume();
      request.on('end', () => response.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    // Keep-alive sockets of the world's fetch must not hold the process open.
    server.unref();
    this.server = server;
    this.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return this.origin;
  }
}

function mentionsCalledUri(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(mentionsCalledUri);
  if (value === null || typeof value !== 'object') return false;
  return Object.entries(value).some(([key, child]) => CALLED_URIS.has(key.toLowerCase()) || mentionsCalledUri(child));
}

function rewrite(value: unknown, origin: string): unknown {
  if (Array.isArray(value)) return value.map((item) => rewrite(item, origin));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, child]) => [key, CALLED_URIS.has(key.toLowerCase()) && typeof child === 'string' ? onSink(child, origin) : rewrite(child, origin)]),
  );
}

/** https://shop.example/notify?id={checkout.id} → http://127.0.0.1:port/notify?id={checkout.id}; anything not a URL stays (the world judges it as the real service did). */
function onSink(uri: string, origin: string): string {
  const match = /^https?:\/\/[^/?#]+(.*)$/i.exec(uri.trim());
  return match ? `${origin}${match[1] || '/'}` : uri;
}
