/**
 * One exchange, two answers: what the real service answered (recorded) and what the world
 * answered to the same request (replayed). Compared, in this order:
 *
 *   status   a different status says it all; nothing else is compared then
 *   header   the headers clients act on: Content-Type (media type), Location (shape),
 *            Retry-After, WWW-Authenticate (scheme, error), Sunset, Deprecation, Link (rels);
 *            on a call to the merchant also User-Agent (product) and the Walley-* headers
 *   body     JSON both ways, by JSON Pointer: missing (real has, sandbox lacks), extra
 *            (the reverse), type, then per field class (src/fidelity/fields.ts): format for
 *            generated values, enum and value for the rest; messages by type only
 *
 * Redacted real values (placeholders) are compared by presence and type only, and the real
 * answer's ids are mapped to the world's before values are compared.
 */
import { type FieldClasses, escapePointer, pointerTemplate } from './fields.js';
import { formatOf, jsonType } from './formats.js';
import type { IdMap } from './ids.js';
import type { RecordedBody } from './recording.js';
import { isRedacted } from './redaction.js';
import type { Rules, Where } from './rules.js';

export const DIVERGENCE_KINDS = ['status', 'missing', 'extra', 'type', 'enum', 'format', 'value', 'header'] as const;
export type DivergenceKind = (typeof DIVERGENCE_KINDS)[number];

export interface Divergence {
  kind: DivergenceKind;
  /** Concrete JSON Pointer (array indexes as numbers); null for status and header divergences. */
  pointer: string | null;
  /** The header a header divergence is about. */
  header?: string;
  real: unknown;
  sandbox: unknown;
}

export interface RecordedResponse {
  /** 'refused': the world closed the connection (the retired host after its shutdown). */
  status: number | 'refused';
  headers: Record<string, string>;
  body: RecordedBody | null;
}

export interface CompareContext {
  where: Where;
  classes: FieldClasses;
  rules: Rules;
  ids: IdMap;
}

export function compareResponses(ctx: CompareContext, real: RecordedResponse, sandbox: RecordedResponse): Divergence[] {
  if (real.status !== sandbox.status) return [{ kind: 'status', pointer: null, real: real.status, sandbox: sandbox.status }];
  return compareMessages(ctx, real, sandbox);
}

/** Headers and bodies of two messages: two answers, or two requests the service sent to a merchant. */
export function compareMessages(
  ctx: CompareContext,
  real: Pick<RecordedResponse, 'headers' | 'body'>,
  sandbox: Pick<RecordedResponse, 'headers' | 'body'>,
): Divergence[] {
  // A body the documentation does not show has no media type to compare either.
  const undocumented = real.body !== null && 'omitted' in real.body && real.body.omitted === 'undocumented';
  return [
    ...compareHeaders(ctx, real.headers, sandbox.headers, undocumented ? ['content-type'] : []),
    ...compareBodies(ctx, real.body, sandbox.body),
  ];
}

/** Each header that matters, reduced to what a client acts on; `ifRecorded`: compared only where the recording shows it. */
const HEADERS: Record<string, { reduce: (value: string, ids: IdMap) => string; ifRecorded?: true }> = {
  'content-type': { reduce: (v) => v.split(';')[0]!.trim().toLowerCase() },
  location: { reduce: (v, ids) => shapeOfLocation(ids.mapString(v)) },
  'retry-after': { reduce: (v) => (/^\d+$/.test(v.trim()) ? '<seconds>' : '<HTTP date>') },
  'www-authenticate': {
    reduce: (v) => {
      const scheme = v.trim().split(/\s+/)[0] ?? '';
      const error = /error="?([^",]+)"?/i.exec(v)?.[1];
      return error ? `${scheme} error="${error}"` : scheme;
    },
  },
  sunset: { reduce: (v) => (Number.isNaN(Date.parse(v)) ? v : '<HTTP date>') },
  deprecation: { reduce: (v) => (/^@\d+$/.test(v.trim()) ? '@<seconds>' : Number.isNaN(Date.parse(v)) ? v : '<HTTP date>') },
  link: {
    reduce: (v) =>
      [...v.matchAll(/rel="?([^";]+)"?/gi)]
        .flatMap((m) => m[1]!.trim().split(/\s+/))
        .sort()
        .join(' '),
  },
  // What the service sends with a webhook (https://dev.walleypay.com/docs/webhooks/overview): the
  // product of its User-Agent, the shapes of the generated values, Walley-Live as written.
  'user-agent': { reduce: (v) => v.trim().split(/[\s/]/)[0] ?? '', ifRecorded: true },
  'walley-correlationid': { reduce: (v) => formatOf(v.trim()) },
  'walley-timestamp': { reduce: (v) => (/^\d{10}$/.test(v.trim()) ? '<UNIX seconds>' : formatOf(v.trim())) },
  'walley-live': { reduce: (v) => v.trim() },
  'walley-signature': { reduce: (v) => formatOf(v.trim()) },
};

