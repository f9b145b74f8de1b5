/**
 * Scenarios: YAML files naming a starting world. Validated with zod, so a bad file stops
 * start-up with the file, the field and what was expected.
 */
import { existsSync, readdirSync } from 'node:fs';
import { basename, extname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { CHECKOUT_STATUSES, ORDER_STATUSES, PURCHASE_RESULTS } from '../domain/model.js';
import { faultRuleSchema } from '../domain/fault-rule.js';
import { merchantFields } from '../domain/merchant.js';
import { callbackUrl, scenarioAmount, id, scenarioInstant, storeId } from '../domain/scenario-fields.js';
import { settingsSchema } from '../domain/settings.js';
import { didYouMean } from '../spelling.js';
import { readYamlFile } from '../yaml-file.js';

export const SCENARIO_DIR = fileURLToPath(new URL('../../scenarios/', import.meta.url));

const itemSchema = z.object({
  id: id,
  description: z.string(),
  unitPrice: scenarioAmount,
  quantity: z.number().int().positive().default(1),
  vat: z.number().min(0).default(25),
});

const explicitCheckout = z.object({
  privateId: z.guid().optional(),
  storeId,
  status: z.enum(CHECKOUT_STATUSES).default('Initialized'),
  reference: z.string().nullable().default(null),
  items: z.array(itemSchema).min(1),
  shipping: itemSchema.omit({ quantity: true }).nullable().default(null),
  purchaseResult: z.enum(PURCHASE_RESULTS).optional(),
  notificationUri: callbackUrl.optional(),
  /** Seconds from seeding until the checkout expires; negative for an already expired one. */
  expiresInSeconds: z.number().int().optional(),
});

const explicitOrder = z.object({
  orderId: z.guid().optional(),
  storeId,
  status: z.enum(ORDER_STATUSES).default('NotActivated'),
  reference: z.string().nullable().default(null),
  paymentMethod: z.string().default('DirectInvoice'),
  items: z.array(itemSchema).min(1),
  expiresInSeconds: z.number().int().optional(),
});

const generate = z.object({ generate: z.number().int().min(0).max(100_000) });

const merchantSchema = merchantFields
  .extend({
    checkouts: z.union([generate, z.array(explicitCheckout)]).default([]),
    orders: z.union([generate, z.array(explicitOrder)]).default([]),
  })
  .superRefine((merchant, issues) => {
    // Seeded checkouts and orders must belong to one of the merchant's own stores.
    const storeIds = new Set(merchant.stores.map((s) => s.id));
    for (const kind of ['checkouts', 'orders'] as const) {
      const records = merchant[kind];
      if (!Array.isArray(records)) continue;
      records.forEach((record, i) => {
        if (!storeIds.has(record.storeId)) {
          issues.addIssue({
            code: 'custom',
            path: [kind, i, 'storeId'],
            message: `store ${record.storeId} is not one of this merchant's stores (${[...storeIds].join(', ')})`,
          });
        }
      });
    }
  });

const envSchema = z.object({ merchants: z.array(merchantSchema).default([]) }).superRefine((env, issues) => {
  // Credentials and ids must be unique within an environment, or a caller would be ambiguous.
  const seen = new Map<string, string>();
  env.merchants.forEach((m, i) => {
    const keys: [string, PropertyKey[]][] = [
      [`merchant id ${m.id}`, ['merchants', i, 'id']],
      [`SharedKey username ${m.sharedKey.username}`, ['merchants', i, 'sharedKey', 'username']],
      ...m.stores.map((s, j): [string, PropertyKey[]] => [`store id ${s.id}`, ['merchants', i, 'stores', j, 'id']]),
      ...m.apiClients.map((c, j): [string, PropertyKey[]] => [
        `client id ${c.clientId.toLowerCase()}`,
        ['merchants', i, 'apiClients', j, 'clientId'],
      ]),
    ];
    for (const [key, path] of keys) {
      if (seen.has(key)) issues.addIssue({ code: 'custom', path, message: `duplicate ${key} (also at ${seen.get(key)})` });
      else seen.set(key, path.join('.'));
    }
  });
});

/** A scenario file: its name and seed, the clock, the settings (src/domain/settings.ts), the two environments' merchants, faults. */
const scenarioSchema = z
  .object({
    name: z.string().min(1),
    description: z.string().default(''),
    seed: z.number().int().default(1),
    clock: z.object({ now: scenarioInstant.optional(), frozen: z.boolean().default(false) }).optional(),
    ...settingsSchema.shape,
    environments: z.object({ uat: envSchema.prefault({}), prod: envSchema.prefault({}) }),
    /** Fault rules armed at seed and reset, as POST /__admin/faults takes them (docs/faults.md). */
    faults: z.array(faultRuleSchema).default([]),
  })
  .strict();

export type Scenario = z.output<typeof scenarioSchema>;
export type ScenarioMerchant = z.output<typeof merchantSchema>;
export type ExplicitCheckout = z.output<typeof explicitCheckout>;
export type ExplicitOrder = z.output<typeof explicitOrder>;

export class ScenarioError extends Error {
  override name = 'ScenarioError';
}

/** True when the argument names a YAML file rather than a scenario of the scenarios directory. */
export function isScenarioPath(nameOrPath: string): boolean {
  return nameOrPath.includes('/') || nameOrPath.includes('\\') || /\.ya?ml$/.test(nameOrPath);
}

/** A scenario name (looked up in scenarios/) or a path to a YAML file. */
export function resolveScenarioFile(nameOrPath: string, dir: string = SCENARIO_DIR): string {
  if (isScenarioPath(nameOrPath)) {
    const file = isAbsolute(nameOrPath) ? nameOrPath : resolve(nameOrPath);
    if (!existsSync(file)) throw new ScenarioError(`scenario file not found: ${file}`);
    return file;
  }
  for (const ext of ['.yaml', '.yml']) {
    const file = join(dir, nameOrPath + ext);
    if (existsSync(file)) return file;
  }
  const known = listScenarios(dir).map((s) => s.name);
  throw new ScenarioError(
    `unknown scenario '${nameOrPath}'.${didYouMean(nameOrPath, known)} Known scenarios: ${known.join(', ')}; or give the path of a YAML file (e.g. ./my-scenario.yaml).`,
  );
}

export function loadScenario(nameOrPath: string, dir: string = SCENARIO_DIR): Scenario {
  const file = resolveScenarioFile(nameOrPath, dir);
  let raw: unknown;
  try {
    raw = readYamlFile(file);
  } catch (error) {
    throw new ScenarioError(`${file}: not valid YAML: ${(error as Error).message}`);
  }
  return parseScenario(raw, file);
}

export function parseScenario(raw: unknown, file: string): Scenario {
  const result = scenarioSchema.safeParse(raw);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const field = issue.path.length ? formatPath(issue.path) : '(top level)';
    return `  ${field}: ${issue.message}`;
  });
  throw new ScenarioError(`${file}: invalid scenario\n${problems.join('\n')}`);
}

function formatPath(path: readonly PropertyKey[]): string {
  return path.map((part, i) => (typeof part === 'number' ? `[${part}]` : `${i ? '.' : ''}${String(part)}`)).join('');
}

export interface ScenarioSummary {
  name: string;
  description: string;
  file: string;
}

export function listScenarios(dir: string = SCENARIO_DIR): ScenarioSummary[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => ['.yaml', '.yml'].includes(extname(f)))
    .sort()
    .map((f) => {
      const file = join(dir, f);
      try {
        const raw = readYamlFile(file) as { description?: unknown } | null;
        const description = typeof raw?.description === 'string' ? raw.description : '';
        return { name: basename(f, extname(f)), description, file: f };
      } catch {
        return { name: basename(f, extname(f)), description: '(not valid YAML)', file: f };
      }
    });
}
