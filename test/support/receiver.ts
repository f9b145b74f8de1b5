/**
 * A merchant's web shop on a local port (port 0): records every call it gets (method, URL,
 * headers, body as received) and answers each path with the next status of its script (then
 * the last one), or as a handler given for that path says (plain text, never).
 */
import { type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Scope, scopedWith } from './sandbox.js';

export interface Received {
  method: string;
  url: string;
  body: string;
  contentType: string | undefined;
  headers: IncomingHttpHeaders;
}

export class Receiver {
  readonly received: Received[] = [];
  private readonly scripts = new Map<string, number[]>();
  private readonly handlers = new Map<string, (res: ServerResponse) => void>();
  private readonly waiters: (() => void)[] = [];
  private server!: Server;
  base = '';

  async start(): Promise<void> {
    this.server = createServer((req: IncomingMessage, res) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => (body += chunk));
      req.on('end', () => {
        this.received.push({
          method: req.method ?? '',
          url: req.url ?? '',
          body,
          contentType: req.headers['content-type'],
          headers: req.headers,
        });
        const path = (req.url ?? '').split('?')[0]!;
        const handler = this.handlers.get(path);
        if (handler) {
          handler(res);
          this.waiters.splice(0).forEach((wake) => wake());
          return;
        }
        const script = this.scripts.get(path) ?? [200];
        const status = script.length > 1 ? script.shift()! : script[0]!;
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ status }));
        this.waiters.splice(0).forEach((wake) => wake());
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.base = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  answer(path: string, ...statuses: number[]): void {
    this.scripts.set(path, statuses);
  }

  /** Answers `path` as `respond` does: a plain-text refusal, or no answer at all (a shop that hangs). */
  answerWith(path: string, respond: (res: ServerResponse) => void): void {
    this.handlers.set(path, respond);
  }

  on(path: string): Received[] {
    return this.received.filter((r) => r.url.split('?')[0] === path);
  }

  /** JSON bodies POSTed to `path`. */
  posted(path: string): { Type: string; Timestamp: string; Payload: Record<string, unknown> }[] {
    return this.on(path).map((r) => JSON.parse(r.body) as { Type: string; Timestamp: string; Payload: Record<string, unknown> });
  }

  /** Waits (bounded) until `path` got at least `count` calls. */
  async until(path: string, count: number, timeoutMs = 3000): Promise<Received[]> {
    const deadline = performance.now() + timeoutMs;
    while (this.on(path).length < count && performance.now() < deadline) {
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
    return this.on(path);
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** The shop of each test (or of the file), started before and stopped after: read it inside tests and hooks. */
export function useReceiver(scope: Scope = 'each'): Receiver {
  return scopedWith(
    'the shop',
    async () => {
      const shop = new Receiver();
      await shop.start();
      return shop;
    },
    (shop) => shop.stop(),
    scope,
  );
}
