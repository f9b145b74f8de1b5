/**
 * YAML files the sandbox reads (scenarios, fixtures/hosts.yaml), parsed at most once per
 * edit. The build (scripts/build.mjs) writes the parsed form of each YAML file it ships to
 * dist/parsed/<path>.json with the SHA-256 of its text; a file whose text still has that hash
 * is read from there, so a start needs no YAML parser. An edited file, a file
 * outside the package (a user's scenario given by path) or no cache at all: parsed as YAML,
 * with the parser loaded then. Either way the caller validates what it gets.
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

/** The build's JSON for a file of the package (`<dir>/<path>.json`) while it has this text; null for any other file, or none. */
function cachedValue(file: string, text: string, cache: YamlCache): { value: unknown } | null {
  const path = relative(cache.root, file);
  if (path.startsWith('..') || isAbsolute(path)) return null;
  let parsed: ParsedYaml;
  try {
    parsed = JSON.parse(readFileSync(join(cache.dir, `${path}.json`), 'utf8')) as ParsedYaml;
  } catch {
    return null; // No cache (a run from src/ before any build, or a file the build did not see).
  }
  return parsed.sha256 === yamlHash(text) ? { value: parsed.value } : null;
}

// `yaml` is CommonJS under Node: required on first use, synchronously, so the callers stay sync.
const require = createRequire(import.meta.url);

export function parseYaml(text: string): unknown {
  return (require('yaml') as typeof import('yaml')).parse(text);
}
