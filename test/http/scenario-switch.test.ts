/**
 * A start with another --scenario than the saved state's never discards that state without a
 * word: the old state is kept as a backup, the banner says which scenario it was and where it
 * went, and the next plain start resumes the scenario now saved (as the README says).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { switchedLines } from '../../src/cli/banner.js';
import { createSandbox } from '../../src/sandbox.js';
import { admin } from '../support/checkout-requests.js';

const dir = mkdtempSync(join(tmpdir(), 'sandbox-switch-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('switching scenario on saved state', () => {
  it('keeps the old state, says so in the banner, and later starts resume the new scenario', async () => {
    const statePath = join(dir, 'state.json');
    const first = await createSandbox({ statePath, logLevel: 'silent' });
    expect((await admin(first, '/clock/advance', { duration: 'PT10M' })).status).toBe(200);
    expect(first.switched).toBeNull();
    await first.close();

    const other = await createSandbox({ statePath, scenario: 'minimal', logLevel: 'silent' });
    try {
      expect(other.scenario()).toBe('minimal');
      expect(other.switched?.from).toBe('default');
      const backup = other.switched!.backup!;
      expect(existsSync(backup)).toBe(true);
      expect((JSON.parse(readFileSync(backup, 'utf8')) as { scenario: string }).scenario).toBe('default');
      expect(switchedLines(other)).toEqual([
        "  switched: the saved state was of scenario 'default'; 'minimal' was seeded in its place",
        `            (the old state is kept in ${backup}); later starts resume 'minimal'`,
      ]);
    } finally {
      await other.close();
    }

    const plain = await createSandbox({ statePath, logLevel: 'silent' });
    try {
      expect([plain.scenario(), plain.resumed, plain.switched]).toEqual(['minimal', true, null]);
      expect(switchedLines(plain)).toEqual([]);
    } finally {
      await plain.close();
    }
  });
});
