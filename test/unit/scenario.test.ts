import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ScenarioError, listScenarios, loadScenario, parseScenario } from '../../src/store/scenario.js';
import { seedState } from '../../src/store/seed.js';

const NOW = Date.parse('2026-10-01T12:00:00Z');

describe('scenarios', () => {
  it('every shipped scenario is valid', () => {
    const scenarios = listScenarios();
    expect(scenarios.map((s) => s.name)).toContain('default');
    for (const { name } of scenarios) expect(() => loadScenario(name), name).not.toThrow();
  });

  it('the default scenario has two merchants per environment with distinct credentials', () => {
    const scenario = loadScenario('default');
    const uat = scenario.environments.uat.merchants;
    const prod = scenario.environments.prod.merchants;
    expect(uat.length).toBeGreaterThanOrEqual(2);
    expect(prod.length).toBeGreaterThanOrEqual(2);
    const usernames = [...uat, ...prod].map((m) => m.sharedKey.username);
    expect(new Set(usernames).size).toBe(usernames.length);
    const clients = [...uat, ...prod].flatMap((m) => m.apiClients.map((c) => c.clientId));
    expect(new Set(clients).size).toBe(clients.length);
  });

  it('seeding is deterministic: same scenario, same seed, same instant → identical state', async () => {
    const scenario = loadScenario('default');
    expect(await seedState(scenario, NOW)).toEqual(await seedState(scenario, NOW));
    expect(await seedState({ ...scenario, seed: 7 }, NOW)).not.toEqual(await seedState(scenario, NOW));
  });

  it('seeds checkouts and orders in several states, with orders behind completed purchases', async () => {
    const state = await seedState(loadScenario('default'), NOW);
    const checkouts = [...state.environments.uat.checkouts, ...state.environments.prod.checkouts];
    expect(new Set(checkouts.map((c) => c.status)).size).toBeGreaterThanOrEqual(4);
    const orders = [...state.environments.uat.orders, ...state.environments.prod.orders];
    expect(new Set(orders.map((o) => o.status)).size).toBeGreaterThanOrEqual(3);
    for (const checkout of checkouts.filter((c) => c.status === 'PurchaseCompleted')) {
      const order = orders.find((o) => o.orderId === checkout.orderId);
      expect(order?.checkoutPrivateId).toBe(checkout.privateId);
      expect(order?.orderId).toBe(order?.orderId.toLowerCase());
    }
  });

  it('stores API client secrets only as salted hashes', async () => {
    const state = await seedState(loadScenario('default'), NOW);
    const text = JSON.stringify(state);
    expect(text).not.toContain('uat-secret-nordic-outdoor-0001');
    expect(state.environments.uat.apiClients[0]?.secrets[0]?.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('applies defaults: the retired host shuts at the start of 31 October 2026, Stockholm time', async () => {
    const scenario = parseScenario({ name: 'x', environments: {} }, 'x.yaml');
    expect((await seedState(scenario, NOW)).settings.retirement).toEqual({
      shutdownAt: '2026-10-30T23:00:00.000Z',
      afterShutdown: 'refuse',
      brownouts: [],
    });
    expect((await seedState(scenario, NOW)).settings.tokens).toMatchObject({ lifetimeSeconds: 3599, clockSkewSeconds: 300 });
    expect((await seedState(scenario, NOW)).settings.checkouts).toEqual({ lifetimeSeconds: 7776000, storeMatching: 'lenient' }); // 90 days: the newest initialize page (was 7 days, from the get checkout page's older revisions)
    const strict = parseScenario({ name: 'x', checkouts: { storeMatching: 'strict' }, environments: {} }, 'x.yaml');
    expect((await seedState(strict, NOW)).settings.checkouts.storeMatching).toBe('strict');
  });

  it.each([
    [{ environments: {} }, 'name: '],
    [{ name: 'x', environments: {}, colour: 'red' }, '(top level): Unrecognized key: "colour"'],
    [{ name: 'x', clock: { now: 'soon' }, environments: {} }, 'clock.now: expected an ISO-8601 instant'],
    [{ name: 'x', retirement: { afterShutdown: 'explode' }, environments: {} }, 'retirement.afterShutdown:'],
    [
      {
        name: 'x',
        environments: {
          uat: {
            merchants: [
              {
                id: 1,
                name: 'm',
                stores: [{ id: 1, countryCode: 'SE', currency: 'SEK' }],
                sharedKey: { username: 'u', key: 'k' },
                checkouts: [{ storeId: 2, items: [{ id: 'a', description: 'b', unitPrice: 'ten' }] }],
              },
            ],
          },
        },
      },
      'environments.uat.merchants[0].checkouts[0].items[0].unitPrice: expected an amount',
    ],
  ])('names the file, the field and the expectation (%#)', (raw, message) => {
    expect(() => parseScenario(raw, 'bad.yaml')).toThrow(ScenarioError);
    expect(() => parseScenario(raw, 'bad.yaml')).toThrow(message);
    expect(() => parseScenario(raw, 'bad.yaml')).toThrow(/^bad\.yaml: invalid scenario/);
  });

  it("refuses stores that are not the merchant's and duplicate credentials", () => {
    const merchant = (id: number, username: string): object => ({
      id,
      name: 'm',
      stores: [{ id, countryCode: 'SE', currency: 'SEK' }],
      sharedKey: { username, key: 'k' },
      orders: [{ storeId: 99, items: [{ id: 'a', description: 'b', unitPrice: 1 }] }],
    });
    const raw = { name: 'x', environments: { uat: { merchants: [merchant(1, 'same'), merchant(2, 'same')] } } };
    expect(() => parseScenario(raw, 'dup.yaml')).toThrow("orders[0].storeId: store 99 is not one of this merchant's stores");
    expect(() => parseScenario(raw, 'dup.yaml')).toThrow('merchants[1].sharedKey.username: duplicate SharedKey username same');
  });

  it('reports YAML syntax errors with the file name', () => {
    const dir = mkdtempSync(join(tmpdir(), 'scenario-'));
    const file = join(dir, 'broken.yaml');
    writeFileSync(file, 'name: [unclosed');
    expect(() => loadScenario(file)).toThrow(`${file}: not valid YAML`);
  });
});
