/**
 * The dashboard of `record --compare`: its Fidelity section appears, and fills as exchanges
 * are compared in the shadow sandbox (the fidelity.compared events of the stream).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Recorder, startRecorder } from '../../src/fidelity/recorder.js';
import { type StandIn, merchantFlow, startStandIn } from '../support/fidelity.js';
import { BROWSER_TEST_TIMEOUT_MS, HAVE_CHROMIUM, SKIP_REASON, useChromium } from './support.js';

describe.skipIf(!HAVE_CHROMIUM)(
  `the dashboard of record --compare in Chromium${HAVE_CHROMIUM ? '' : ` (${SKIP_REASON})`}`,
  { timeout: BROWSER_TEST_TIMEOUT_MS },
  () => {
    const browser = useChromium();
    let standIn: StandIn;
    let recorder: Recorder;
    const dir = mkdtempSync(join(tmpdir(), 'fidelity-dashboard-'));
    beforeAll(async () => {
      standIn = await startStandIn([
        (r, a) => {
          // A field only the upstream answers with: the sandbox is missing it.
          if (r.method === 'POST' && r.path === '/checkouts')
            (a.json as { data: Record<string, unknown> }).data.upstreamOnly = 'https://checkout.uat.walleydev.com/x';
        },
      ]);
      const upstreams = Object.fromEntries(['auth', 'api', 'legacy'].map((s) => [`uat.${s}`, `${standIn.origin}/uat/${s}`]));
      recorder = await startRecorder({ out: dir, upstreams, listen: { port: 0, logLevel: 'silent' }, compare: { scenario: 'default' } });
    });
    afterAll(async () => {
      await recorder?.close();
      await standIn?.close();
      rmSync(dir, { recursive: true, force: true });
    });

    it('shows the divergences as they are found', async () => {
      const page = await browser.newPage();
      await page.goto(`${recorder.sandbox.listenUrl()}/__admin/ui`);
      await page.locator('body[data-live="open"]').waitFor();
      await page.locator('#fidelity:not([hidden])').waitFor();
      expect(await page.locator('#fidelity-summary').textContent()).toContain('0 exchanges recorded');
      // What a recorder has no world for says so, section by section; the page loaded.
      for (const [section, what] of [
        ['#clock', 'no clock of its own'],
        ['#retired', 'no retired host schedule'],
        ['#env-uat', 'no merchants, checkouts'],
        ['#env-prod', 'no merchants, checkouts'],
      ]) {
        expect(await page.locator(`${section} p.unavailable`).textContent(), section).toContain(
          `A recording sandbox (checkout-sandbox record) has ${what}`,
        );
      }
      expect(await page.locator('#live').textContent()).not.toContain('Could not load');

      await merchantFlow(recorder.sandbox.listenUrl(), standIn);
      const row = page.locator('#fidelity-divergences tbody tr', { hasText: '/data/upstreamOnly' });
      await row.waitFor();
      expect(await row.locator('td').allTextContents()).toEqual([
        'POST /checkouts (uat api)',
        'missing',
        '/data/upstreamOnly',
        'https://checkout.uat.walleydev.com/x',
        '(absent)',
        '1',
      ]);
      await page.locator('#fidelity-summary', { hasText: '9 exchanges recorded, 9 replayed' }).waitFor();
      expect(await page.locator('#fidelity-summary').textContent()).toContain('2 catch-ups');
      await page.close();
    });
  },
);
