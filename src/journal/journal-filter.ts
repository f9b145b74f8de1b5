/**
 * Which journal entries a filter (GET /__admin/requests?…) or a count pattern
 * (POST /__admin/requests/count) selects. Every given field must match; absent fields match all.
 */
import type { RawEntry } from './journal.js';
import { pathGlob } from '../domain/path-glob.js';

export interface RequestPattern {
  env?: string | undefined;
  /** One surface, or several separated by commas (api,legacy,retired). */
  surface?: string | undefined;
  method?: string | undefined;
  /** A path pattern (src/domain/path-glob.ts), read as a fault rule reads one. */
  path?: string | undefined;
  /** 401, '4xx', or 'refused'. */
  status?: number | string | undefined;
  /** A client id, SharedKey username or merchant id (case-insensitive). */
  principal?: string | undefined;
  /** Sandbox time: entries at or after this instant (ms). */
  sinceMs?: number | undefined;
  /** e.g. bearer:expired, or a scheme prefix such as sharedkey. */
  auth?: string | undefined;
  direction?: 'in' | 'out' | undefined;
}

export type EntryMatcher = (entry: RawEntry) => boolean;

export function compilePattern(pattern: RequestPattern): EntryMatcher {
  const tests: EntryMatcher[] = [];
  const lower = (value: string): string => value.toLowerCase();
  if (pattern.env) tests.push((e) => e.env === lower(pattern.env!));
  if (pattern.surface) {
    const surfaces = lower(pattern.surface)
      .split(',')
      .map((s) => s.trim());
    tests.push((e) => e.surface !== null && surfaces.includes(e.surface));
  }
  if (pattern.method) tests.push((e) => e.method === pattern.method!.toUpperCase());
  if (pattern.direction) tests.push((e) => e.direction === pattern.direction);
  if (pattern.path) {
    const matches = pathGlob(pattern.path);
    tests.push((e) => matches(e.path));
  }
  if (pattern.status !== undefined && pattern.status !== '') {
    const status = String(pattern.status).toLowerCase();
    if (/^[1-5]xx$/.test(status)) tests.push((e) => typeof e.status === 'number' && Math.floor(e.status / 100) === Number(status[0]));
    else tests.push((e) => String(e.status) === status);
  }
  if (pattern.principal) {
    const wanted = lower(pattern.principal);
    tests.push((e) => {
      const p = e.notes.principal;
      return !!p && [p.clientId, p.username, p.merchantId].some((value) => value !== undefined && lower(value) === wanted);
    });
  }
  if (pattern.sinceMs !== undefined) tests.push((e) => e.atMs >= pattern.sinceMs!);
  if (pattern.auth) {
    const auth = lower(pattern.auth);
    tests.push((e) => {
      const outcome = e.notes.auth ?? 'none';
      return outcome === auth || outcome.startsWith(`${auth}:`);
    });
  }
  return (entry) => tests.every((test) => test(entry));
}
