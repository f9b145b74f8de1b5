/**
 * The dead-member check finds a method nothing in src/ calls, and an interface's method no call
 * reaches (whatever implements it), and keeps what the runtime, an interface, a generic
 * instantiation, a `[key]` access, a destructuring, the package's entry or a `@testSeam` tag reaches.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const script = path.resolve('scripts/unused-members.mjs');
const project = mkdtempSync(path.join(tmpdir(), 'unused-members-'));
afterAll(() => rmSync(project, { recursive: true, force: true }));

const source = `
export interface Reader { read(): string }
class Book { read(): string { return 'r'; } }
export const shelf: Reader = new Book();
export class Box<T> { constructor(private readonly item: T) {} open(): T { return this.item; } dusty(): void {} }
export const opened = new Box(1).open();
export class Desk {
  capture(): number { return 1; }
  refund(): number { return 2; }
  forgotten(): number { return 3; }
  /** @testSeam kept for a test */
  probe(): number { return 4; }
}
const action = (['capture', 'refund'] as const)[0] as 'capture' | 'refund';
export const done = new Desk()[action]();
export interface Dialect { render(): string; unreachable(): string }
export const plain: Dialect = { render: () => 'r', unreachable: () => 'u' };
const { render } = plain;
export interface Api { open(): void }
console.log(shelf.read(), opened, done, render());
`;
// The package's entry: what it exports is for the library's users.
const entry = `export type { Api } from './world.js';\n`;

describe('scripts/unused-members.mjs', () => {
  it('names each class member and interface method nothing uses, and only those', () => {
    mkdirSync(path.join(project, 'src'));
    writeFileSync(path.join(project, 'src', 'world.ts'), source);
    writeFileSync(path.join(project, 'src', 'index.ts'), entry);
    writeFileSync(
      path.join(project, 'tsconfig.json'),
      JSON.stringify({ compilerOptions: { strict: true, target: 'es2022', module: 'nodenext', noEmit: true }, include: ['src'] }),
    );
    const run = spawnSync(process.execPath, [script, project], { encoding: 'utf8' });
    expect(run.status).toBe(1);
    const named = run.stderr
      .split('\n')
      .filter((line) => line.startsWith('  '))
      .map((line) => line.trim().split(/\s+/)[1]);
    expect(named.sort()).toEqual(['Box.dusty', 'Desk.forgotten', 'Dialect.unreachable']);
  });
});
