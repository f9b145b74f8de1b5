/**
 * One HTTP exchange of `verify`, kept whole so a failed step can print what the target
 * answered: status, the headers worth seeing, and the body.
 */
export interface VerifyExchange {
  method: string;
  url: string;
  status: number | null;
  headers: Record<string, string>;
  text: string;
  json: unknown;
  /** Why no answer came (connection refused, timeout). */
  failure?: string;
}

export type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

const SHOWN_HEADERS = ['content-type', 'location', 'www-authenticate', 'retry-after', 'x-ms-request-id'];
const TIMEOUT_MS = 15_000;

export async function exchange(
  fetcher: Fetch,
  method: string,
  url: string,
  init: { headers?: Record<string, string>; body?: string } = {},
): Promise<VerifyExchange> {
  try {
    const response = await fetcher(url, {
      method,
      headers: init.headers ?? {},
      ...(init.body === undefined ? {} : { body: init.body }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const text = await response.text();
    const headers: Record<string, string> = {};
    for (const name of SHOWN_HEADERS) {
      const value = response.headers.get(name);
      if (value !== null) headers[name] = value;
    }
    return { method, url, status: response.status, headers, text, json: parse(text) };
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return {
      method,
      url,
      status: null,
      headers: {},
      text: '',
      json: undefined,
      failure: cause?.code ?? cause?.message ?? (error as Error).message,
    };
  }
}

function parse(text: string): unknown {
  try {
    return text === '' ? undefined : (JSON.parse(text) as unknown);
  } catch {
    return undefined;
  }
}

/** A property of a parsed JSON body, `data.privateId` style; undefined when absent. */
export function pick(json: unknown, path: string): unknown {
  let value = json;
  for (const key of path.split('.')) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** The exchange as a failed step prints it (bodies cut at 2000 characters; secrets are never in a response). */
export function describeExchange(x: VerifyExchange): string {
  if (x.status === null) return `${x.method} ${x.url}\n  no answer: ${x.failure ?? 'unknown error'}`;
  const headers = Object.entries(x.headers).map(([name, value]) => `  ${name}: ${value}`);
  const body = x.text.length > 2000 ? `${x.text.slice(0, 2000)}… (${x.text.length} characters)` : x.text;
  return [`${x.method} ${x.url} -> ${x.status}`, ...headers, ...(body ? [`  ${body}`] : [])].join('\n');
}
