/**
 * POST /__admin/demo/migration plays the migration story on the sandbox it is sent to: its demo
 * shop's calls are real requests in the journal (retired, then legacy, then the current API),
 * the clock crosses the shutdown and the retired host refuses after it, each step is a
 * demo.step event with the readiness items it changed, and GET reads where it stands.
 */
import { describe, expect, it } from 'vitest';
import type { Sandbox } from '../../src/index.js';
import { openSandbox } from '../support/sandbox.js';

interface Step {
  step: number;
  title: string;
  at: string;
  surface: string | null;
  status: number | 'refused' | null;
  principal: string | null;
  readiness: { principal: string; item: string; from: string | null; to: string }[];
}
interface Run {
  state: string;
  of: number;
  steps: Step[];
  error: string | null;
  merchant: { sharedKeyUsername: string; clientId: string };
}
interface Entry {
  surface: string;
  method: string;
  path: string;
  status: number | 'refused';
  principal: { username?: string; clientId?: string };
}

const admin = async (sb: Sandbox, path: string, init: RequestInit = {}): Promise<{ status: number; body: Record<string, unknown> }> => {
  const response = await sb.fetch(`/__admin${path}`, init);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

async function finished(sb: Sandbox): Promise<Run> {
  for (let i = 0; i < 200; i++) {
    const run = (await admin(sb, '/demo/migration')).body as unknown as Run;
    if (run.state !== 'running') return run;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('the demo did not finish');
}

describe('the migration demo on the sandbox that is open', () => {
  it('plays retired → legacy → current while the clock crosses the shutdown, and the retired host refuses after it', async () => {
    const sb = await openSandbox({ scenario: 'minimal', now: '2026-06-01T12:00:00Z' });
    const events: { type: string; [key: string]: unknown }[] = [];
    const stream = await sb.fetch('/__admin/events');
    const reader = stream.body!.pipeThrough(new TextDecoderStream()).getReader();
    const reading = (async () => {
      let text = '';
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        text += value;
        for (const [, data] of text.matchAll(/^data: (.*)$/gm)) events.push(JSON.parse(data!) as (typeof events)[number]);
        text = text.slice(text.lastIndexOf('\n\n') + 2);
        if (events.some((event) => event.type === 'demo.finished')) return;
      }
    })();

    expect((await admin(sb, '/demo/migration')).body).toMatchObject({ state: 'not-started', steps: [] });
    const started = await admin(sb, '/demo/migration', { method: 'POST', body: JSON.stringify({ pauseMs: 0 }) });
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({ state: 'running', pauseMs: 0 });
    const run = await finished(sb);
    await reading;
    await reader.cancel();

    expect(run.error).toBeNull();
    expect(run.state).toBe('finished');
    expect(run.steps).toHaveLength(run.of);
    // Its own merchant, so a scenario's merchants are left as they are.
    const merchants = (await admin(sb, '/uat/merchants')).body.merchants as { id: string; sharedKey: { username: string } }[];
    expect(merchants.map((m) => m.sharedKey.username)).toEqual(['minimal-uat', run.merchant.sharedKeyUsername]);

    // The shop's calls, oldest first, as the journal holds them.
    const { requests } = (await admin(sb, '/requests?surface=retired,legacy,api,auth')).body as unknown as { requests: Entry[] };
    const who = (e: Entry): string => e.principal.username ?? (e.principal.clientId === run.merchant.clientId ? 'client' : '-');
    const calls = requests
      .reverse()
      .map((e) => `${e.surface} ${e.method} ${e.path.replace(/[0-9a-f-]{36}/, '{id}')} ${e.status} ${who(e)}`);
    expect(calls).toEqual([
      'retired POST /checkout 200 demo-shop-uat',
      'legacy GET /merchants/9900/checkouts/{id} 200 demo-shop-uat',
      'legacy PUT /merchants/9900/checkouts/{id}/reference 200 demo-shop-uat',
      // Closed before the credentials are read: a vanished host hears nothing.
      'retired GET /merchants/9900/checkouts/{id} refused -',
      'auth POST /oauth2/v2.0/token 200 client',
      'api GET /checkouts/{id} 200 client',
      'api POST /checkouts 200 client',
      'api PUT /checkouts/{id}/cart 200 client',
    ]);

    // The clock crossed the shutdown between the legacy calls and the refusal, and stays after it, frozen.
    const retirement = (await admin(sb, '/retirement')).body as { shutdownAt: string; state: { open: boolean; cause?: string } };
    const byTitle = (text: string): Step => run.steps.find((s) => s.title.includes(text))!;
    expect(Date.parse(byTitle('legacy host').at)).toBeLessThan(Date.parse(retirement.shutdownAt));
    expect(Date.parse(byTitle('old host name fails').at)).toBeGreaterThanOrEqual(Date.parse(retirement.shutdownAt));
    expect(retirement.state).toEqual({ open: false, cause: 'shutdown', since: retirement.shutdownAt });
    expect((await admin(sb, '/clock')).body.frozen).toBe(true);
    await expect(sb.fetch('/uat/retired/checkout', { method: 'POST', body: '{}' })).rejects.toThrow();

    // Readiness changed as the shop improved: its token reused, its current-API checkout used again and updated.
    const changes = run.steps.flatMap((s) =>
      s.readiness.map((r) => `${s.step} ${r.principal === run.merchant.clientId ? 'client' : 'user'} ${r.item} ${r.from}→${r.to}`),
    );
    expect(changes).toEqual([
      '2 user current-api null→not-met',
      '2 user terms-https null→met',
      '3 user reuse-public-token not-seen→met',
      // The client is judged by its own calls: the SharedKey user's old ones stay on the user's card.
      '8 client current-api not-seen→met',
      '9 client token-reuse not-seen→met',
      '9 client terms-https not-seen→met',
      '10 client reuse-public-token not-seen→met',
      '10 client necessary-requests not-seen→met',
    ]);
    const report = (await admin(sb, '/report')).body as {
      principals: { principal: string; readiness: { id: string; status: string }[] }[];
    };
    const client = report.principals.find((p) => p.principal === run.merchant.clientId)!;
    expect(Object.fromEntries(client.readiness.map((r) => [r.id, r.status]))).toMatchObject({
      'token-reuse': 'met',
      'reuse-public-token': 'met',
      'necessary-requests': 'met',
    });

    // The stream told each step as it happened, between demo.started and demo.finished.
    const demo = events.filter((e) => e.type.startsWith('demo.'));
    expect(demo.map((e) => (e.type === 'demo.step' ? e.step : e.type))).toEqual([
      'demo.started',
      ...run.steps.map((s) => s.step),
      'demo.finished',
    ]);
    expect(demo.at(-1)).toMatchObject({ state: 'finished', error: null });
  });

  it('plays again on the same sandbox, refuses a second start while it plays, and takes only a known pace', async () => {
    const sb = await openSandbox({ scenario: 'minimal' });
    expect((await admin(sb, '/demo/migration', { method: 'POST', body: JSON.stringify({ pauseMs: 200 }) })).status).toBe(202);
    const again = await admin(sb, '/demo/migration', { method: 'POST' });
    expect(again.status).toBe(409);
    expect((again.body.error as { message: string }).message).toMatch(/^The migration demo is playing \(step \d+ of 10 done\)/);
    expect((await finished(sb)).state).toBe('finished');
    expect((await admin(sb, '/demo/migration', { method: 'POST', body: JSON.stringify({ pauseMs: 0 }) })).status).toBe(202);
    expect((await finished(sb)).state).toBe('finished');

    const bad = await admin(sb, '/demo/migration', { method: 'POST', body: JSON.stringify({ pauseMs: -1 }) });
    expect(bad.status).toBe(400);
    expect((bad.body.error as { message: string }).message).toContain('pauseMs');
  });

  it('is refused, saying why, when a merchant of the world holds the demo shop’s SharedKey user', async () => {
    const sb = await openSandbox({ scenario: 'minimal' });
    const taken = await admin(sb, '/uat/merchants', {
      method: 'POST',
      body: JSON.stringify({
        id: '4242',
        name: 'Not the demo',
        stores: [{ id: 4242, countryCode: 'SE', currency: 'SEK' }],
        sharedKey: { username: 'demo-shop-uat', key: 'another-key' },
      }),
    });
    expect(taken.status).toBe(201);
    const refused = await admin(sb, '/demo/migration', { method: 'POST', body: '{}' });
    expect(refused.status).toBe(409);
    expect((refused.body.error as { message: string }).message).toMatch(
      /^The demo shop cannot be added: .*demo-shop-uat.*POST \/__admin\/reset/,
    );
    expect((await admin(sb, '/demo/migration')).body.state).toBe('not-started');
  });
});
