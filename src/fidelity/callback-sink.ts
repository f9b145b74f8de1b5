/**
 * The replay never calls the merchant. A recorded initialization names the shop's real
 * validationUri and notificationUri, and the merchant's webhooks go to the URL in its settings;
 * the world would call them when a catch-up completes the purchase. So the replay points them
 * at this local sink instead (the same path and query under a prefix naming the kind of call,
 * so placeholders are still substituted), which keeps every request it receives for the
 * comparison of the recording's outgoing exchanges, and answers each as the recording says
 * the merchant answered it (200 where the recording shows no such call, as the real shop
 * answered for the purchase to complete).
 */
import { type IncomingHttpHeaders, type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { OUTGOING_KINDS, type OutgoingKind, type RecordedBody } from './recording.js';

/** Members of an initialization (any case) that name URLs the service calls, and the kind of call each gets. */
const CALLED_URIS = new Map<string, OutgoingKind | 'callback'>([
  ['validationuri', 'validation'],
  ['notificationuri', 'notification'],
  ['callbackuri', 'callback'],
]);

/** A request the world sent to the sink: a call the service made to the merchant. */
export interface SentCall {
  kind: OutgoingKind | 'callback';
  method: string;
  /** The path and query as the merchant's host would have seen them (the sink's prefix removed). */
  path: string;
  headers: Record<string, string>;
  body: string;
  /** The webhook's `Type`, when the body has one. */
  type: string | null;
}

/** What the merchant answered a call, as the recording shows it. */
export interface MerchantResponse {
  kind: OutgoingKind;
  method: string;
  /** For webhooks: the recorded body's `Type`. */
  type: string | null;
  status: number;
  body: RecordedBody | null;
}

export class CallbackSink {
  private server: Server | null = null;
  private origin: string | null = null;
  private readonly calls: SentCall[] = [];
  private readonly taken = new Set<SentCall>();
  private readonly answers: MerchantResponse[] = [];

  /** The body with every called URL moved onto the sink; started on first use. */
  async redirect(body: unknown): Promise<unknown> {
    if (!mentionsCalledUri(body)) return body;
    const origin = await this.start();
    return rewrite(body, origin);
  }

  /** Where the merchant's webhooks go in the replay. */
  async webhookUri(): Promise<string> {
    return `${await this.start()}/webhook/`;
  }

  /** The merchant's answers to come, in recorded order: each call of that kind (and type) gets the first one left. */
  expect(answers: readonly MerchantResponse[]): void {
    this.answers.push(...answers);
  }

  /** The calls received and not yet taken that `matches`, in the order they came. */
  untaken(matches: (call: SentCall) => boolean): SentCall[] {
    return this.calls.filter((c) => !this.taken.has(c) && matches(c));
  }

  /** Marks a call as compared: no later exchange takes it. */
  take(call: SentCall): void {
    this.taken.add(call);
  }

  async close(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private async start(): Promise<string> {
    if (this.origin) return this.origin;
    const server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const call = this.received(request.method ?? 'GET', request.url ?? '/', request.headers, Buffer.concat(chunks).toString('utf8'));
        const answer = this.answerFor(call);
        const json =
          answer?.body && 'json' in answer.body
            ? JSON.stringify(answer.body.json)
            : answer?.body && 'text' in answer.body
              ? answer.body.text
              : answer
                ? ''
                : '{}';
        response.writeHead(answer?.status ?? 200, { 'content-type': 'application/json' }).end(json);
      });
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

  private received(method: string, url: string, headers: IncomingHttpHeaders, body: string): SentCall {
    const match = /^\/([a-z]+)(\/.*|\?.*)?$/.exec(url);
    const prefix = match?.[1] ?? '';
    const kind =
      (OUTGOING_KINDS as readonly string[]).includes(prefix) || prefix === 'callback' ? (prefix as SentCall['kind']) : 'notification';
    const path = match ? (match[2] ?? '/') : url;
    const flat: Record<string, string> = {};
    for (const [name, value] of Object.entries(headers))
      if (value !== undefined) flat[name] = Array.isArray(value) ? value.join(', ') : value;
    const call: SentCall = {
      kind,
      method: method.toUpperCase(),
      path: path.startsWith('?') ? `/${path}` : path,
      headers: flat,
      body,
      type: typeOf(body),
    };
    this.calls.push(call);
    return call;
  }

  private answerFor(call: SentCall): MerchantResponse | undefined {
    const index = this.answers.findIndex(
      (a) => a.kind === call.kind && a.method === call.method && (a.type === null || a.type === call.type),
    );
    return index === -1 ? undefined : this.answers.splice(index, 1)[0];
  }
}

function typeOf(body: string): string | null {
  try {
    const json = JSON.parse(body) as unknown;
    const type = json !== null && typeof json === 'object' ? (json as Record<string, unknown>).Type : undefined;
    return typeof type === 'string' ? type : null;
  } catch {
    return null;
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
    Object.entries(value).map(([key, child]) => {
      const kind = CALLED_URIS.get(key.toLowerCase());
      return [key, kind && typeof child === 'string' ? onSink(child, origin, kind) : rewrite(child, origin)];
    }),
  );
}

/** https://shop.example/notify?id={checkout.id} → http://127.0.0.1:port/notification/notify?id={checkout.id}; anything not a URL stays (the world judges it as the real service did). */
function onSink(uri: string, origin: string, kind: string): string {
  const match = /^https?:\/\/[^/?#]+(.*)$/i.exec(uri.trim());
  return match ? `${origin}/${kind}${match[1] || '/'}` : uri;
}
