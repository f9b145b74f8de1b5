/**
 * The report: divergences grouped by endpoint, kind and pointer (array indexes as `*`), each
 * with a count and its first example; catch-ups listed apart, never counted. The JSON form
 * starts with these keys, in this order:
 *
 *   {exchanges, replayed, divergences: [{endpoint, env, surface, kind, pointer, real, sandbox,
 *    count, first}], catchUps: [...]}
 *
 * followed by `notReplayed` (exchanges that could not be replayed, and why), `learned` (fields
 * learned as generated) and, with a baseline, `accepted` (divergences the baseline accepts,
 * with its reasons). Text and JUnit XML are views of the same object (src/fidelity/render.ts).
 */
import { basename } from 'node:path';
import type { CatchUp } from './catch-up.js';
import { DIVERGENCE_KINDS, type Divergence, type DivergenceKind } from './compare.js';
import { pointerTemplate } from './fields.js';
import type { Exchange } from './recording.js';

interface FirstSeen {
  /** The exchange's seq in its recording file. */
  exchange: number;
  time: string;
  /** The request path as recorded. */
  path: string;
  /** The concrete pointer (array indexes as numbers); null for status and header. */
  pointer: string | null;
  file?: string;
  line?: number;
}

export interface DivergenceGroup {
  endpoint: string;
  env: string;
  surface: string;
  kind: DivergenceKind;
  /** Indexes as `*`; null for status and header divergences (the header's name leads `real` and `sandbox`). */
  pointer: string | null;
  real: unknown;
  sandbox: unknown;
  count: number;
  first: FirstSeen;
}

export interface AcceptedGroup extends DivergenceGroup {
  reason: string;
}

export interface FidelityReport {
  exchanges: number;
  replayed: number;
  divergences: DivergenceGroup[];
  catchUps: CatchUp[];
  notReplayed: { exchange: number; file?: string; time: string; path: string; reason: string }[];
  learned: Record<string, string[]>;
  accepted?: AcceptedGroup[];
}

/** What identifies a group (and a baseline entry): the header's name too, for header divergences. */
export function groupKey(
  group: Pick<DivergenceGroup, 'endpoint' | 'env' | 'surface' | 'kind' | 'pointer'> & { header?: string | undefined },
): string {
  return [group.endpoint, group.env, group.surface, group.kind, group.pointer ?? '', group.header ?? ''].join('|');
}

/** The header a header divergence names ("content-type: …" → content-type). */
export function headerOf(group: Pick<DivergenceGroup, 'kind' | 'real' | 'sandbox'>): string | undefined {
  if (group.kind !== 'header') return undefined;
  const text = typeof group.real === 'string' ? group.real : typeof group.sandbox === 'string' ? group.sandbox : '';
  return text.split(':')[0] || undefined;
}

export class ReportBuilder {
  private exchanges = 0;
  private replayed = 0;
  private readonly groups = new Map<string, DivergenceGroup>();
  private readonly catchUps: CatchUp[] = [];
  private readonly notReplayed: FidelityReport['notReplayed'] = [];
  /** The newest divergences, one entry per exchange and divergence, for the live view. */
  private readonly recent: (DivergenceGroup & { at: string })[] = [];

  constructor(private readonly recentSize = 50) {}

  counted(): void {
    this.exchanges++;
  }

  skipped(exchange: Exchange & { file?: string }, reason: string): void {
    this.notReplayed.push({
      exchange: exchange.seq,
      ...(exchange.file ? { file: basename(exchange.file) } : {}),
      time: exchange.time,
      path: exchange.path,
      reason,
    });
  }

  caughtUp(list: readonly CatchUp[]): void {
    this.catchUps.push(...list);
  }

  add(exchange: Exchange & { file?: string; line?: number }, endpoint: string, divergences: readonly Divergence[]): void {
    this.replayed++;
    for (const divergence of divergences) {
      const pointer = divergence.pointer === null ? null : pointerTemplate(divergence.pointer);
      const group: DivergenceGroup = {
        endpoint,
        env: exchange.env,
        surface: exchange.surface,
        kind: divergence.kind,
        pointer,
        real: divergence.real,
        sandbox: divergence.sandbox,
        count: 1,
        first: {
          exchange: exchange.seq,
          time: exchange.time,
          path: exchange.path,
          pointer: divergence.pointer,
          ...(exchange.file !== undefined ? { file: exchange.file, line: exchange.line } : {}),
        },
      };
      const key = groupKey({ ...group, header: divergence.header });
      const known = this.groups.get(key);
      if (known) known.count++;
      else this.groups.set(key, group);
      this.recent.unshift({ ...group, first: { ...group.first }, at: exchange.time });
      if (this.recent.length > this.recentSize) this.recent.pop();
    }
  }

  /** Replayed but not compared (setup exchanges of the documented corpus). */
  replayedOnly(): void {
    this.replayed++;
  }

  build(learned: Record<string, string[]> = {}): FidelityReport {
    return {
      exchanges: this.exchanges,
      replayed: this.replayed,
      divergences: sortGroups([...this.groups.values()]),
      catchUps: [...this.catchUps],
      notReplayed: [...this.notReplayed],
      learned,
    };
  }

  latest(): (DivergenceGroup & { at: string })[] {
    return [...this.recent];
  }
}

const KIND_ORDER = new Map(DIVERGENCE_KINDS.map((kind, i) => [kind, i]));

function sortGroups<T extends DivergenceGroup>(groups: T[]): T[] {
  return groups.sort(
    (a, b) =>
      a.endpoint.localeCompare(b.endpoint) ||
      a.env.localeCompare(b.env) ||
      a.surface.localeCompare(b.surface) ||
      (KIND_ORDER.get(a.kind) ?? 0) - (KIND_ORDER.get(b.kind) ?? 0) ||
      (a.pointer ?? '').localeCompare(b.pointer ?? ''),
  );
}
