/**
 * The Node.js lines, stated once, so that the README, engines and the pages cannot disagree.
 * package.json's engines names every supported line; @types/node describes the oldest, so the
 * code cannot use an API one of them lacks; CI (.ci/run, CI=true) runs the suite on exactly
 * those lines; the README states them, and no other page names a Node version.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { linesOf } from '../../src/node-version.js';

const read = (path: string): string => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');
const pkg = JSON.parse(read('package.json')) as { engines: { node: string }; devDependencies: Record<string, string> };
const majors = (linesOf(pkg.engines.node) ?? []).map((line) => line.minimum[0]);

describe('the Node.js versions', () => {
  it('are LTS lines, the oldest matching @types/node', () => {
    expect(majors.length, pkg.engines.node).toBeGreaterThan(0);
    // Even majors are the LTS lines; 20 reached its end of life in April 2026.
    for (const major of majors) expect(major % 2, String(major)).toBe(0);
    expect(majors[0]).toBeGreaterThanOrEqual(22);
    expect(pkg.devDependencies['@types/node']).toMatch(new RegExp(`^\\^${majors[0]}\\.`));
  });

  it('include the line that runs the tests (in CI, one of them exactly, which .ci/run installs)', () => {
    const running = Number(process.versions.node.split('.')[0]);
    expect(running).toBeGreaterThanOrEqual(majors[0]!);
    if (process.env.CI) expect(majors).toContain(running);
    expect(read('.ci/run')).toContain('engines.node');
  });

  it('are stated once in the docs: the README, each as engines says it', () => {
    const pages = [
      'README.md',
      ...readdirSync(new URL('../../docs/', import.meta.url))
        .filter((f) => f.endsWith('.md'))
        .map((f) => `docs/${f}`),
    ];
    const mentions = pages.flatMap((page) => [...read(page).matchAll(/\bNode(?:\.js)? v?(\d+)/g)].map((m) => `${page}: ${m[0]}`));
    expect(mentions.sort()).toEqual(majors.map((major) => `README.md: Node.js ${major}`).sort());
  });
});
