/**
 * docs/writing-tests.md shows its examples as code blocks tagged ```ts file=examples/….
 * Each must be, word for word, the example region of that file under docs/examples/, which
 * vitest runs as a test (vitest.config.ts includes docs/examples): so every example on the
 * page is run, and the page cannot drift from what runs.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const DOCS = fileURLToPath(new URL('../../docs/', import.meta.url));
const page = readFileSync(join(DOCS, 'writing-tests.md'), 'utf8');
const blocks = [...page.matchAll(/^```ts file=(\S+)\n([\s\S]*?)^```$/gm)].map((m) => ({ file: m[1]!, code: m[2]! }));

function exampleRegion(file: string): string {
  const text = readFileSync(join(DOCS, file), 'utf8');
  const match = /^\/\/ #region example\n([\s\S]*?)^\/\/ #endregion example$/m.exec(text);
  if (!match) throw new Error(`${file} has no '// #region example' … '// #endregion example'`);
  return match[1]!;
}

describe('docs/writing-tests.md', () => {
  it('shows the three examples: in-process, isolated over HTTP, the journal', () => {
    expect(blocks.map((b) => b.file)).toEqual([
      'examples/in-process.test.ts',
      'examples/isolated-over-http.test.ts',
      'examples/journal.test.ts',
    ]);
  });

  it.each(blocks.map((b) => [b.file, b.code] as const))('%s is shown word for word', (file, code) => {
    expect(code, `update docs/writing-tests.md from docs/${file}`).toBe(exampleRegion(file));
  });

  it('speaks of the journal as it is: no "pending", and its example runs without a probe or a skip', () => {
    expect(page).not.toMatch(/pending|being built|has not landed/i);
    expect(page).toContain('](journal-and-report.md)');
    const journal = readFileSync(join(DOCS, 'examples/journal.test.ts'), 'utf8');
    expect(journal).not.toMatch(/\bskip\b|probe/);
    expect(journal.startsWith('// #region example\n')).toBe(true);
  });

  it('shows every example file under docs/examples/', () => {
    const files = readdirSync(join(DOCS, 'examples'))
      .filter((f) => f.endsWith('.test.ts'))
      .map((f) => `examples/${f}`);
    expect(files.sort()).toEqual(blocks.map((b) => b.file).sort());
  });
});
