/**
 * The supported Node.js range and the types the code is checked against agree: @types/node's
 * major is the oldest supported major, so the code cannot use an API that release lacks.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  engines: { node: string };
  devDependencies: Record<string, string>;
};

describe('engines', () => {
  it('names a maintained LTS line as the minimum, matching @types/node', () => {
    const minimum = /^>=(\d+)\.(\d+)/.exec(pkg.engines.node);
    expect(minimum, pkg.engines.node).not.toBeNull();
    const major = Number(minimum?.[1]);
    // Even majors are the LTS lines; 20 reached its end of life in April 2026.
    expect(major % 2).toBe(0);
    expect(major).toBeGreaterThanOrEqual(22);
    expect(pkg.devDependencies['@types/node']).toMatch(new RegExp(`^\\^${major}\\.`));
  });
});
