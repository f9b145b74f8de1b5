/**
 * The heap a sandbox keeps, as its live data: asked through the inspector it was started with
 * (`--inspect=127.0.0.1:0`), which collects garbage fully and then reads `process.memoryUsage()`.
 * RSS alone cannot say that, since V8 keeps freed pages for a while; the heap after a full
 * collection is what the world, the journal and the caches hold at that moment.
 */

/** The inspector's socket address, from the line Node prints on stderr when it starts one. */
export const INSPECTOR_ARG = '--inspect=127.0.0.1:0';
const LISTENING = /Debugger listening on (ws:\/\/\S+)/;

export function inspectorUrl(output: string): string {
  const url = LISTENING.exec(output)?.[1];
  if (url === undefined) throw new Error(`the sandbox printed no inspector address (started without ${INSPECTOR_ARG}?)`);
  return url;
}

/** heapUsed after a full collection, MB. */
export async function heapAfterCollectionMb(inspector: string): Promise<number> {
  const socket = new WebSocket(inspector);
  await new Promise<void>((resolve, reject) => {
    socket.addEventListener('open', () => resolve(), { once: true });
    socket.addEventListener('error', () => reject(new Error(`cannot reach the inspector at ${inspector}`)), { once: true });
  });
  let next = 0;
  const call = (method: string, params: object = {}): Promise<Record<string, unknown>> => {
    const id = ++next;
    return new Promise((resolve, reject) => {
      const onMessage = (event: MessageEvent): void => {
        const message = JSON.parse(String(event.data)) as { id?: number; result?: Record<string, unknown>; error?: { message: string } };
        if (message.id !== id) return;
        socket.removeEventListener('message', onMessage);
        if (message.error) reject(new Error(`${method}: ${message.error.message}`));
        else resolve(message.result ?? {});
      };
      socket.addEventListener('message', onMessage);
      socket.send(JSON.stringify({ id, method, params }));
    });
  };
  try {
    await call('HeapProfiler.collectGarbage');
    const evaluated = await call('Runtime.evaluate', { expression: 'process.memoryUsage().heapUsed', returnByValue: true });
    const value = (evaluated.result as { value?: unknown } | undefined)?.value;
    if (typeof value !== 'number') throw new Error('the inspector gave no heap size');
    return value / 1024 / 1024;
  } finally {
    socket.close();
  }
}
