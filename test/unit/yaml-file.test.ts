/**
 * YAML files read from their build-time JSON while unedited (src/yaml-file.ts), and what the
 * build writes for the shipped ones (scripts/build.mjs, run by vitest's globalSetup): their
 * parsed form, and what the validators make of them (the bundle's side of that:
 * test/e2e/start-validated.test.ts).
 */
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadHosts } from '../../src/hosts.js';
import { loadScenario } from '../../src/store/scenario.js';
import { PACKAGE_CACHE, RUNNING_BUILD, VALIDATED, type ValidatedYaml, type YamlCache, parseYaml, readYamlFile, recordedValidation, yamlHash } from '../../src/yaml-file.js';

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

describe('recordedValidation', () => {
  function writeRecord(path: string, record: ValidatedYaml): void {
    mkdirSync(join(cache.dir, VALIDATED, path, '..'), { recursive: true });
    writeFileSync(join(cache.dir, VALIDATED, `${path}.json`), JSON.stringify(record));
  }

  it('takes the record of the running build for a file whose text has the recorded hash', () => {
    const file = write('scenarios/v.yaml', 'name: v\n');
    writeRecord('scenarios/v.yaml', { sha256: yamlHash('name: v\n'), build: 'b1', value: { name: 'recorded' } });
    expect(recordedValidation(file, cache, 'b1')).toEqual({ value: { name: 'recorded' } });
  });

  it('takes none for an edited file, another build, code of no build, or a file outside the package', () => {
    const file = write('scenarios/w.yaml', 'name: edited\n');
    writeRecord('scenarios/w.yaml', { sha256: yamlHash('name: w\n'), build: 'b1', value: { name: 'w' } });
    expect(recordedValidation(file, cache, 'b1')).toBeNull();

    const same = write('scenarios/x.yaml', 'name: x\n');
    writeRecord('scenarios/x.yaml', { sha256: yamlHash('name: x\n'), build: 'b1', value: { name: 'x' } });
    expect(recordedValidation(same, cache, 'b2')).toBeNull();
    expect(recordedValidation(same, cache, null)).toBeNull();

    const outside = join(root, 'theirs.yaml');
    writeFileSync(outside, 'name: y\n');
    writeRecord('../theirs.yaml', { sha256: yamlHash('name: y\n'), build: 'b1', value: { name: 'never read' } });
    expect(recordedValidation(outside, cache, 'b1')).toBeNull();
  });

  it('src/ is no build: tests and `npm run dev` validate every file', () => {
    expect(RUNNING_BUILD).toBeNull();
  });
});

describe('the build’s validated form of the shipped YAML files', () => {
  const build = readFileSync(join(PACKAGE_CACHE.root, 'dist', '.build-id'), 'utf8').trim();
  const record = (path: string): ValidatedYaml => JSON.parse(readFileSync(join(PACKAGE_CACHE.dir, VALIDATED, `${path}.json`), 'utf8')) as ValidatedYaml;
  const scenarios = readdirSync(join(PACKAGE_CACHE.root, 'scenarios'));

  // Every shipped file has a record: one that JSON could not carry exactly would have none, and
  // would cost every start its validation again.
  it.each(scenarios)('scenarios/%s: the value loadScenario gives, for its text, from the last build', (file) => {
    const path = join(PACKAGE_CACHE.root, 'scenarios', file);
    const recorded = record(`scenarios/${file}`);
    expect(recorded.sha256).toBe(yamlHash(readFileSync(path, 'utf8')));
    expect(recorded.build).toBe(build);
    expect(recorded.value).toStrictEqual(loadScenario(path));
  });

  it('fixtures/hosts.yaml: the value loadHosts gives, for its text, from the last build', () => {
    const recorded = record('fixtures/hosts.yaml');
    expect(recorded.sha256).toBe(yamlHash(readFileSync(join(PACKAGE_CACHE.root, 'fixtures/hosts.yaml'), 'utf8')));
    expect(recorded.build).toBe(build);
    expect(recorded.value).toStrictEqual(loadHosts());
  });
});
