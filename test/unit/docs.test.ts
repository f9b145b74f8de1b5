/**
 * The README's promises that a reader relies on without running anything: the credentials
 * table holds every embedded scenario's credentials, and relative links lead to files.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ENVIRONMENTS } from '../../src/hosts.js';
import { SCENARIO_DIR, listScenarios, loadScenario } from '../../src/store/scenario.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');

/** Pages other work streams add; linked ahead of their arrival (see the integration notes). */
const PENDING = new Set<string>([]);

describe('README credentials table', () => {
  const rows = readme.split('\n').filter((line) => line.startsWith('| `'));

  it('lists every merchant of every embedded scenario with its SharedKey and API client credentials', () => {
    const scenarios = listScenarios(SCENARIO_DIR).map((s) => s.name);
    expect(scenarios).toContain('minimal');
    for (const name of scenarios) {
      const scenario = loadScenario(name);
      for (const env of ENVIRONMENTS) {
        for (const merchant of scenario.environments[env].merchants) {
          const row = rows.find(
            (r) =>
              r.startsWith(`| \`${name}\` | ${env.toUpperCase()} | ${merchant.id} `) && r.includes(`\`${merchant.sharedKey.username}\``),
          );
          expect(row, `${name} ${env} merchant ${merchant.id}`).toBeDefined();
          expect(row).toContain(`\`${merchant.sharedKey.key}\``);
          for (const client of merchant.apiClients ?? []) {
            expect(row).toContain(`\`${client.clientId}\` / \`${client.clientSecret}\``);
          }
        }
      }
    }
  });
});

describe('documentation links', () => {
  const pages = [
    'README.md',
    ...readdirSync(join(ROOT, 'docs'))
      .filter((f) => f.endsWith('.md'))
      .map((f) => `docs/${f}`),
  ];

  it.each(pages)('%s links only to files that exist', (page) => {
    const text = readFileSync(join(ROOT, page), 'utf8');
    const targets = [...text.matchAll(/\]\(([^)#\s]+)(#[^)]*)?\)/g)].map((m) => m[1] ?? '').filter((t) => !/^[a-z]+:/.test(t));
    for (const target of targets) {
      const resolved = join(dirname(join(ROOT, page)), target);
      const relative = resolved.slice(ROOT.length).replace(/^\/+/, '');
      if (PENDING.has(relative)) continue;
      expect(existsSync(resolved), `${page} → ${target}`).toBe(true);
    }
  });
});

describe("README's documentation index", () => {
  it('lists every page of docs/ once, under one of the four readers', () => {
    const index = readme.slice(readme.indexOf('## Documentation\n'));
    const readers = [...index.matchAll(/^\*\*([^*]+)\*\*: /gm)].map((m) => m[1]);
    expect(readers).toEqual(['Using the sandbox', 'Integrating it in CI', 'Operating a shared one', 'Changing its code']);
    const listed = [...index.matchAll(/^- \[docs\/([^\]]+)\]/gm)].map((m) => m[1]);
    const pages = readdirSync(join(ROOT, 'docs')).filter((f) => f.endsWith('.md'));
    expect([...listed].sort()).toEqual([...pages].sort());
  });
});

describe("the README's dashboard picture", () => {
  it('is the file the npm script that takes it from the live dashboard writes, and development.md says how to run it', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    const script = /^node (scripts\/\S+\.mjs)$/.exec(pkg.scripts['readme:picture'] ?? '')?.[1];
    expect(script).toBeDefined();
    const source = readFileSync(join(ROOT, script!), 'utf8');
    const written = /join\(ROOT, '(docs\/img\/[\w.-]+\.png)'\)/.exec(source)?.[1];
    expect(written).toBe('docs/img/dashboard.png');
    expect(readme).toContain(`](${written})`);
    expect(existsSync(join(ROOT, written!))).toBe(true);
    // From the live dashboard, in Chromium, on a sandbox of its own on a free port.
    expect(source).toContain('/__admin/ui');
    expect(source).toMatch(/port: 0\b/);
    expect(readFileSync(join(ROOT, 'docs/development.md'), 'utf8')).toContain('`npm run readme:picture`');
  });
});
