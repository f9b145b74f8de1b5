/**
 * State files written by earlier versions load. every-setting-state.json is a state file as the
 * sandbox wrote it before its settings were read with the scenario's own schema: seeded from
 * every-setting.yaml (every settings section given, none at its default), then a token setting
 * patched, a checkout initialized and a refund recorded, and closed. Older files are made from
 * it as their versions wrote them: without the sections added since, and version 1's unkeyed
 * "journals".
 */
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type Sandbox, createSandbox } from '../../src/sandbox.js';
import type { SnapshotDoc } from '../../src/store/snapshot.js';

const FIXTURES = join(import.meta.dirname, '../fixtures/state');
const WRITTEN = join(FIXTURES, 'every-setting-state.json');
const written = (): SnapshotDoc => JSON.parse(readFileSync(WRITTEN, 'utf8')) as SnapshotDoc;

/** The world's rows (a record collection with none is not kept: it comes back when a record does). */
const rows = (environments: SnapshotDoc['environments']): unknown =>
  Object.fromEntries(
    Object.entries(environments).map(([env, { records, ...rest }]) => [
      env,
      { ...rest, records: Object.fromEntries(Object.entries(records).filter(([, list]) => list.length > 0)) },
    ]),
  );

const open: Sandbox[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((sb) => sb.close()));
});

/** Resumes `doc` (and the change log `log`, one group of changes a line) from a state file of its own. */
async function resume(doc: unknown, log: unknown[][] = []): Promise<Sandbox> {
  const file = join(mkdtempSync(join(tmpdir(), 'earlier-state-')), 'state.json');
  writeFileSync(file, JSON.stringify(doc));
  if (log.length > 0) writeFileSync(`${file}.log`, log.map((group) => `${JSON.stringify(group)}\n`).join(''));
  const sb = await createSandbox({ logLevel: 'silent', statePath: file, scenarioDir: FIXTURES });
  open.push(sb);
  return sb;
}

describe('a state file written by an earlier version', () => {
  it('resumes as it was written: its settings, clock and world unchanged', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'earlier-state-')), 'state.json');
    copyFileSync(WRITTEN, file);
    const sb = await createSandbox({ logLevel: 'silent', statePath: file, scenarioDir: FIXTURES });
    open.push(sb);
    const doc = written();
    expect(sb.resumed).toBe(true);
    expect(sb.scenario()).toBe('every-setting');
    expect(sb.services.settings.current()).toEqual(doc.settings);
    expect(sb.clock.snapshot()).toEqual(doc.clock);
    expect(rows(sb.snapshot().environments)).toEqual(rows(doc.environments));
    // The settings act: the patched skew and the rate limit are what the token settings answer.
    const tokens = await sb.fetch('/__admin/tokens');
    expect(await tokens.json()).toEqual({
      lifetimeSeconds: 1800,
      extLifetimeSeconds: 3600,
      clockSkewSeconds: 120,
      rateLimit: { requests: 50, perSeconds: 60 },
    });
  });

  it('without checkouts.storeMatching and onHold (written before they existed): their defaults', async () => {
    const doc = written();
    const { onHold: _onHold, ...settings } = doc.settings;
    const sb = await resume({ ...doc, settings: { ...settings, checkouts: { lifetimeSeconds: 86400 } } });
    expect(sb.services.settings.current().checkouts).toEqual({ lifetimeSeconds: 86400, storeMatching: 'lenient' });
    expect(sb.services.settings.current().onHold).toEqual({ resolveAfterSeconds: 3600, invoiceStatus: 'Approved' });
    expect(sb.services.settings.current().tokens).toEqual(doc.settings.tokens);
  });

  it('a settings change in its change log, written before onHold existed: the default for what it lacks', async () => {
    const doc = written();
    const { onHold: _onHold, ...settings } = doc.settings;
    const sb = await resume(doc, [[{ t: 'settings', v: { ...settings, tokens: { ...settings.tokens, lifetimeSeconds: 900 } } }]]);
    expect(sb.services.settings.current().tokens.lifetimeSeconds).toBe(900);
    expect(sb.services.settings.current().onHold).toEqual({ resolveAfterSeconds: 3600, invoiceStatus: 'Approved' });
  });

  it('version 1, its records kept in unkeyed journals: migrated, each record keyed', async () => {
    const doc = written();
    const environments = Object.fromEntries(
      Object.entries(doc.environments).map(([env, { records, ...rest }]) => [
        env,
        {
          ...rest,
          journals: Object.fromEntries(
            Object.entries(records).map(([name, rows]) => [
              name === 'idempotency' ? 'order-idempotency' : name,
              rows.map(({ id: _id, ...row }) => row),
            ]),
          ),
        },
      ]),
    );
    const sb = await resume({ ...doc, version: 1, environments });
    expect(sb.services.settings.current()).toEqual(doc.settings);
    expect(rows(sb.snapshot().environments)).toEqual(rows(doc.environments));
  });
});
