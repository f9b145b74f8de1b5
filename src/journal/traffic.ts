/**
 * Journal entries as the readiness items read them (src/domain/readiness): the raw entry
 * reduced to its facts, bodies decoded once and only when an item asks.
 */
import type { Traffic, TrafficEntry } from '../domain/readiness/readiness.js';
import type { RawEntry } from './journal.js';

const decoder = new TextDecoder();

function parsed(text: string | null): unknown {
  if (text === null || text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function once<T>(compute: () => T): () => T {
  let done = false;
  let value: T;
  return () => {
    if (!done) [value, done] = [compute(), true];
    return value;
  };
}

export function trafficEntry(entry: RawEntry): TrafficEntry {
  const requestText = once(() => (entry.notes.requestBody ? decoder.decode(entry.notes.requestBody) : null));
  return {
    id: entry.id,
    direction: entry.direction,
    atMs: entry.atMs,
    startedMs: entry.startedMono,
    surface: entry.surface,
    method: entry.method,
    path: entry.path,
    status: entry.status,
    auth: entry.notes.auth ?? 'none',
    ...(entry.kind ? { kind: entry.kind, url: entry.url ?? '', error: entry.error ?? null } : {}),
    ...(entry.privateId ? { privateId: entry.privateId } : {}),
    ...(entry.reached === undefined ? {} : { reached: entry.reached }),
    ...(entry.startedAtMs === undefined ? {} : { startedAtMs: entry.startedAtMs }),
    requestJson: once(() => parsed(requestText())),
    responseJson: once(() => parsed(entry.responseBody)),
    responseText: () => entry.responseBody,
  };
}

/** The journal's entries (newest first, as Journal.entries() gives them) split as the items read them. */
export function sharedTraffic(entries: readonly RawEntry[]): Omit<Traffic, 'own'> {
  const frontend: TrafficEntry[] = [];
  const outbound: TrafficEntry[] = [];
  const admin: TrafficEntry[] = [];
  for (let i = entries.length - 1; i >= 0; i--) {
    const entry = entries[i]!;
    if (entry.direction === 'out') outbound.push(trafficEntry(entry));
    else if (entry.surface === 'frontend') frontend.push(trafficEntry(entry));
    else if (entry.surface === 'admin') admin.push(trafficEntry(entry));
  }
  return { frontend, outbound, admin };
}
