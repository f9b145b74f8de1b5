/**
 * Every base URL the start page and the banner link answers with what its surface serves
 * (prefix form only), also the retired host's past its shutdown; by Host header the root is the
 * emulated host's own, as on the real one.
 */
import { describe, expect, it } from 'vitest';
import { ENVIRONMENTS, SURFACES } from '../../src/hosts.js';
import { useSandbox } from '../support/sandbox.js';

const sb = useSandbox({ scenario: 'post-shutdown' }, 'file');

interface Index {
  env: string;
  surface: string;
  realHost: string;
  baseUrl: string;
  operations: string[];
}

describe('GET on a base URL in the prefix form', () => {
  it.each(ENVIRONMENTS.flatMap((env) => SURFACES.map((surface) => [env, surface] as const)))(
    '%s %s answers 200 with its operations',
    async (env, surface) => {
      for (const path of [`/${env}/${surface}`, `/${env}/${surface}/`]) {
        const response = await sb.fetch(path, { headers: { accept: 'text/html,application/json' } });
        expect(response.status).toBe(200);
        const index = (await response.json()) as Index;
        expect(index).toMatchObject({ env, surface, realHost: sb.hosts[env][surface].host, baseUrl: sb.baseUrl(env, surface) });
        expect(index.operations.length).toBeGreaterThan(0);
        expect(index.operations.every((op) => op.includes(` ${sb.baseUrl(env, surface)}/`))).toBe(true);
      }
    },
  );

  it('names the operations as the documentation writes them', async () => {
    const index = (await (await sb.fetch('/uat/api')).json()) as Index;
    expect(index.operations).toContain(`POST ${sb.baseUrl('uat', 'api')}/checkouts`);
    expect(index.operations).toContain(`GET ${sb.baseUrl('uat', 'api')}/checkouts/{privateId}`);
  });

  it('leaves the real host names alone: by Host header, / is the surface’s own, and the shut retired host still closes', async () => {
    const byHost = await sb.fetch('http://127.0.0.1/', { headers: { host: sb.hosts.uat.legacy.host } });
    expect(byHost.status).toBe(404);
    await expect(sb.fetch('/uat/retired/checkout/x')).rejects.toThrow();
  });
});