function compareHeaders(
  ctx: CompareContext,
  real: Record<string, string>,
  sandbox: Record<string, string>,
  skipped: readonly string[],
): Divergence[] {
  const out: Divergence[] = [];
  for (const [name, { reduce, ifRecorded }] of Object.entries(HEADERS)) {
    if (skipped.includes(name) || ctx.rules.forHeader(ctx.where, name) === 'ignore') continue;
    const a = real[name];
    const b = sandbox[name];
    if (a === undefined && (b === undefined || ifRecorded)) continue;
    const left = a === undefined ? null : reduce(a, ctx.ids);
    const right = b === undefined ? null : reduce(b, ctx.ids);
    if (left !== right)
      out.push({
        kind: 'header',
        pointer: null,
        header: name,
        real: left === null ? null : `${name}: ${left}`,
        sandbox: right === null ? null : `${name}: ${right}`,
      });
  }
  return out;
}

/** /manage/orders/{uuid}/reauthorize/{uuid}: ids as placeholders of their kind, the origin kept (relative vs absolute matters). */
function shapeOfLocation(location: string): string {
  return location
    .split('?')[0]!
    .split('/')
    .map((segment) =>
      formatOf(segment) === 'uuid' ? '{uuid}' : /^\d+$/.test(segment) ? '{digits}' : /^[0-9a-f-]{16,}$/i.test(segment) ? '{id}' : segment,
    )
    .join('/');
}

function compareBodies(ctx: CompareContext, real: RecordedBody | null, sandbox: RecordedBody | null): Divergence[] {
  const out: Divergence[] = [];
  if (real !== null && 'omitted' in real) return out;
  if (real === null || sandbox === null) {
    if (real === null && sandbox !== null) out.push({ kind: 'extra', pointer: '', real: null, sandbox: describe(sandbox) });
    if (real !== null && sandbox === null) out.push({ kind: 'missing', pointer: '', real: describe(real), sandbox: null });
    return out;
  }
  if ('json' in real && 'json' in sandbox) {
    compareJson(ctx, real.json, sandbox.json, '', '', out);
  } else if ('json' in real !== 'json' in sandbox) {
    out.push({ kind: 'type', pointer: '', real: 'json' in real ? 'JSON' : 'text', sandbox: 'json' in sandbox ? 'JSON' : 'text' });
  }
  return out;
}

function compareJson(ctx: CompareContext, real: unknown, sandbox: unknown, pointer: string, name: string, out: Divergence[]): void {
  const rule = ctx.rules.forPointer(ctx.where, pointer);
  if (rule === 'ignore') return;
  const realType = jsonType(real);
  const sandboxType = jsonType(sandbox);
  if (realType !== sandboxType) {
    // A redacted value stood for a string or a number; either is the same datum.
    if (!(isRedacted(real) && (sandboxType === 'string' || sandboxType === 'number'))) {
      out.push({ kind: 'type', pointer, real, sandbox });
    }
    return;
  }
  if (realType === 'object') {
    const a = real as Record<string, unknown>;
    const b = sandbox as Record<string, unknown>;
    for (const key of Object.keys(a)) {
      const child = `${pointer}/${escapePointer(key)}`;
      if (!(key in b)) {
        if (ctx.rules.forPointer(ctx.where, child) !== 'ignore') out.push({ kind: 'missing', pointer: child, real: a[key], sandbox: null });
      } else compareJson(ctx, a[key], b[key], child, key, out);
    }
    for (const key of Object.keys(b)) {
      const child = `${pointer}/${escapePointer(key)}`;
      if (!(key in a) && ctx.rules.forPointer(ctx.where, child) !== 'ignore')
        out.push({ kind: 'extra', pointer: child, real: null, sandbox: b[key] });
    }
    return;
  }
  if (realType === 'array') {
    const a = real as unknown[];
    const b = sandbox as unknown[];
    for (let i = 0; i < Math.max(a.length, b.length); i++) {
      const child = `${pointer}/${i}`;
      if (ctx.rules.forPointer(ctx.where, child) === 'ignore') continue;
      if (i >= b.length) out.push({ kind: 'missing', pointer: child, real: a[i], sandbox: null });
      else if (i >= a.length) out.push({ kind: 'extra', pointer: child, real: null, sandbox: b[i] });
      else compareJson(ctx, a[i], b[i], child, name, out);
    }
    return;
  }
  if (isRedacted(real) || realType === 'null') return;
  const template = pointerTemplate(pointer);
  const fieldClass = rule === 'format-only' ? 'generated' : ctx.classes.classify(ctx.where.endpoint, template, name);
  if (fieldClass === 'text') return;
  if (fieldClass === 'generated') {
    if (formatOf(real) !== formatOf(sandbox)) out.push({ kind: 'format', pointer, real: formatOf(real), sandbox: formatOf(sandbox) });
    return;
  }
  const mapped = typeof real === 'string' ? ctx.ids.mapString(real) : real;
  if (mapped !== sandbox) out.push({ kind: fieldClass === 'enum' ? 'enum' : 'value', pointer, real, sandbox });
}

function describe(body: RecordedBody): unknown {
  if ('json' in body) return body.json;
  if ('text' in body) return body.text.length > 200 ? `${body.text.slice(0, 200)}…` : body.text;
  return 'bytes' in body ? `(${body.bytes} binary bytes)` : '(not documented)';
}
