/**
 * The build's record of faker's pools (src/store/seed-draws.ts): the built seeding, which
 * replays the record, gives exactly the world that faker itself gives (the seeding from src/,
 * where no record applies), and an edited scenario of the same name falls back to faker.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadScenario } from '../../src/store/scenario.js';
import { drawsGenerator, replayDraws, DrawMiss } from '../../src/store/seed-draws.js';
import { seedState } from '../../src/store/seed.js';
import { ROOT } from '../support/spawn.js';

const NOW = Date.parse('2026-06-01T00:00:00Z');
const built = (path: string): Promise<unknown> => import(pathToFileURL(join(ROOT, 'dist', path)).href);
const builtSeed = (await built('store/seed.js')) as typeof import('../../src/store/seed.js');
const builtDraws = (await built('store/seed-draws.js')) as typeof import('../../src/store/seed-draws.js');

describe('seeding from the recorded pools', () => {
  it('no record applies from src/: the generating code there is not the built code', () => {
    expect(drawsGenerator()).toBeNull();
    expect(builtDraws.drawsGenerator()).toMatch(/^[0-9a-f]{64}$/);
  });

  it.each(['default', 'post-shutdown', 'shutdown-eve'])('%s: the built seeding replays the record and gives the world faker gives', async (name) => {
    const scenario = loadScenario(name);
    expect(builtDraws.recordedDraws(name, scenario.seed)).not.toBeNull();
    expect(await builtSeed.seedState(scenario, NOW)).toStrictEqual(await seedState(scenario, NOW));
  });

  it('a record for another seed is not used', () => {
    const scenario = loadScenario('default');
    expect(builtDraws.recordedDraws('default', scenario.seed + 1)).toBeNull();
  });

  it('an edited scenario of the same name: the replay stops at the first pool out of turn, and faker seeds it', async () => {
    const scenario = loadScenario('default');
    const uat = scenario.environments.uat;
    // UAT's stores in Denmark: the first pool asked for is DK/B2C, which the record does not start with.
    const merchants = uat.merchants.map((m) => ({ ...m, stores: m.stores.map((s) => ({ ...s, countryCode: 'DK' as const })) }));
    const edited = { ...scenario, environments: { ...scenario.environments, uat: { ...uat, merchants } } };
    const replay = builtDraws.replayDraws(builtDraws.recordedDraws('default', scenario.seed)!);
    expect(() => replay.fill('DK/B2C', () => [])).toThrow(builtDraws.DrawMiss);
    const world = await builtSeed.seedState(edited, NOW);
    expect(world.environments.uat.orders.some((o) => o.countryCode === 'DK')).toBe(true);
    expect(world).toStrictEqual(await seedState(edited, NOW));
  });

  it('a replay refuses a pool out of turn', () => {
    const replay = replayDraws({ seed: 1, generator: 'x', draws: [{ pool: 'SE/B2C', values: [1] }] });
    expect(() => replay.fill('items', () => [])).toThrow(DrawMiss);
    expect(replay.fill('SE/B2C', () => [])).toEqual([1]);
    expect(() => replay.fill('SE/B2C', () => [])).toThrow(DrawMiss);
  });
});
