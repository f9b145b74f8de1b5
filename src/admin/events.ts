/**
 * GET /__admin/events: the control plane's event stream as Server-Sent Events
 * (text/event-stream). Every event is one `data:` line holding the JSON of a SandboxEvent
 * ({type, at, ...}), with an increasing `id`; no named SSE events, so one onmessage sees
 * them all. The first event is `stream.open` with the clock's state. A comment line every
 * 15 s keeps proxies from closing an idle stream. `world.closed` (an isolated sandbox deleted
 * or expired, or the sandbox shutting down) is the last event: the stream ends after it.
 */
import { streamSSE } from 'hono/streaming';
import type { AdminDeps } from './deps.js';
import type { SandboxEvent } from '../journal/events.js';
import type { AnyOperation } from '../http/operation.js';
import { adminOperation, refusals } from './operation.js';
import { EventOutbox, OUTBOX_LIMIT_BYTES } from '../journal/event-outbox.js';

const KEEP_ALIVE_MS = 15_000;

type EventDeps = Pick<AdminDeps, 'events' | 'clock'>;

export const EVENT_STREAM_OPERATIONS: readonly AnyOperation<EventDeps>[] = [
  adminOperation<EventDeps>({
    op: 'streamEvents',
    method: 'GET',
    path: '/__admin/events',
    summary: 'Server-Sent Events: state changes (checkouts, callbacks, clock moves)',
    description:
      'Each event is one data: line holding a JSON {type, at, …}, with an increasing id; the first is stream.open, world.closed the last.',
    answers: { '200': { description: 'The event stream (never ends on its own).', contentType: 'text/event-stream' }, ...refusals() },
    handler: (ctx) => (c) => {
      c.header('cache-control', 'no-store');
      return streamSSE(c, async (stream) => {
        let id = 0;
        const frame = (event: SandboxEvent): string => `id: ${++id}\ndata: ${JSON.stringify(event)}\n\n`;
        const outbox = new EventOutbox({ write: (text) => stream.write(text), close: () => void stream.close() }, (waiting) =>
          frame({
            type: 'stream.dropped',
            at: ctx.clock.iso(),
            reason: `this subscriber fell behind: ${waiting} bytes of events waited unread, more than the ${OUTBOX_LIMIT_BYTES} kept per subscriber`,
            hint: 'read the stream as it comes; reconnect, and read GET /__admin/requests for what was missed',
          }),
        );
        const send = (event: SandboxEvent): void => {
          if (!outbox.push(frame(event))) unsubscribe();
          else if (event.type === 'world.closed') outbox.closeAfter();
        };
        const unsubscribe = ctx.events.subscribe(send);
        stream.onAbort(unsubscribe);
        send({ type: 'stream.open', at: ctx.clock.iso(), clock: ctx.clock.state() });
        while (!stream.aborted && !stream.closed && !outbox.isDropped) {
          await stream.sleep(KEEP_ALIVE_MS);
          outbox.push(': keep-alive\n\n');
        }
        unsubscribe();
      });
    },
  }),
];
