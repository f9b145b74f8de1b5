/**
 * /__admin under `record` (a regression test: a purchase through the recorder's admin API answered 404
 * "No checkout … Initialize one through the checkout API first" for a checkout just initialized
 * through the recorder, and advancing its clock answered 200 and changed nothing upstream).
 * The calls about the recorder itself still answer; those that act on an emulated world are
 * refused with 409, saying so, and naming the upstream's own control plane when the upstream
 * is a sandbox.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_OPERATIONS } from '../../src/admin/index.js';
import { RECORDER_OPERATIONS } from '../../src/fidelity/control-plane.js';
import { type Recorder, startRecorder } from '../../src/fidelity/recorder.js';
import { useSandbox } from '../support/sandbox.js';
import { initPayload } from '../support/checkout-requests.js';
import { CREDENTIALS, UAT_SCOPE } from '../support/identity.js';

const dir = mkdtempSync(join(tmpdir(), 'recorder-control-plane-'));
const upstream = useSandbox({}, 'file');
let upstreamUrl: string;
let recorder: Recorder;
let real: Recorder;
let url: string;

beforeAll(async () => {
  upstreamUrl = (await upstream.listen()).url;
  const upstreams = Object.fromEntries(['auth', 'api', 'legacy'].map((s) => [`uat.${s}`, `${upstreamUrl}/uat/${s}`]));
  recorder = await startRecorder({ out: dir, upstreams, listen: { port: 0, logLevel: 'silent' } });
  url = recorder.sandbox.listenUrl();
  // Forwarding to the real hosts: nothing is sent to them in these tests.
  real = await startRecorder({ out: dir, listen: { port: 0, logLevel: 'silent' } });
});
afterAll(async () => {
  await recorder?.close();
  await real?.close();
  rmSync(dir, { recursive: true, force: true });
});

const errorOf = async (response: Response): Promise<string> => ((await response.json()) as { error: { message: string } }).error.message;

describe('/__admin under record', () => {
  it('lists only operations of the table', () => {
    const ops = new Set(ADMIN_OPERATIONS.map((entry) => entry.op));
    expect([...RECORDER_OPERATIONS].filter((op) => !ops.has(op))).toEqual([]);
  });

  it('refuses a purchase for a checkout initialized through it, naming the upstream sandbox’s own call, which works', async () => {
    const token = (await (
      await fetch(`${url}/uat/auth/oauth2/v2.0/token`, {
        method: 'POST',
        body: new URLSearchParams({
          grant_type: 'client_credentials',
          client_id: CREDENTIALS.uat.clientId,
          client_secret: CREDENTIALS.uat.clientSecret,
          scope: UAT_SCOPE,
        }),
      })
    ).json()) as { access_token: string };
    const created = await fetch(`${url}/uat/api/checkouts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token.access_token}`, 'content-type': 'application/json' },
      body: JSON.stringify(initPayload({ notificationUri: undefined })),
    });
    expect(created.status).toBe(200);
    const { privateId } = ((await created.json()) as { data: { privateId: string } }).data;

    const path = `/__admin/uat/checkouts/${privateId}/purchase`;
    const refused = await fetch(`${url}${path}`, { method: 'POST', body: '{"result":"Preliminary"}' });
    expect(refused.status).toBe(409);
    const message = await errorOf(refused);
    expect(message).toMatch(
      /^POST \/__admin\/uat\/checkouts\/[\w-]+\/purchase does not apply to checkout-sandbox record: it forwards every request to its upstream and keeps no world of its own/,
    );
    expect(message).toContain(`The upstream is a sandbox: make the call on its own control plane, POST ${upstreamUrl}${path}.`);
    const there = await fetch(`${upstreamUrl}${path}`, { method: 'POST', body: '{"result":"Preliminary"}' });
    expect(there.status).toBe(200);
  });

  it('refuses moving the clock, whatever the body, and leaves both clocks alone', async () => {
    const before = upstream.clock.nowMs();
    for (const body of ['{"duration":"PT2H"}', 'not json']) {
      const refused = await fetch(`${url}/__admin/clock/advance`, { method: 'POST', body });
      expect(refused.status).toBe(409);
      expect(await errorOf(refused)).toContain(`POST ${upstreamUrl}/__admin/clock/advance`);
    }
    expect(Math.abs(upstream.clock.nowMs() - before)).toBeLessThan(60_000);
    expect(recorder.sandbox.clock.state().frozen).toBe(false);
  });

  it('says the real service has no control plane when it forwards to the real hosts', async () => {
    const refused = await fetch(`${real.sandbox.listenUrl()}/__admin/reset`, { method: 'POST' });
    expect(refused.status).toBe(409);
    expect(await errorOf(refused)).toContain(
      'The upstream is the real service (https://api.uat.walleydev.com, …), which has no control plane',
    );
  });

  it('still answers what is about the recorder: health, hosts, the journal, faults, the documents', async () => {
    for (const path of [
      '/__admin/health',
      '/__admin/hosts',
      '/__admin/requests',
      '/__admin/faults',
      '/__admin/fidelity',
      '/__admin/openapi.json',
      '/__admin/ui',
    ]) {
      expect((await fetch(`${url}${path}`)).status, path).toBe(200);
    }
  });
});
