/**
 * What the hosted page's script relies on for the client events, without a browser: the
 * page's state (expiry on the sandbox clock, the shop's revision) as JSON and as a stream,
 * the unavailable page that tells the loader of an expired token, and the loader's attributes
 * as the page takes them (data-lang only for the checkout's country, the action colours).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { useSandbox } from '../support/sandbox.js';
import { initPayload } from '../support/checkout-requests.js';
import { bearerToken } from '../support/manage-api.js';

interface State {
  status: string;
  now: string;
  expiresAt: string;
  expired: boolean;
  revision: string;
}

const sb = useSandbox({ now: '2026-10-20T10:00:00Z', frozen: true });
let bearer: string;
beforeEach(async () => {
  bearer = await bearerToken(sb, 'uat');
});

async function initialize(): Promise<{ privateId: string; publicToken: string }> {
  const response = await sb.fetch('/uat/api/checkouts', {
    method: 'POST',
    headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
    body: JSON.stringify(initPayload()),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: { privateId: string; publicToken: string } }).data;
}

const state = async (publicToken: string): Promise<State> => {
  const response = await sb.fetch(`/uat/frontend/checkout/${publicToken}/state`);
  expect(response.status).toBe(200);
  return (await response.json()) as State;
};
const advance = (duration: string): Promise<Response> =>
  sb.fetch('/__admin/clock/advance', { method: 'POST', body: JSON.stringify({ duration }) });
const pageHtml = async (publicToken: string, query = ''): Promise<string> =>
  (await sb.fetch(`/uat/frontend/checkout/${publicToken}${query}`)).text();

describe("the hosted page's state", () => {
  it('answers the status, sandbox time, expiry and revision; the revision moves with the shop’s changes only', async () => {
    const { privateId, publicToken } = await initialize();
    const first = await state(publicToken);
    expect(first).toMatchObject({ status: 'Initialized', now: '2026-10-20T10:00:00.000Z', expired: false });
    expect(Date.parse(first.expiresAt)).toBeGreaterThan(Date.parse(first.now));
    expect(await pageHtml(publicToken)).toContain(`data-revision="${first.revision}"`);

    // The customer's own step leaves the revision as it is.
    const identify = await sb.fetch(`/uat/frontend/checkout/${publicToken}/customer`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'approved@example.com', mobilePhoneNumber: '+46700000000', postalCode: '41101' }),
    });
    expect(identify.status).toBe(200);
    const identified = await state(publicToken);
    expect(identified).toMatchObject({ status: 'CustomerIdentified', revision: first.revision });

    // The shop's cart update moves it.
    const put = await sb.fetch(`/uat/api/checkouts/${privateId}/cart`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
      body: JSON.stringify({ items: [{ id: 'STOVE', description: 'Camping stove', unitPrice: 599, quantity: 1, vat: 25 }] }),
    });
    expect(put.status).toBe(200);
    expect((await state(publicToken)).revision).not.toBe(first.revision);

    // Past the expiry on the sandbox clock the state says so (the page itself is gone: 410).
    // Unpurchased sessions live 90 days: the newest initialize page (https://payments.collectorbank.se/docs/checkout/initcheckout) says expiresAt is 90 days from creation (it was 7 days, from older revisions of the get checkout page).
    await advance('P91D');
    expect(await state(publicToken)).toMatchObject({ expired: true, now: '2027-01-19T10:00:00.000Z' });
    expect((await sb.fetch(`/uat/frontend/checkout/${publicToken}`)).status).toBe(410);

    const unknown = await sb.fetch('/uat/frontend/checkout/public-SE-nope/state');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: { status: 404, message: 'No checkout has the public token public-SE-nope.' } });
  });

  it('streams the state at once and again when the clock passes the expiry, then ends', async () => {
    const { publicToken } = await initialize();
    const response = await sb.fetch(`/uat/frontend/checkout/${publicToken}/state/stream`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = '';
    const nextState = async (): Promise<State> => {
      while (!/^data: .*\n\n/m.test(text)) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`the stream ended: ${text}`);
        text += value;
      }
      const match = /^data: (.*)\n\n/m.exec(text)!;
      text = text.slice(match.index + match[0].length);
      return JSON.parse(match[1]!) as State;
    };
    expect(await nextState()).toMatchObject({ status: 'Initialized', expired: false });
    // Moving the clock by less than the session's life is no news for the page.
    await advance('P1D');
    // The session lives 90 days (the newest initialize page; it was 7 days, from older revisions of the get checkout page).
    await advance('P90D');
    expect(await nextState()).toMatchObject({ expired: true, now: '2027-01-19T10:00:00.000Z' });
    expect((await reader.read()).done).toBe(true);
  });
});

describe('the unavailable page', () => {
  it('names the reason and carries the page script, which tells the loader of an expired token', async () => {
    const { publicToken } = await initialize();
    // Past the 90 days of the newest initialize page (it was 7 days, from older revisions of the get checkout page).
    await advance('P91D');
    const expired = await sb.fetch(`/uat/frontend/checkout/${publicToken}?lang=en-SE`);
    expect(expired.status).toBe(410);
    const html = await expired.text();
    expect(html).toContain(`<main id="unavailable" data-reason="expired" data-public-token="${publicToken}">`);
    expect(html).toContain('This checkout has expired.');
    expect(html).toContain('<script src="../assets/checkout-page.js" defer></script>');
    expect(await pageHtml('public-SE-nope')).toContain('data-reason="unknown"');
  });
});

describe("the loader's attributes on the page", () => {
  it('takes data-lang only when its country is the checkout’s', async () => {
    const { publicToken } = await initialize();
    expect(await pageHtml(publicToken, '?lang=en-SE')).toContain('<html lang="en-SE">');
    expect(await pageHtml(publicToken, '?lang=sv-SE')).toContain('<html lang="sv-SE">');
    for (const ignored of ['nb-NO', 'en-DE', 'fi-FI', 'sv', 'english']) {
      expect(await pageHtml(publicToken, `?lang=${ignored}`), ignored).toContain('<html lang="sv-SE">');
    }
  });

  it('gives the action colour black text where white would fail AA, and reads data-action-text-color as black or white', async () => {
    const { publicToken } = await initialize();
    const vars = async (query: string): Promise<string> =>
      /<body class="[^"]*" style="([^"]*)">/.exec(await pageHtml(publicToken, query))![1]!;
    expect(await vars('?action-color=%230b6e4f')).toBe('--action:#0b6e4f;--action-text:#ffffff;');
    expect(await vars('?action-color=ffd400')).toBe('--action:#ffd400;--action-text:#000000;');
    expect(await vars('?action-color=ffd400&action-text-color=white')).toBe('--action:#ffd400;--action-text:#ffffff;');
    expect(await vars('?action-color=0b6e4f&action-text-color=%23333333')).toBe('--action:#0b6e4f;--action-text:#000000;');
    expect(await vars('?action-text-color=%23eeeeee')).toBe('--action-text:#ffffff;');
    expect(await vars('?action-color=red&action-text-color=blue')).toBe('');
    // Accepted and without effect on the page: what production clients also send.
    expect(await vars('?version=v2&webview=true&padding=none')).toBe('--padding:0;');
  });
});
