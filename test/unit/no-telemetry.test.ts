/**
 * No install-time telemetry: swagger-ui-dist depends on @scarf/scarf, which phones home when
 * installed. This repository's own install puts an empty stand-in (scripts/no-scarf) in its
 * place through package.json's overrides, and the package itself does not depend on
 * swagger-ui-dist (the build copies its files into dist/; test/pack checks the installed side).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/spawn.js';

const pkg = JSON.parse(readFileSync(`${ROOT}/package.json`, 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
  overrides: Record<string, string>;
};
const lock = JSON.parse(readFileSync(`${ROOT}/package-lock.json`, 'utf8')) as {
  packages: Record<string, { resolved?: string; link?: boolean }>;
};

describe('no telemetry in the install', () => {
  it('resolves swagger-ui-dist’s @scarf/scarf to the empty stand-in, which runs nothing', () => {
    const fromSwagger = createRequire(createRequire(`${ROOT}/package.json`).resolve('swagger-ui-dist/package.json'));
    const scarf = JSON.parse(readFileSync(fromSwagger.resolve('@scarf/scarf/package.json'), 'utf8')) as {
      version: string;
      scripts?: unknown;
      main?: unknown;
    };
    expect(scarf.version).toBe('0.0.0-none');
    expect(scarf.scripts).toBeUndefined();
    expect(scarf.main).toBeUndefined();
  });

  it('keeps it so in package.json and the lockfile: no entry of the lock fetches @scarf/scarf', () => {
    expect(pkg.overrides['@scarf/scarf']).toBe('$@scarf/scarf');
    expect(pkg.devDependencies['@scarf/scarf']).toBe('file:./scripts/no-scarf');
    const entries = Object.entries(lock.packages).filter(([path]) => path.endsWith('node_modules/@scarf/scarf'));
    expect(entries).toEqual([['node_modules/@scarf/scarf', { resolved: 'scripts/no-scarf', link: true }]]);
  });

  it('ships no dependency on swagger-ui-dist to the package’s users', () => {
    expect(pkg.dependencies).not.toHaveProperty('swagger-ui-dist');
    expect(pkg.devDependencies).toHaveProperty('swagger-ui-dist');
  });
});
