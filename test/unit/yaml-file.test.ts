/**
 * YAML files read from their build-time JSON while unedited (src/yaml-file.ts), and what the
 * build writes for the shipped ones (scripts/build.mjs, run by vitest's globalSetup): their
 * parsed form.
 */
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PACKAGE_CACHE, type YamlCache, parseYaml, readYamlFile, yamlHash } from '../../src/yaml-file.js';

const root = mkdtempSync(join(tmpdir(), 'yaml-file-'));
const cache: YamlCache = { root: join(root, 'pkg'), dir: join(root, 'pkg', 'dist', 'parsed') };
afterAll(() => rmSync(root, { recursive: true, force: true }));

function write(path: string, text: string): string {
  const file = join(cache.root, path);
  mkdirSync(join(file, '..'), { recursive: true });
  writeFileSync(file, text);
  return file;
}

function writeCache(path: string, text: string, value: unknown): void {
  mkdirSync(join(cache.dir, path, '..'), { recursive: true });
  writeFileSync(join(cache.dir, `${path}.json`), JSON.stringify({ sha256: yamlHash(text), value }));
}

describe('readYamlFile', () => {
  it('takes the cached form of a file whose text has the cached hash', () => {
    const file = write('scenarios/a.yaml', 'name: a\n');
    // A cached value that differs from the text shows which one was read.
    writeCache('scenarios/a.yaml', 'name: a\n', { name: 'from the cache' });
    expect(readYamlFile(file, cache)).toEqual({ name: 'from the cache' });
  });

  it('parses an edited file as YAML: its text no longer has the cached hash', () => {
    const file = write('scenarios/b.yaml', 'name: edited\n');
    writeCache('scenarios/b.yaml', 'name: b\n', { name: 'b' });
    expect(readYamlFile(file, cache)).toEqual({ name: 'edited' });
  });

  it('parses a file without a cache, and a file outside the package, as YAML', () => {
    expect(readYamlFile(write('fixtures/hosts.yaml', 'uat: { api: { port: 1 } }\n'), cache)).toEqual({ uat: { api: { port: 1 } } });
    const outside = join(root, 'mine.yaml');
    writeFileSync(outside, 'seed: 7\n');
    writeCache('../mine.yaml', 'seed: 7\n', { seed: 'never read' });
    expect(readYamlFile(outside, cache)).toEqual({ seed: 7 });
  });

  it('throws the parser’s error on invalid YAML', () => {
    expect(() => readYamlFile(write('scenarios/bad.yaml', 'a: [1, 2\n'), cache)).toThrow();
  });
});

describe('the build’s parsed form of the shipped YAML files', () => {
  const shipped = [...readdirSync(join(PACKAGE_CACHE.root, 'scenarios')).map((f) => `scenarios/${f}`), 'fixtures/hosts.yaml'];

  it.each(shipped)('%s: the hash of its text and the value the YAML parser gives', (path) => {
    const text = readFileSync(join(PACKAGE_CACHE.root, path), 'utf8');
    const cached = JSON.parse(readFileSync(join(PACKAGE_CACHE.dir, `${path}.json`), 'utf8')) as { sha256: string; value: unknown };
    expect(cached.sha256).toBe(yamlHash(text));
    expect(cached.value).toEqual(parseYaml(text));
  });
});
