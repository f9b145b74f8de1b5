/**
 * One Node.js version, stated once, so that the README, engines and the pages cannot disagree.
 * package.json's engines names it; @types/node describes that line, so the code
 * cannot use an API it lacks; CI (.ci/run, CI=true) runs the suite on exactly that line; the
 * README states it, and no other page names a Node version.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const read = (path: string): string => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');
const pkg = JSON.parse(read('package.json')) as { engines: { node: string }; devDependencies: Record<string, string> };
const major = Number(/^>=(\d+)\.\d+$/.exec(pkg.engines.node)?.[1]);

describe('the Node.js version', () => {
  it('is an LTS line, the minimum in engines, matching @types/node', () => {
    expect(major, pkg.engines.node).toBeGreaterThan(0);
    // Even majors are the LTS lines; 20 reached its end of life in April 2026.
    expect(major % 2).toBe(0);
    expect(major).toBeGreaterThanOrEqual(22);
    expect(pkg.devDependencies['@types/node']).toMatch(new RegExp(`^\\^${major}\\.`));
  });

  it('is the line that runs the tests (exactly it in CI, where .ci/run installs it)', () => {
    const running = Number(process.versions.node.split('.')[0]);
    expect(running).toBeGreaterThanOrEqual(major);
    if (process.env.CI) expect(running).toBe(major);
    expect(read('.ci/run')).toContain('engines.node');
  });

  it('is stated once in the docs: the README, as engines says it', () => {
    const pages = [
      'README.md',
      ...readdirSync(new URL('../../docs/', import.meta.url))
        .filter((f) => f.endsWith('.md'))
        .map((f) => `docs/${f}`),
    ];
    const mentions = pages.flatMap((page) => [...read(page).matchAll(/\bNode(?:\.js)? v?(\d+)/g)].map((m) => `${page}: ${m[0]}`));
    expect(mentions).toEqual([`README.md: Node.js ${major}`]);
  });
});
