/**
 * Ids the real service made up, and the ones the replay's world made up in their place. A
 * recording says `GET /checkouts/1eec44b5-…` with the real privateId; the world knows the
 * checkout as another id. Pairs are learned from the answers (the same generated field on
 * both sides, the Location header segment by segment) and from --map (stores, API clients),
 * then substituted in later requests' paths, queries and bodies, and in the real answers'
 * values before they are compared.
 *
 * Ids are matched case-insensitively: WooCommerce lower-cases order ids before it sends them.
 * Long ids (uuids, tokens) are also replaced inside other strings (a URL, a Location); short
 * ones (a store id "1234") only where they are a whole value, never inside an amount.
 */
import { leaves } from './fields.js';
import { looksLikeId } from './formats.js';

/** Ids at least this long are replaced inside other strings too. */
const SUBSTRING_MIN = 16;
/** Candidates for a long id inside a string: runs of letters, digits and dashes (ids are looked up, not searched for). */
const RUN = /[A-Za-z0-9][A-Za-z0-9-]{15,}/g;
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

export class IdMap {
  private readonly exact = new Map<string, string>();
  private readonly long = new Map<string, string>();

  /** Says that the real service's `real` is the world's `sandbox` from now on. */
  learn(real: string, sandbox: string): void {
    if (real === '' || sandbox === '' || real === sandbox) return;
    const key = real.toLowerCase();
    if (this.exact.get(key) === sandbox) return;
    this.exact.set(key, sandbox);
    if (real.length >= SUBSTRING_MIN) this.long.set(key, sandbox);
  }

  /** The world's id for a real one; undefined when none was learned. */
  lookup(real: string): string | undefined {
    return this.exact.get(real.toLowerCase());
  }

  /** Pairs the generated id fields of a real answer and the world's answer to the same request. */
  learnFromAnswers(isGenerated: (pointer: string) => boolean, real: unknown, sandbox: unknown): void {
    const worldValues = new Map<string, unknown[]>();
    for (const [pointer, , value] of leaves(sandbox, '', '')) {
      if (!isGenerated(pointer)) continue;
      let list = worldValues.get(pointer);
      if (!list) worldValues.set(pointer, (list = []));
      list.push(value);
    }
    const taken = new Map<string, number>();
    for (const [pointer, , value] of leaves(real, '', '')) {
      if (!isGenerated(pointer) || !looksLikeId(value)) continue;
      // Array items pair up in order: the n-th real invoice with the n-th world invoice.
      const index = taken.get(pointer) ?? 0;
      taken.set(pointer, index + 1);
      const other = worldValues.get(pointer)?.[index];
      if (typeof other === 'string') this.learn(value as string, other);
    }
  }

  /** Pairs the segments of two Location headers that differ (/manage/orders/{id}/reauthorize/{id}). */
  learnFromLocations(real: string | null, sandbox: string | null): void {
    if (!real || !sandbox) return;
    const a = pathOf(real).split('/');
    const b = pathOf(sandbox).split('/');
    if (a.length !== b.length) return;
    a.forEach((segment, i) => {
      if (segment !== b[i] && looksLikeId(segment)) this.learn(segment, b[i]!);
    });
  }

  /**
   * A string with every known id replaced: whole when it is one, inside it when the id is
   * long. Inside, the candidates are the string's runs of id characters (a uuid within a
   * longer run too), each looked up: linear in the string, whatever the number of ids known.
   */
  mapString(value: string): string {
    const whole = this.exact.get(value.toLowerCase());
    if (whole !== undefined) return whole;
    if (this.long.size === 0 || value.length < SUBSTRING_MIN) return value;
    return value.replace(
      RUN,
      (run) => this.long.get(run.toLowerCase()) ?? run.replace(UUID, (uuid) => this.long.get(uuid.toLowerCase()) ?? uuid),
    );
  }

  /** A JSON value with every string mapped (a numeric store id stays a number). */
  mapJson(value: unknown): unknown {
    if (typeof value === 'string') return this.mapString(value);
    if (typeof value === 'number') {
      const mapped = this.exact.get(String(value));
      return mapped !== undefined && /^-?\d+(\.\d+)?$/.test(mapped) ? Number(mapped) : value;
    }
    if (Array.isArray(value)) return value.map((item) => this.mapJson(item));
    if (value !== null && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value).map(([key, child]) => [key, this.mapJson(child)]));
    }
    return value;
  }

  /** A path and query with ids replaced segment by segment and value by value. */
  mapPath(pathAndQuery: string): string {
    const question = pathAndQuery.indexOf('?');
    const path = question === -1 ? pathAndQuery : pathAndQuery.slice(0, question);
    const mappedPath = path
      .split('/')
      .map((segment) => (segment === '' ? segment : encodeSegment(this.mapString(decodeSegment(segment)), segment)))
      .join('/');
    if (question === -1) return mappedPath;
    const query = pathAndQuery
      .slice(question + 1)
      .split('&')
      .map((pair) => {
        const eq = pair.indexOf('=');
        if (eq === -1) return pair;
        const value = pair.slice(eq + 1);
        return `${pair.slice(0, eq)}=${encodeSegment(this.mapString(decodeSegment(value)), value)}`;
      })
      .join('&');
    return `${mappedPath}?${query}`;
  }
}

function pathOf(location: string): string {
  try {
    return new URL(location, 'http://x').pathname;
  } catch {
    return location;
  }
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Keeps the segment as it was sent unless an id in it was replaced. */
function encodeSegment(mapped: string, original: string): string {
  return mapped === decodeSegment(original) ? original : encodeURIComponent(mapped);
}
