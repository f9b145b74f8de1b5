/**
 * A sandbox started from a shop's own scenario file (`--scenario ./my-shop.yaml`) goes back to that
 * file on POST /__admin/reset: with no body, with the file's scenario name and with the path it was
 * started with; a refusal names every form that works, the same forms docs/scenarios.md gives.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Spawned, spawnScope, startSandbox } from '../support/spawn.js';

const scope = spawnScope('sandbox-scenario-file-');
const file = join(scope.dir, 'my-shop.yaml');
let sandbox: Spawned;

async function call(method: string, path: string, body?: unknown) {
  const response = await fetch(`${sandbox.url.replace('0.0.0.0', '127.0.0.1')}${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

const merchantIds = async () => ((await call('GET', '/__admin/uat/merchants')).json.merchants as { id: string }[]).map((m) => m.id).sort();

beforeAll(async () => {
  writeFileSync(
    file,
    [
      'name: my-shop',
      'environments:',
      '  uat:',
      '    merchants:',
      '      - id: "7001"',
      '        name: My Shop',
      '        stores: [{ id: 70011, countryCode: SE, currency: SEK }]',
      '        sharedKey: { username: my-shop, key: my-shop-sharedkey-secret }',
      '',
    ].join('\n'),
  );
  sandbox = await startSandbox(['--memory', '--scenario', file]);
  scope.running.push(sandbox);
});

describe('POST /__admin/reset on a sandbox started from a scenario file', () => {
  it('goes back to the file with no body, forgetting a merchant added since', async () => {
    const added = await call('POST', '/__admin/uat/merchants', {
      id: '7002',
      name: 'Added',
      stores: [{ id: 70021, countryCode: 'SE', currency: 'SEK' }],
      sharedKey: { username: 'added', key: 'added-sharedkey-secret' },
    });
    expect(added.status, JSON.stringify(added.json)).toBe(201);
    expect(await merchantIds()).toEqual(['7001', '7002']);
    const reset = await call('POST', '/__admin/reset');
    expect(reset.status, JSON.stringify(reset.json)).toBe(200);
    expect(reset.json.scenario).toBe('my-shop');
    expect(await merchantIds()).toEqual(['7001']);
  });

  it.each([
    ['its scenario name', () => 'my-shop'],
    ['the path it was started with', () => file],
  ])('goes back to the file given %s', async (_form, scenario) => {
    const reset = await call('POST', '/__admin/reset', { scenario: scenario() });
    expect(reset.status, JSON.stringify(reset.json)).toBe(200);
    expect(reset.json.scenario).toBe('my-shop');
    expect(await merchantIds()).toEqual(['7001']);
  });

  it('switches to a shipped scenario and back by the file name', async () => {
    expect((await call('POST', '/__admin/reset', { scenario: 'minimal' })).json.scenario).toBe('minimal');
    expect((await call('POST', '/__admin/reset', { scenario: 'my-shop' })).json.scenario).toBe('my-shop');
  });

  it('refuses another file, naming every form that works, and keeps the state', async () => {
    const refused = await call('POST', '/__admin/reset', { scenario: join(scope.dir, 'other.yaml') });
    expect(refused.status).toBe(400);
    const message = (refused.json.error as { message: string }).message;
    expect(message).toContain("unknown scenario '");
    expect(message).toContain('Known scenarios: default, minimal');
    expect(message).toContain(`This sandbox started from ${file} (scenario 'my-shop')`);
    expect(message).toContain('{"scenario": "my-shop"}');
    expect(message).toContain('--scenario <path>');
    expect(message).not.toContain('give the path of a YAML file');
    expect(await merchantIds()).toEqual(['7001']);
  });
});
