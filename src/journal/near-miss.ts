/**
 * Near misses: for a request that matched no route, the closest route a surface serves and
 * what differs; helpers for the closest credential (used by the auth middlewares). Only run
 * for requests that failed, so plain loops are fine.
 */
import type { NearMiss } from '../http/notes.js';
import type { OperationRoute } from '../http/table-router.js';
import { editDistance } from '../spelling.js';

/** The closest route by method + path, or null when the surface serves nothing comparable. */
export function closestRoute(routes: readonly OperationRoute[], method: string, path: string): NearMiss | null {
  const sent = segments(path);
  let best: { route: OperationRoute; score: number; differs: string[] } | null = null;
  const seen = new Set<string>();
  for (const route of routes) {
    // Middleware and catch-alls ('*', '/*', '/manage/*') say nothing about the closest path.
    if (route.path.endsWith('*')) continue;
    const key = `${route.method} ${route.path}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const { score, differs } = compare(segments(route.path), sent);
    const methodDiffers = route.method !== 'ALL' && route.method !== method.toUpperCase();
    const total = score + (methodDiffers ? 1 : 0);
    const why = methodDiffers ? [`method ${method.toUpperCase()} instead of ${route.method}`, ...differs] : differs;
    if (!best || total < best.score) best = { route, score: total, differs: why };
  }
  if (!best || best.score > Math.max(4, sent.length * 2)) return null;
  return {
    kind: 'route',
    closest: `${best.route.method === 'ALL' ? method.toUpperCase() : best.route.method} ${best.route.path}`,
    differs: best.differs.length ? best.differs.join('; ') : 'the path matches only with a different spelling',
  };
}

function segments(path: string): string[] {
  return path
    .split('?')[0]!
    .split('/')
    .filter((s) => s !== '');
}

/** Per segment: parameters match anything; literals cost their edit distance (case costs ½). */
function compare(route: string[], sent: string[]): { score: number; differs: string[] } {
  const differs: string[] = [];
  let score = 0;
  const n = Math.max(route.length, sent.length);
  for (let i = 0; i < n; i++) {
    const want = route[i];
    const got = sent[i];
    if (want === undefined) {
      score += 2;
      differs.push(`extra segment '${got}'`);
    } else if (got === undefined) {
      score += 2;
      differs.push(`missing segment '${want}'`);
    } else if (want.startsWith(':')) {
      continue;
    } else if (want !== got) {
      if (want.toLowerCase() === got.toLowerCase()) {
        score += 0.5;
        differs.push(`'${got}' differs from '${want}' in case`);
      } else {
        score += Math.min(editDistance(want.toLowerCase(), got.toLowerCase()), 3);
        differs.push(`'${got}' instead of '${want}'`);
      }
    }
  }
  return { score, differs };
}

/** The closest known name (case-insensitive equal first, then the smallest typo), or null. */
export function closestName(sent: string, known: readonly string[]): { name: string; differs: string } | null {
  const same = known.find((name) => name.toLowerCase() === sent.toLowerCase());
  if (same) return { name: same, differs: 'differs only in case (usernames are case-sensitive)' };
  let best: { name: string; distance: number } | null = null;
  for (const name of known) {
    const distance = editDistance(sent.toLowerCase(), name.toLowerCase());
    if (!best || distance < best.distance) best = { name, distance };
  }
  if (!best || best.distance > Math.max(3, Math.floor(best.name.length / 3))) return null;
  return { name: best.name, differs: `${best.distance} character${best.distance === 1 ? '' : 's'} differ (a typo?)` };
}
