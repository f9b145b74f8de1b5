/**
 * YAML files the sandbox reads (scenarios, fixtures/hosts.yaml), parsed at most once per
 * edit. The build (scripts/build.mjs) writes the parsed form of each YAML file it ships to
 * dist/parsed/<path>.json with the SHA-256 of its text; a file whose text still has that hash
 * is read from there, so a start needs no YAML parser (~70 modules). An edited file, a file
 * outside the package (a user's scenario given by path) or no cache at all: parsed as YAML,
 * with the parser loaded then. Either way the caller validates what it gets.
 *
 * The build also records what the validators make of the shipped files (dist/parsed/validated/,
 * `recordedValidation`): a start of the bundle that build made takes the recorded value of an
 * unedited file instead of validating it again (~15 ms of zod for the default scenario).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { isAbsolute, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where the package's YAML files are, and where the build put their parsed form. */
export interface YamlCache {
  root: string;
  dir: string;
}

// From src/ (tests) and from dist/ alike, the package root is one level up.
export const PACKAGE_CACHE: YamlCache = {
  root: fileURLToPath(new URL('../', import.meta.url)),
  dir: fileURLToPath(new URL('../dist/parsed/', import.meta.url)),
};

/** What the build writes for one YAML file. */
export interface ParsedYaml {
  sha256: string;
  value: unknown;
}

export function yamlHash(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** The parsed form of a YAML file; throws what the YAML parser throws on invalid YAML. */
export function readYamlFile(file: string, cache: YamlCache = PACKAGE_CACHE): unknown {
  const text = readFileSync(file, 'utf8');
  const cached = cachedValue(file, text, cache);
  return cached ? cached.value : parseYaml(text);
}

function cachedValue(file: string, text: string, cache: YamlCache): { value: unknown } | null {
  const parsed = readCache<ParsedYaml>(file, cache, '');
  return parsed?.sha256 === yamlHash(text) ? { value: parsed.value } : null;
}

/** The build's JSON for a file of the package (`<dir>/<sub><path>.json`); null for any other file, or none. */
function readCache<T>(file: string, cache: YamlCache, sub: string): T | null {
  const path = relative(cache.root, file);
  if (path.startsWith('..') || isAbsolute(path)) return null;
  try {
    return JSON.parse(readFileSync(join(cache.dir, `${sub}${path}.json`), 'utf8')) as T;
  } catch {
    return null; // No cache (a run from src/ before any build, or a file the build did not see).
  }
}

// The build the running code came from: scripts/build.mjs defines it in the bundle (esbuild's
// `define`), as a hash of the sources it compiled. tsc's output (the library) and src/ (tests,
// `npm run dev`) have none: they validate every file themselves.
declare const CHECKOUT_SANDBOX_BUILD: string | undefined;
export const RUNNING_BUILD: string | null = typeof CHECKOUT_SANDBOX_BUILD === 'string' ? CHECKOUT_SANDBOX_BUILD : null;

/** Where under the cache the build keeps validated values. */
export const VALIDATED = 'validated/';

/**
 * What the build writes to dist/parsed/validated/<path>.json for a shipped YAML file: the value
 * the file's validator (loadScenario, loadHosts) returned for the text with this hash, compiled
 * by the build `build` from the same sources as the bundle it defined that id in.
 */
export interface ValidatedYaml {
  sha256: string;
  build: string;
  value: unknown;
}

/**
 * The value the running build's validator gave `file`, as the build recorded it, while the
 * file's text is the one it validated; null otherwise (an edited file, a file outside the
 * package, code not from that build, no record): the caller validates as ever. The record is
 * the validator's output itself (written only when JSON carries it exactly), so taking it
 * differs from validating in nothing but the time.
 */
export function recordedValidation(file: string, cache: YamlCache = PACKAGE_CACHE, build: string | null = RUNNING_BUILD): { value: unknown } | null {
  if (build === null) return null;
  const record = readCache<ValidatedYaml>(file, cache, VALIDATED);
  if (record?.build !== build) return null;
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return null; // The caller reads it and says what is wrong.
  }
  return record.sha256 === yamlHash(text) ? { value: record.value } : null;
}

// `yaml` is CommonJS under Node: required on first use, synchronously, so the callers stay sync.
const require = createRequire(import.meta.url);

export function parseYaml(text: string): unknown {
  return (require('yaml') as typeof import('yaml')).parse(text);
}
