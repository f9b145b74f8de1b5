/**
 * The dashboard's first paint: GET /__admin/ui carries the answers of the script's first
 * refresh (clock, retired host, merchants, checkouts, the journal, the report…), the same as
 * each admin call answers, so the panels show their content without a round trip per panel.
 */
import { describe, expect, it } from 'vitest';
import { openSandbox } from '../support/sandbox.js';

function firstPaintOf(page: string): Record<string, unknown> {
  const match = /<script type="application\/json" id="first-paint">([^<]*)<\/script>/.exec(page);
  expect(match, 'the page has no first-paint data').not.toBeNull();
  return JSON.parse(match![1]!) as Record<string, unknown>;
}

describe('the dashboard page as served', () => {
  it("already holds each panel's content, as the admin API answers it", async () => {
    const sb = await openSandbox({ now: '2026-10-01T10:00:00Z', frozen: true });
    const page = await (await sb.fetch('/__admin/ui')).text();
    expect(page).not.toContain('Loading…');
    const initial = firstPaintOf(page);
    for (const path of ['/__admin/clock', '/__admin/retirement', '/__admin/uat/merchants', '/__admin/prod/orders']) {
      expect(initial[path], path).toEqual(await (await sb.fetch(path)).json());
    }
    // The report reads the journal, which has this page's own request by now: present, not compared.
    expect(initial['/__admin/report']).toBeTypeOf('object');
    expect(initial['/__admin/clock']).toMatchObject({ now: '2026-10-01T10:00:00.000Z', frozen: true });
    // The merchants panel's names are in the served page itself.
    const merchants = (initial['/__admin/uat/merchants'] as { merchants: { name: string }[] }).merchants;
    expect(merchants.length).toBeGreaterThan(0);
    for (const m of merchants) expect(page).toContain(JSON.stringify(m.name).slice(1, -1));
    // The requests panel's query is the one the script makes, with the row count from the table.
    expect(page).toMatch(/<table id="request-log" data-rows="200">/);
    expect(Object.keys(initial).some((path) => path.startsWith('/__admin/requests?surface=') && path.endsWith('&limit=200'))).toBe(true);
  });

  it('keeps the data inside its script element, whatever a name holds', async () => {
    const sb = await openSandbox();
    const added = await sb.fetch('/__admin/uat/merchants', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        id: '7009',
        name: '</script><b>shop</b>',
        stores: [{ id: 70091, countryCode: 'SE', currency: 'SEK' }],
        sharedKey: { username: 'tricky', key: 'tricky-shared-key' },
      }),
    });
    expect(added.status).toBe(201);
    const page = await (await sb.fetch('/__admin/ui')).text();
    expect(page).not.toContain('</script><b>');
    const names = (firstPaintOf(page)['/__admin/uat/merchants'] as { merchants: { name: string }[] }).merchants.map((m) => m.name);
    expect(names).toContain('</script><b>shop</b>');
  });
});
