/** Files that hold secrets are readable by their owner only, on every start, whatever the umask. */
import { chmodSync, mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSandbox } from '../../src/sandbox.js';
import { generateTlsMaterial } from '../../src/tls/certificates.js';
import { loadHosts } from '../../src/hosts.js';

const mode = (file: string): number => statSync(file).mode & 0o777;

describe('file modes', () => {
  it('writes the state file, its change log and its folder for the owner only, and narrows them again on a start', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'modes-')), 'state');
    const file = join(dir, 'state.json');
    const first = await createSandbox({ logLevel: 'silent', statePath: file });
    const answer = await first.fetch('/__admin/clock/advance', { method: 'POST', body: JSON.stringify({ seconds: 60 }) });
    expect(answer.status).toBe(200);
    await first.close();
    expect(mode(dir)).toBe(0o700);
    expect(mode(file)).toBe(0o600);
    chmodSync(file, 0o644);
    writeFileSync(`${file}.log`, '');
    chmodSync(`${file}.log`, 0o644);
    writeFileSync(`${file}.20260101T000000Z.bak`, '{}');
    chmodSync(`${file}.20260101T000000Z.bak`, 0o644);
    const second = await createSandbox({ logLevel: 'silent', statePath: file });
    await second.close();
    expect([mode(file), mode(`${file}.log`), mode(`${file}.20260101T000000Z.bak`)]).toEqual([0o600, 0o600, 0o600]);
  });

  it('keeps TLS private keys for the owner only, also those an earlier start left readable', () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'modes-tls-')), 'tls');
    const hosts = loadHosts();
    generateTlsMaterial(dir, hosts);
    expect(mode(dir)).toBe(0o700);
    expect(mode(join(dir, 'ca.key'))).toBe(0o600);
    chmodSync(join(dir, 'ca.key'), 0o644);
    generateTlsMaterial(dir, hosts);
    expect(mode(join(dir, 'ca.key'))).toBe(0o600);
  });
});
