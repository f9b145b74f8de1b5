/**
 * The layer rule in eslint.config.js holds over every folder: each folder of src/ has a place
 * in LAYERS, and an import that runs up the layers fails lint with a message that names both.
 */
import { readdirSync } from 'node:fs';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- the lint config is plain JavaScript without types; LAYERS is a string array.
import { LAYERS as LAYER_NAMES } from '../../eslint.config.js';

const LAYERS: readonly string[] = LAYER_NAMES;

const root = new URL('../../', import.meta.url);
const eslint = new ESLint({ cwd: root.pathname });

async function messagesFor(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: new URL(file, root).pathname });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'layers/order').map((m) => m.message);
}

describe('the layers', () => {
  it('give every folder and top-level module of src/ a place', () => {
    const units = readdirSync(new URL('src/', root), { withFileTypes: true }).map((entry) =>
      entry.isDirectory() ? entry.name : entry.name.replace(/\.ts$/, ''),
    );
    expect(units.filter((unit) => !LAYERS.includes(unit))).toEqual([]);
  });

  it('refuse an upward import, naming both layers', async () => {
    expect(
      await messagesFor('src/domain/probe.ts', "import type { SurfaceDeps } from '../routes/deps.js';\nexport type X = SurfaceDeps;\n"),
    ).toEqual(['domain may not import routes: routes is above domain in the layers (LAYERS in eslint.config.js, docs/architecture.md).']);
    expect(await messagesFor('src/http/probe.ts', "export { PersistenceError } from '../services/index.js';\n")).toHaveLength(1);
    expect(await messagesFor('src/clock2.ts', 'export const x = 1;\n')).toEqual([
      'clock2 has no place in LAYERS (eslint.config.js): give the new folder its layer.',
    ]);
  });

  it('let a layer import its own folder and the layers below it', async () => {
    expect(
      await messagesFor(
        'src/routes/probe.ts',
        "import { Violation } from '../domain/violation.js';\nimport type { SurfaceDeps } from './deps.js';\nexport type X = [Violation, SurfaceDeps];\n",
      ),
    ).toEqual([]);
  });
});
