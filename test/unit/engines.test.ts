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
  it('names an LTS line as the minimum, matching @types/node and the Node that runs the tests', () => {
    const minimum = /^>=(\d+)\.(\d+)/.exec(pkg.engines.node);
    expect(minimum, pkg.engines.node).not.toBeNull();
    const major = Number(minimum?.[1]);
    // Even majors are the LTS lines. The minimum is the oldest line CI actually runs the suite on.
    expect(major % 2).toBe(0);
    expect(Number(process.versions.node.split('.')[0])).toBeGreaterThanOrEqual(major);
    expect(pkg.devDependencies['@types/node']).toMatch(new RegExp(`^\\^${major}\\.`));
  });
});
