/**
 * Ceiling 1, the framework: bare Hono on @hono/node-server answering a small static JSON
 * document, in its own process (as the sandbox runs in its own). Prints `listening <port>`.
 * Plain JavaScript, run by node itself (no tsx), so that its cold start is a ceiling too.
 *   node bench/ceiling-hono.mjs
 * `/sized` answers the same document padded to the size of the sandbox's answer to the
 * bench's reads (the default world's checkout in the SharedKey GET, 1,136 bytes): how much of
 * the gap to the ceiling is the bytes themselves (written, and parsed by the client on the
 * same cores), for the bench's information; the budgets keep the small document.
 */
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

const app = new Hono();
const body = { id: 'b0000000-0000-4000-8000-000000000001', data: { status: 'Initialized', amount: '2747.00' }, error: null };
const ANSWER_BYTES = 1136;
const sized = { ...body, padding: '' };
sized.padding = 'x'.repeat(ANSWER_BYTES - JSON.stringify(sized).length);
app.get('/sized', (c) => c.json(sized));
app.get('/*', (c) => c.json(body));

const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
  process.stdout.write(`listening ${info.port}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
