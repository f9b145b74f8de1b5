/**
 * The tests' one way to get a sandbox: made with a silent log (a passing run prints only the
 * runner's lines) and closed when its test, or its file, is done.
 *
 * `useSandbox` and `openSandbox` give what a library user gets (the package entry, src/index.ts).
 * The `…Shell` forms give the process shell (src/sandbox.ts) for tests that reach into its parts
 * on purpose: services, the admin app, the journal, the event bus, a surface's table.
 */
import { afterAll, afterEach, beforeAll, beforeEach, onTestFinished } from 'vitest';
import { type Sandbox, type SandboxOptions, createSandbox } from '../../src/index.js';
import { type SandboxInternals, type Sandbox as Shell, createSandbox as createShell } from '../../src/sandbox.js';

/** A sandbox per test (the default), or one for every test of the file or describe block. */
export type Scope = 'each' | 'file';

const silent = (options: SandboxOptions): SandboxOptions => ({ logLevel: 'silent', ...options });

/** The sandbox of each test (or of the file), made before and closed after: read it inside tests and hooks. */
export function useSandbox(options: SandboxOptions = {}, scope: Scope = 'each'): Sandbox {
  return scoped('the sandbox', () => createSandbox(silent(options)), scope);
}

/** useSandbox for tests that reach into the process shell's parts. */
export function useSandboxShell(options: SandboxOptions = {}, scope: Scope = 'each'): Shell {
  return scoped('the sandbox', () => createShell(silent(options)), scope);
}

/** A sandbox made inside a test and closed when that test finishes, passed or failed. */
export async function openSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  return closedAfterTest(await createSandbox(silent(options)));
}

/** openSandbox for tests that reach into the process shell's parts (or pass it internals). */
export async function openSandboxShell(options: SandboxOptions = {}, internals: SandboxInternals = {}): Promise<Shell> {
  return closedAfterTest(await createShell(silent(options), internals));
}

function closedAfterTest<T extends { close(): Promise<void> }>(sandbox: T): T {
  onTestFinished(() => sandbox.close());
  return sandbox;
}

/**
 * One object for the whole file that always reads the thing of the running test (a sandbox, a
 * browser, a shop), so tests and their helpers keep writing `sb.fetch(…)` while each test gets a fresh one.
 */
export function scoped<T extends { close(): Promise<void> }>(what: string, make: () => Promise<T>, scope: Scope): T {
  return scopedWith(what, make, (thing) => thing.close(), scope);
}

/** scoped for a thing that is ended some other way than by its close(). */
export function scopedWith<T extends object>(what: string, make: () => Promise<T>, end: (thing: T) => Promise<void>, scope: Scope): T {
  let thing: T | undefined;
  const [before, after] = scope === 'each' ? [beforeEach, afterEach] : [beforeAll, afterAll];
  before(async () => {
    thing = await make();
  });
  after(async () => {
    if (thing !== undefined) await end(thing);
    thing = undefined;
  });
  return new Proxy({} as T, {
    get(_target, key) {
      if (thing === undefined)
        throw new Error(
          `${what} is made in a ${scope === 'each' ? 'beforeEach' : 'beforeAll'} hook: read it inside a test or a later hook`,
        );
      const value: unknown = Reflect.get(thing, key, thing);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(thing) : value;
    },
  });
}
