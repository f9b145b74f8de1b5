/**
 * Holds a JSON answer to its schema (src/routes/answers/*, src/http/envelopes.ts) and says
 * what does not match, one readable line per problem, each naming the field's path:
 *
 *   data.customer.foo: unknown field
 *   data.status: expected one of "Initialized", "CustomerIdentified", …, got "Bogus"
 *   data.cart.totalAmount: expected number, got string "2499.00"
 *   data.reference: missing (expected string or null)
 *
 * The answer schemas are strict objects, so a field the schema does not declare is an issue
 * (free-form merchant data excepted). An empty list means the answer matches.
 */
import type { z } from 'zod';

type Issue = z.core.$ZodIssue;
type Schema = z.core.$ZodType;
type Path = readonly PropertyKey[];

export function answerIssues(schema: z.ZodType, json: unknown): string[] {
  const result = schema.safeParse(json);
  return result.success ? [] : result.error.issues.flatMap((issue) => describe(issue, json, [], schema));
}

/** `issue` of the value at `base` (checked against `schema`), in words. */
function describe(issue: Issue, root: unknown, base: Path, schema: Schema | undefined): string[] {
  const path = [...base, ...issue.path];
  const at = pathText(path);
  const value = valueAt(root, path);
  switch (issue.code) {
    case 'unrecognized_keys':
      return issue.keys.map((key) => `${pathText([...path, key])}: unknown field`);
    case 'invalid_type': {
      const wanted = `${issue.expected === 'int' ? 'an integer' : issue.expected}${nullable(schemaAt(schema, issue.path)) ? ' or null' : ''}`;
      return [value === undefined ? `${at}: missing (expected ${wanted})` : `${at}: expected ${wanted}, got ${typed(value)}`];
    }
    case 'invalid_value': {
      const wanted = issue.values.length === 1 ? shown(issue.values[0]) : `one of ${issue.values.map(shown).join(', ')}`;
      return [`${at}: expected ${wanted}, got ${shown(value)}`];
    }
    case 'invalid_format':
      return [
        `${at}: expected ${issue.format === 'regex' ? `a string matching ${issue.pattern ?? 'the pattern'}` : `a ${issue.format}`}, got ${shown(value)}`,
      ];
    case 'invalid_union': {
      // The branch that came closest (fewest issues) says best what is wrong.
      const options = optionsOf(schemaAt(schema, issue.path));
      const branches = issue.errors.map((issues, i) => issues.flatMap((inner) => describe(inner, root, path, options[i])));
      const closest = branches.filter((b) => b.length > 0).sort((a, b) => a.length - b.length)[0];
      return closest ?? [`${at}: ${issue.message}`];
    }
    default:
      return [`${at}: ${issue.message}${value === undefined ? '' : `, got ${shown(value)}`}`];
  }
}

/** `data.items[0].id`; the answer itself is `(answer)`. */
function pathText(path: Path): string {
  if (path.length === 0) return '(answer)';
  return path.map((key, i) => (typeof key === 'number' ? `[${key}]` : i === 0 ? String(key) : `.${String(key)}`)).join('');
}

// ---- Walking a schema along a path (for "or null" and the options of a union) ----

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'nonoptional', 'catch']);

function defOf(schema: Schema): { type: string } & Record<string, unknown> {
  return schema._zod.def as unknown as { type: string } & Record<string, unknown>;
}

function unwrapped(schema: Schema | undefined): Schema | undefined {
  let current = schema;
  while (current && WRAPPERS.has(defOf(current).type)) current = defOf(current).innerType as Schema;
  return current;
}

function nullable(schema: Schema | undefined): boolean {
  for (let current = schema; current && WRAPPERS.has(defOf(current).type); current = defOf(current).innerType as Schema) {
    if (defOf(current).type === 'nullable') return true;
  }
  return false;
}

function schemaAt(schema: Schema | undefined, path: Path): Schema | undefined {
  let current = schema;
  for (const key of path) {
    const inner = unwrapped(current);
    if (!inner) return undefined;
    const def = defOf(inner);
    if (def.type === 'object') current = (def.shape as Record<PropertyKey, Schema>)[key];
    else if (def.type === 'array' && typeof key === 'number') current = def.element as Schema;
    else if (def.type === 'record') current = def.valueType as Schema;
    else return undefined;
  }
  return current;
}

function optionsOf(schema: Schema | undefined): (Schema | undefined)[] {
  const inner = unwrapped(schema);
  return inner && defOf(inner).type === 'union' ? (defOf(inner).options as Schema[]) : [];
}

// ---- Values ----

function valueAt(root: unknown, path: Path): unknown {
  let current = root;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

/** `string "2499.00"`, `number 3`, `null`, `an object`. */
function typed(value: unknown): string {
  return value === null || typeof value === 'object' ? shown(value) : `${typeof value} ${shown(value)}`;
}

function shown(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (typeof value === 'object' && value !== null) return Array.isArray(value) ? 'an array' : 'an object';
  const text = JSON.stringify(value);
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}

// ---- The test suite's hook: every answer of a table's operation checked as it leaves ----

/**
 * With CHECKOUT_SANDBOX_CHECK_ANSWERS=1 in the environment (the test suite sets it, and
 * spawned servers inherit it), every surface app checks each JSON answer against the answer
 * its table declares for that status: a status not declared, a JSON body without a declared
 * schema, or a body that does not match is reported. The report goes to the process-wide
 * list below (the vitest hook fails the test that caused it) and replaces the answer with a
 * 500 that names the operation and the issues, so a spawned server fails its test too.
 * Without the variable nothing is installed: no cost on any request. Read when an app is
 * mounted, not when this module loads, so whoever makes a sandbox decides, the import order not.
 */
export function answerCheckEnabled(): boolean {
  return process.env.CHECKOUT_SANDBOX_CHECK_ANSWERS === '1';
}

/** Where mismatches collect, shared with the vitest hook in this process. */
export function answerMismatches(): string[] {
  const holder = globalThis as { [MISMATCHES]?: string[] };
  return (holder[MISMATCHES] ??= []);
}
const MISMATCHES = Symbol.for('checkout-sandbox.answer-mismatches');

export interface DeclaredAnswer {
  schema?: z.ZodType;
  contentType?: string;
}

/** The issues of one answer (status and body text) against what its operation declares; [] when it holds. */
export function declaredAnswerIssues(
  where: string,
  declared: Readonly<Record<string, DeclaredAnswer>>,
  status: number,
  contentType: string,
  text: string,
): string[] {
  const answer = declared[String(status)] ?? declared.default;
  if (!answer) return [`${where}: status ${status} is not declared (declared: ${Object.keys(declared).join(', ') || 'none'})`];
  if (!/json/.test(contentType) || text === '') return [];
  if (!answer.schema) return [`${where}: a JSON answer with status ${status}, but no schema is declared for it`];
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return [`${where}: the ${status} answer is not JSON`];
  }
  return answerIssues(answer.schema, json).map((issue) => `${where} ${status}: ${issue}`);
}
