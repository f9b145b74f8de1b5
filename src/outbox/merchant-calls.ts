/**
 * HTTP calls from the emulated service to the merchant's own endpoints (validationUri,
 * notificationUri), with global fetch, the real service's 10 s budget and redirects
 * followed. Network failures are outcomes, never exceptions: they are recorded as attempts.
 * A name reserved for examples is never looked up: the call fails at once, saying why.
 * Of the shop's answer only the status decides; its body is read up to what the attempt and
 * the journal keep, and the rest is never fetched (a shop may answer with gigabytes, or
 * without end).
 */
import { monotonicMs } from '../clock.js';
import type { OutboundRecorder } from '../journal/journal.js';
import { reservedExampleName, reservedNameError } from '../domain/reserved-names.js';

const MERCHANT_CALL_TIMEOUT_MS = 10_000;

/** The characters of a shop's answer kept with its attempt (and shown in the journal). */
const KEPT_ANSWER_CHARS = 2000;

/**
 * `reached` on a failure: the shop's address took the call and gave no answer in time (its
 * fault), as against a call that never got there (a reserved name, a refused connection).
 */
export type CallOutcome = { status: number; body: string; error: null } | { status: null; body: null; error: string; reached: boolean };

/** `json`, when given, is sent as JSON (webhooks); `headers` go over the defaults (a webhook's own User-Agent and Walley-* headers). */
async function callMerchant(
  method: 'GET' | 'POST',
  url: string,
  stop?: AbortSignal,
  json?: string,
  headers?: Record<string, string>,
): Promise<CallOutcome> {
  const reserved = URL.canParse(url) ? reservedExampleName(new URL(url).hostname) : null;
  // Fails at once, as it would on the network, without asking a resolver (src/domain/reserved-names.ts).
  if (reserved) return { status: null, body: null, error: reservedNameError(reserved), reached: false };
  const signals = [AbortSignal.timeout(MERCHANT_CALL_TIMEOUT_MS), ...(stop ? [stop] : [])];
  try {
    const response = await fetch(url, {
      method,
      redirect: 'follow',
      signal: AbortSignal.any(signals),
      headers: requestHeaders(json !== undefined, headers),
      ...(json === undefined ? {} : { body: json }),
    });
    const body = await answerPrefix(response);
    return { status: response.status, body, error: null };
  } catch (error) {
    return { status: null, body: null, error: describe(error), reached: (error as { name?: string }).name === 'TimeoutError' };
  }
}

/**
 * The first KEPT_ANSWER_CHARS characters of the answer: read chunk by chunk until there are
 * as many, then the body is cancelled, which closes the connection instead of reading on.
 */
async function answerPrefix(response: Response): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  try {
    while (text.length < KEPT_ANSWER_CHARS) {
      const { done, value } = await reader.read();
      if (done) return (text + decoder.decode()).slice(0, KEPT_ANSWER_CHARS);
      text += decoder.decode(value, { stream: true });
    }
    return text.slice(0, KEPT_ANSWER_CHARS);
  } finally {
    reader.cancel().catch(() => undefined);
  }
}

/** The defaults, each replaced by a given header of the same name in any letter case. */
function requestHeaders(sendsJson: boolean, given: Record<string, string> = {}): Headers {
  const headers = new Headers({
    'user-agent': 'checkout-sandbox (merchant callback)',
    ...(sendsJson ? { 'content-type': 'application/json' } : {}),
  });
  for (const [name, value] of Object.entries(given)) headers.set(name, value);
  return headers;
}

function describe(error: unknown): string {
  const err = error as { name?: string; message?: string; cause?: { code?: string; message?: string } };
  if (err.name === 'TimeoutError') return `no answer within ${MERCHANT_CALL_TIMEOUT_MS / 1000} s`;
  if (err.name === 'AbortError') return 'aborted: the sandbox was closing';
  const cause = err.cause?.code ?? err.cause?.message;
  return cause ? `${err.message ?? 'fetch failed'} (${cause})` : (err.message ?? String(error));
}

export interface RecordedCall {
  env: string;
  /** validation, notification, webhook, invoice-status: what the journal lists it as. */
  kind: string;
  method: 'GET' | 'POST';
  url: string;
  body?: string | undefined;
  /** Sent over the defaults; not kept in the journal (a webhook's record keeps them). */
  headers?: Record<string, string> | undefined;
  /** The checkout the call is about (validation, notification): whose integration it belongs to. */
  privateId?: string | undefined;
  /** Sandbox time at the start: a clock move while the shop answers must not make the call look later than it began. */
  startedAtMs?: number | undefined;
}

/** callMerchant, and the call goes into the request journal (direction `out`) when one is given. */
export async function callMerchantRecorded(
  recorder: OutboundRecorder | undefined,
  call: RecordedCall,
  stop?: AbortSignal,
): Promise<CallOutcome> {
  const started = monotonicMs();
  const { headers, ...recorded } = call;
  const outcome = await callMerchant(call.method, call.url, stop, call.body, headers);
  recorder?.({
    ...recorded,
    status: outcome.status,
    responseBody: outcome.body,
    error: outcome.error,
    reached: outcome.error === null || outcome.reached,
    latencyMs: monotonicMs() - started,
    startedMono: started,
  });
  return outcome;
}
