/**
 * The package's typings as a consumer's tsc sees them (a regression test: a TypeScript 6 project that
 * installed the package failed inside its typings, `Cannot find namespace 'NodeJS'`, unless it
 * had @types/node). The program tsc builds from dist/index.d.ts must hold nothing of Node's
 * types, nor of a package whose typings need them (pino, Hono), and compile with no `types`.
 * test/pack/pack-install.sh does the same in a fresh project that installed the tarball.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../support/spawn.js';

const dir = mkdtempSync(join(tmpdir(), 'public-types-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the package's public typings", () => {
  const consumer = join(dir, 'consumer.mts');
  writeFileSync(
    consumer,
    `import { createSandbox, type Sandbox, type SandboxOptions } from ${JSON.stringify(join(ROOT, 'dist/index.js'))};
const options: SandboxOptions = { port: 0, scenario: 'minimal', now: new Date() };
const sandbox: Sandbox = await createSandbox(options);
const isolated = await sandbox.isolated({ scenario: 'default' });
const answer: Response = await isolated.fetch('/__admin/health');
sandbox.faults.clear();
console.log(answer.status, sandbox.clock.state().now, sandbox.baseUrl('uat', 'api'));
await sandbox.close();
`,
  );
  const program = ts.createProgram([consumer], {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    strict: true,
    noEmit: true,
    // What a TypeScript 6 project has by default: no ambient @types packages.
    types: [],
  });

  // Type-checking reads zod's typings with the package's: seconds alone, several times that on a
  // busy two-core machine, so it gets more time than the suite's default.
  it('type-check in a project without @types/node', { timeout: 90_000 }, () => {
    const problems = ts
      .getPreEmitDiagnostics(program)
      .map((d) => `${d.file?.fileName ?? ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
    expect(problems).toEqual([]);
  });

  it("pull in nothing of Node's types, nor a package that needs them", () => {
    const files = program
      .getSourceFiles()
      .map((f) => f.fileName)
      .filter((f) => f.includes('/node_modules/') && !f.includes('/typescript/lib/'));
    const packages = [...new Set(files.map((f) => /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(f)?.[1]))];
    expect(packages).toEqual(['zod']);
  });
});
