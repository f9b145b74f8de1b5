/**
 * A rules file covers the noise the built-in classes do not (--rules FILE, JSON or YAML):
 *
 *   {"rules": [
 *     {"pointer": "/data/metadata", "action": "ignore", "reason": "merchant data, free-form"},
 *     {"endpoint": "GET /checkouts/{privateId}", "pointer": "/data/customer/*", "action": "format-only"},
 *     {"header": "retry-after", "action": "ignore"}]}
 *
 * A pointer matches itself and everything below it; `*` stands for one segment (an array
 * index or a member). `endpoint`, `env` and `surface` narrow a rule; without them it holds
 * everywhere.
 */
import { readFileSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { ENVIRONMENTS, SURFACES } from '../hosts.js';

export type RuleAction = 'ignore' | 'format-only';

const ruleSchema = z
  .object({
    endpoint: z.string().min(1).optional(),
    env: z.enum(ENVIRONMENTS).optional(),
    surface: z.enum(SURFACES).optional(),
    pointer: z
      .string()
      .refine((p) => p === '' || p.startsWith('/'), { message: "a JSON Pointer starts with '/' (or is '' for the whole body)" })
      .optional(),
    header: z.string().min(1).optional(),
    action: z.enum(['ignore', 'format-only']),
    reason: z.string().optional(),
  })
  .strict()
  .refine((rule) => (rule.pointer === undefined) !== (rule.header === undefined), { message: 'give a pointer or a header (one of them)' });

const rulesSchema = z.object({ rules: z.array(ruleSchema) }).strict();
export type Rule = z.infer<typeof ruleSchema>;

export interface Where {
  endpoint: string;
  env: string;
  surface: string;
}

export class Rules {
  constructor(private readonly rules: readonly Rule[] = []) {}

  static empty(): Rules {
    return new Rules();
  }

  /** The action for a body field (pointer with indexes as numbers or `*`); null when no rule covers it. */
  forPointer(where: Where, pointer: string): RuleAction | null {
    let found: RuleAction | null = null;
    for (const rule of this.rules) {
      if (rule.pointer === undefined || !applies(rule, where) || !covers(rule.pointer, pointer)) continue;
      if (rule.action === 'ignore') return 'ignore';
      found = rule.action;
    }
    return found;
  }

  forHeader(where: Where, header: string): RuleAction | null {
    const name = header.toLowerCase();
    return this.rules.find((rule) => rule.header?.toLowerCase() === name && applies(rule, where))?.action ?? null;
  }
}

export class RulesError extends Error {
  override name = 'RulesError';
}

export function loadRules(file: string): Rules {
  let raw: unknown;
  try {
    const text = readFileSync(file, 'utf8');
    raw = /\.ya?ml$/i.test(file) ? parseYaml(text) : JSON.parse(text);
  } catch (error) {
    throw new RulesError(`--rules ${file}: ${(error as Error).message}`);
  }
  const parsed = rulesSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new RulesError(
      `--rules ${file}: ${issue?.path.join('.') || 'file'}: ${issue?.message ?? 'invalid'}. Expected {"rules": [{"pointer": "/data/x", "action": "ignore" | "format-only"}]}`,
    );
  }
  return new Rules(parsed.data.rules);
}

function applies(rule: Rule, where: Where): boolean {
  return (
    (rule.endpoint === undefined || rule.endpoint === where.endpoint) &&
    (rule.env === undefined || rule.env === where.env) &&
    (rule.surface === undefined || rule.surface === where.surface)
  );
}

/** Does the rule's pointer name this field or one of its ancestors? */
function covers(pattern: string, pointer: string): boolean {
  if (pattern === '') return true;
  const want = pattern.split('/').slice(1);
  const got = pointer.split('/').slice(1);
  if (want.length > got.length) return false;
  return want.every((segment, i) => segment === '*' || segment === got[i] || (got[i] === '*' && /^\d+$/.test(segment)));
}
