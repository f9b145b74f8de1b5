/**
 * createSandbox() as a library user meets it: quiet by default, with warnings on
 * stderr, and options refused in sentences that name the key, what it accepts and the closest
 * key or value, instead of pino's or zod's words.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { OptionError, SCENARIO_NAMES, type SandboxOptions } from '../../src/config.js';
import { createSandbox } from '../../src/index.js';
import { SCENARIO_DIR, ScenarioError, listScenarios } from '../../src/store/scenario.js';
import { ROOT } from '../support/spawn.js';

const dir = mkdtempSync(join(tmpdir(), 'sandbox-library-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Options as a JavaScript caller (or a cast) can pass them: the types would refuse these. */
const untyped = (options: Record<string, unknown>): SandboxOptions => options as SandboxOptions;

describe('bad options', () => {
  it.each([
    [
      { logLevel: 'verbose' },
      "option logLevel: 'verbose' is not a log level. Use one of: fatal, error, warn, info, debug, trace, silent (default warn; info adds one line per request).",
    ],
    [{ logLevel: 'warning' }, "option logLevel: 'warning' is not a log level. Did you mean 'warn'? Use one of:"],
    [{ scenrio: 'minimal' }, "unknown option 'scenrio'. Did you mean 'scenario'? Options: port, host, scenario,"],
    [{ loglevel: 'info' }, "unknown option 'loglevel'. Did you mean 'logLevel'?"],
    [{ tls: { dri: '.sandbox/tls' } }, "unknown option 'tls.dri'. Did you mean 'tls.dir'? Options of tls: dir, port."],
    [{ tls: { port: 4443 } }, 'option tls.dir is missing: it is required (a string).'],
    [{ port: '4010' }, "option port: '4010' is not a port number. Use a whole number from 0 to 65535 (0 = any free port)."],
    [{ port: 70000 }, 'option port: 70000 is not a port number.'],
    [
      { now: 'yesterday' },
      "option now: 'yesterday' is not an instant on the calendar. Use ISO-8601 such as 2026-10-30T22:59:00Z, or a valid Date.",
    ],
    [{ portPerHost: 'yes' }, "option portPerHost: 'yes' is neither true, false nor 'random'."],
    [{ publicUrl: 'sandbox:4010' }, "option publicUrl: 'sandbox:4010' is not an http(s) origin such as http://sandbox:4010"],
    [{ maxSandboxes: -1 }, 'option maxSandboxes: -1 is not accepted: too small: expected number to be >=0.'],
  ])('%j is refused naming the key, what it accepts and the closest name', async (options, message) => {
    const error = await createSandbox(untyped(options)).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(OptionError);
    expect((error as Error).message).toContain(message);
    expect((error as Error).message).not.toMatch(/Unrecognized key|custom levels|invalid option :/);
  });

  it('refuses an unknown scenario name with the closest one and the list', async () => {
    const error = await createSandbox({ scenario: 'minimla' }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ScenarioError);
    expect((error as Error).message).toContain("unknown scenario 'minimla'. Did you mean 'minimal'? Known scenarios: default, minimal,");
  });
});

describe('typed options', () => {
  it('name every shipped scenario (the ScenarioName type)', () => {
    expect([...SCENARIO_NAMES].sort()).toEqual(
      listScenarios(SCENARIO_DIR)
        .map((s) => s.name)
        .sort(),
    );
  });

  it('refuse a bad log level or port-per-host value at compile time', () => {
    // @ts-expect-error -- 'verbose' is not a LogLevel (the type, not pino at run time, must refuse it)
    const level: SandboxOptions = { logLevel: 'verbose' };
    // @ts-expect-error -- portPerHost is true, false or 'random'
    const perHost: SandboxOptions = { portPerHost: 'yes' };
    // A path is a scenario too, so any string is accepted there.
    const path: SandboxOptions = { scenario: './scenarios/minimal.yaml' };
    expect([level, perHost, path]).toHaveLength(3);
  });

  it('take the clock as a Date too', async () => {
    const sandbox = await createSandbox({ now: new Date('2026-10-30T22:59:00Z'), frozen: true });
    try {
      expect(sandbox.clock.state()).toEqual({ now: '2026-10-30T22:59:00.000Z', frozen: true });
    } finally {
      await sandbox.close();
    }
  });
});

describe('logging', () => {
  // The library as a user's test runs it (dist/, in its own process: pino writes to the file
  // descriptor, which only a child process lets us read). A torn line in the change log makes
  // the second start warn.
  const script = `
import { appendFileSync } from 'node:fs';
import { createSandbox } from ${JSON.stringify(pathToFileURL(join(ROOT, 'dist/index.js')).href)};
const [state, level] = process.argv.slice(1);
const options = { statePath: state, ...(level ? { logLevel: level } : {}) };
const first = await createSandbox(options);
await first.fetch('/__admin/health');
await first.close();
appendFileSync(state + '.log', '[{"t":"put"');
const again = await createSandbox(options);
await again.fetch('/uat/api/no-such-path');
await again.close();
console.log('done');
`;
  const run = (state: string, level?: string): { stdout: string; stderr: string; status: number | null } => {
    const child = spawnSync(process.execPath, ['--input-type=module', '-e', script, state, ...(level ? [level] : [])], {
      encoding: 'utf8',
      env: { ...process.env, LOG_LEVEL: 'trace' }, // the library does not read it: only the option counts
    });
    return { stdout: child.stdout, stderr: child.stderr, status: child.status };
  };

  it('prints no request lines by default, and warnings on stderr', () => {
    const { stdout, stderr, status } = run(join(dir, 'quiet.json'));
    expect(status).toBe(0);
    expect(stdout).toBe('done\n');
    expect(stderr).toContain('skipped a torn last line');
    expect(stderr).toContain('"level":40');
    expect(stderr).not.toContain('"msg":"request"');
  });

  it("prints one line per request with logLevel 'info', on stderr", () => {
    const { stdout, stderr, status } = run(join(dir, 'info.json'), 'info');
    expect(status).toBe(0);
    expect(stdout).toBe('done\n');
    expect(stderr).toMatch(/"method":"GET","path":"\/no-such-path","status":404.*"msg":"request"/);
  });
});
