/**
 * The control plane: clock, scenarios, reset, merchants, health.
 */
import { describe, expect, it } from 'vitest';
import { useSandbox } from '../support/sandbox.js';

const sb = useSandbox();

async function call(method: string, path: string, body?: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
  const response = await sb.fetch(path, {
    method,
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

describe('/__admin/clock', () => {
  it('reads the clock', async () => {
    sb.clock.set({ now: '2026-10-30T22:59:00Z', frozen: true });
    const { status, json } = await call('GET', '/__admin/clock');
    expect(status).toBe(200);
    expect(json).toEqual({ now: '2026-10-30T22:59:00.000Z', frozen: true });
  });

  it('sets and freezes, then unfreezes', async () => {
    expect((await call('PUT', '/__admin/clock', { now: '2026-10-30T22:59:00Z', frozen: true })).json).toEqual({
      now: '2026-10-30T22:59:00.000Z',
      frozen: true,
    });
    expect(sb.clock.iso()).toBe('2026-10-30T22:59:00.000Z');
    const unfrozen = await call('PUT', '/__admin/clock', { frozen: false });
    expect(unfrozen.json.frozen).toBe(false);
    expect(sb.snapshot().clock).toMatchObject({ mode: 'offset' });
  });

  it('advances by seconds and by ISO-8601 duration, forwards and backwards', async () => {
    await call('PUT', '/__admin/clock', { now: '2026-10-30T22:59:00Z', frozen: true });
    expect((await call('POST', '/__admin/clock/advance', { seconds: 60 })).json.now).toBe('2026-10-30T23:00:00.000Z');
    expect((await call('POST', '/__admin/clock/advance', { duration: 'PT1H30M' })).json.now).toBe('2026-10-31T00:30:00.000Z');
    expect((await call('POST', '/__admin/clock/advance', { seconds: -5400 })).json.now).toBe('2026-10-30T23:00:00.000Z');
  });

  it('resets to machine time with DELETE', async () => {
    await call('PUT', '/__admin/clock', { now: '2020-01-01T00:00:00Z', frozen: true });
    const { json } = await call('DELETE', '/__admin/clock');
    expect(json.frozen).toBe(false);
    expect((json.now as string).startsWith('2020')).toBe(false);
  });

  it.each([
    ['PUT', '/__admin/clock', '{not json', 'not valid JSON'],
    ['PUT', '/__admin/clock', { now: 'tomorrow' }, 'now: expected an ISO-8601 instant'],
    ['PUT', '/__admin/clock', { frozen: 'yes' }, 'frozen:'],
    ['PUT', '/__admin/clock', { speed: 2 }, 'Unrecognized key: "speed"; accepted keys: now, frozen'],
    ['POST', '/__admin/clock/advance', { minutes: 5 }, 'Unrecognized key: "minutes"; accepted keys: seconds, duration'],
    ['PUT', '/__admin/clock', { now: '2026-02-30T00:00:00Z' }, 'now: expected an ISO-8601 instant'],
    ['POST', '/__admin/clock/advance', {}, 'exactly one of'],
    ['POST', '/__admin/clock/advance', { seconds: 1, duration: 'PT1S' }, 'exactly one of'],
    ['POST', '/__admin/clock/advance', { duration: '90 minutes' }, 'not an ISO-8601 duration'],
  ])('%s %s %j → 400 saying how to fix it', async (method, path, body, message) => {
    const before = sb.clock.state();
    const { status, json } = await call(method, path, body);
    expect(status).toBe(400);
    expect((json.error as { message: string }).message).toContain(message);
    expect(sb.clock.isFrozen()).toBe(before.frozen);
  });
});

describe('/__admin world', () => {
  it('reports health once ready', async () => {
    const { status, json } = await call('GET', '/__admin/health');
    expect(status).toBe(200);
    expect(json).toMatchObject({ status: 'ok', scenario: 'default' });
  });

  it('lists the shipped scenarios', async () => {
    const { json } = await call('GET', '/__admin/scenarios');
    expect(json.current).toBe('default');
    const names = (json.scenarios as { name: string }[]).map((s) => s.name);
    expect(names).toEqual(expect.arrayContaining(['default', 'minimal']));
  });

  it('reseeds without a restart, optionally with another scenario', async () => {
    const created = await call('POST', '/__admin/uat/merchants/1001/api-clients', {});
    expect(created.status).toBe(201);
    expect(sb.snapshot().environments.uat.apiClients).toHaveLength(3);
    const { status, json } = await call('POST', '/__admin/reset', {});
    expect(status).toBe(200);
    expect(json.scenario).toBe('default');
    expect(sb.snapshot().environments.uat.apiClients).toHaveLength(2);
    expect(sb.snapshot().environments.uat.merchants).toHaveLength(2);
    expect((await call('POST', '/__admin/reset', { scenario: 'minimal' })).json.scenario).toBe('minimal');
    expect(sb.snapshot().environments.uat.merchants).toHaveLength(1);
  });

  it('refuses an unknown scenario and keeps the current state', async () => {
    const { status, json } = await call('POST', '/__admin/reset', { scenario: 'nope' });
    expect(status).toBe(400);
    expect((json.error as { message: string }).message).toContain("unknown scenario 'nope'");
    expect(sb.scenario()).toBe('default');
  });

  it('suggests the closest scenario name, as the CLI and the library do', async () => {
    const { status, json } = await call('POST', '/__admin/reset', { scenario: 'minimla' });
    expect(status).toBe(400);
    expect((json.error as { message: string }).message).toMatch(
      /^unknown scenario 'minimla'\. Did you mean 'minimal'\? Known scenarios: default, minimal, .*--scenario <path>/,
    );
    expect(sb.scenario()).toBe('default');
  });

  it('accepts only scenario names over HTTP, never file paths', async () => {
    const { status, json } = await call('POST', '/__admin/reset', { scenario: '../scenarios/minimal.yaml' });
    expect(status).toBe(400);
    expect((json.error as { message: string }).message).toContain('Known scenarios: ');
    expect(sb.scenario()).toBe('default');
  });

  it('lists merchants with stores and SharedKey credentials, never API client secrets', async () => {
    const response = await sb.fetch('/__admin/uat/merchants');
    const text = await response.text();
    expect(response.status).toBe(200);
    const { merchants } = JSON.parse(text) as { merchants: { id: string; stores: unknown[]; sharedKey: { username: string } }[] };
    expect(merchants.map((m) => m.id)).toEqual(['1001', '1002']);
    expect(merchants[0]?.sharedKey.username).toBe('nordic-outdoor-uat');
    expect(text).toContain('6f1e2d3c-4b5a-4978-8a1b-2c3d4e5f6a01');
    expect(text).not.toContain('uat-secret-nordic-outdoor-0001');
    expect(text).not.toMatch(/"hash"|"salt"/);
  });

  it('keeps UAT and PROD apart', async () => {
    const uat = await (await sb.fetch('/__admin/uat/merchants')).text();
    const prod = await (await sb.fetch('/__admin/prod/merchants')).text();
    expect(uat).not.toContain('nordic-outdoor"');
    expect(prod).toContain('"nordic-outdoor"');
    expect(prod).not.toContain('nordic-outdoor-uat');
  });

  it('answers unknown environments and calls with 404 naming the fix', async () => {
    expect((await call('GET', '/__admin/test/merchants')).status).toBe(404);
    const { status, json } = await call('GET', '/__admin/nothing');
    expect(status).toBe(404);
    // A URL the sandbox serves, not a repository file a package user does not have.
    expect((json.error as { message: string }).message).toContain('GET /__admin/docs');
  });
});
