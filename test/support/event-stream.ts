/**
 * A reader of the control plane's event stream (GET /__admin/events) over a socket: waits for
 * the first event of a type and hands over its JSON, keeping what arrived before it.
 */
export interface EventStream {
  /** The next event of `type` (a `data:` line's JSON); its `type` is in it. */
  next(type: string): Promise<Record<string, unknown>>;
  close(): void;
}

export async function openEvents(url: string): Promise<EventStream> {
  const abort = new AbortController();
  const stream = await fetch(`${url}/__admin/events`, { signal: abort.signal });
  const reader = stream.body!.getReader();
  const decoder = new TextDecoder();
  let seen = '';
  let taken = 0;
  const next = async (type: string): Promise<Record<string, unknown>> => {
    const marker = `"type":"${type}"`;
    for (;;) {
      const at = seen.indexOf(marker, taken);
      if (at !== -1) {
        const start = seen.lastIndexOf('\n', at) + 1;
        const end = seen.indexOf('\n', at);
        if (end !== -1) {
          taken = end;
          return JSON.parse(seen.slice(start, end).replace(/^data: /, '')) as Record<string, unknown>;
        }
      }
      const { value, done } = await reader.read();
      if (done) throw new Error(`the event stream ended before a ${type} event`);
      seen += decoder.decode(value, { stream: true });
    }
  };
  await next('stream.open');
  return { next, close: () => abort.abort() };
}
