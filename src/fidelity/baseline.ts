/**
 * Baselines: divergences a team has looked at and accepts, each with room for a reason.
 * `--write-baseline FILE` writes the current ones (keeping the reasons FILE already gave);
 * `--baseline FILE` then fails only on divergences it does not list. An entry matches by
 * endpoint, environment, surface, kind and pointer (and the header, for header divergences),
 * not by the values: a field accepted as missing stays accepted whatever the real value.
 *
 *   {"version": 1, "accepted": [{"endpoint": "GET /checkouts/{privateId}", "env": "uat",
 *     "surface": "api", "kind": "missing", "pointer": "/data/riskScore",
 *     "real": 0.12, "sandbox": null, "reason": "not in the public documentation"}]}
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { z } from 'zod';
import { DIVERGENCE_KINDS } from './compare.js';
import { type AcceptedGroup, type DivergenceGroup, type FidelityReport, groupKey, headerOf } from './report.js';

const entrySchema = z
  .object({
    endpoint: z.string(),
    env: z.string(),
    surface: z.string(),
    kind: z.enum(DIVERGENCE_KINDS),
    pointer: z.string().nullable(),
    header: z.string().optional(),
    real: z.unknown().optional(),
    sandbox: z.unknown().optional(),
    reason: z.string().default(''),
  })
  .strict();
const baselineSchema = z.object({ version: z.literal(1), accepted: z.array(entrySchema) }).strict();
export type BaselineEntry = z.infer<typeof entrySchema>;

export class BaselineError extends Error {
  override name = 'BaselineError';
}

export function readBaseline(file: string): BaselineEntry[] {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new BaselineError(`--baseline ${file}: ${(error as Error).message}`);
  }
  const parsed = baselineSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new BaselineError(
      `--baseline ${file}: ${issue?.path.join('.') || 'file'}: ${issue?.message ?? 'invalid'} (write one with --write-baseline)`,
    );
  }
  return parsed.data.accepted;
}

/** Splits the report's divergences into new ones (still `divergences`) and `accepted` ones with their reasons. */
export function applyBaseline(report: FidelityReport, entries: readonly BaselineEntry[]): FidelityReport {
  const reasons = new Map(entries.map((entry) => [groupKey(entry), entry.reason]));
  const divergences: DivergenceGroup[] = [];
  const accepted: AcceptedGroup[] = [];
  for (const group of report.divergences) {
    const reason = reasons.get(keyOf(group));
    if (reason === undefined) divergences.push(group);
    else accepted.push({ ...group, reason });
  }
  return { ...report, divergences, accepted };
}

/** Writes every divergence of the report (new and accepted) as accepted, keeping the reasons `previous` gave. */
export function writeBaseline(
  file: string,
  report: FidelityReport,
  previous: readonly BaselineEntry[] = existsSync(file) ? safeRead(file) : [],
): number {
  const reasons = new Map(previous.map((entry) => [groupKey(entry), entry.reason]));
  const groups = [...report.divergences, ...(report.accepted ?? [])];
  const accepted: BaselineEntry[] = groups.map((group) => {
    const header = headerOf(group);
    return {
      endpoint: group.endpoint,
      env: group.env,
      surface: group.surface,
      kind: group.kind,
      pointer: group.pointer,
      ...(header ? { header } : {}),
      real: group.real,
      sandbox: group.sandbox,
      reason: reasons.get(keyOf(group)) ?? '',
    };
  });
  writeFileSync(file, `${JSON.stringify({ version: 1, accepted }, null, 2)}\n`);
  return accepted.length;
}

function keyOf(group: DivergenceGroup): string {
  return groupKey({ ...group, header: headerOf(group) });
}

function safeRead(file: string): BaselineEntry[] {
  try {
    return readBaseline(file);
  } catch {
    return [];
  }
}
