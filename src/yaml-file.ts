/**
 * YAML files the sandbox reads (scenarios, fixtures/hosts.yaml): the parsed value, which the
 * caller validates.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

/** The package's root: one level up from src/ (tests) and from dist/ alike. */
export const PACKAGE_ROOT = fileURLToPath(new URL('../', import.meta.url));

/** The parsed form of a YAML file; throws what the YAML parser throws on invalid YAML. */
export function readYamlFile(file: string): unknown {
  return parse(readFileSync(file, 'utf8'));
}
