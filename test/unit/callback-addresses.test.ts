/**
 * The README and the docs only name local addresses for the shop's callbacks (notification,
 * validation, webhook and invoice-status URLs), so an example pasted as written never sends
 * the sandbox to look a name up on the network. A shell variable standing for a local port
 * ($WEBHOOKS) counts as local.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/spawn.js';

const PAGES = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];
/** A callback field and the URL given for it, in JSON ("…Uri":"…"), YAML (…Uri: …) or escaped JSON (https:\/\/…). */
const CALLBACK = /\b(notificationUri|validationUri|webhookUri|invoiceStatusUri)"?\s*[:=]\s*"?(https?:(?:\\?\/){2}[^"\s,}]+)/g;
const LOCAL = /^https?:\/\/(127\.0\.0\.1|localhost|\[::1\])(:(\d+|'?\$\w+'?))?(\/|$)/;

describe('callback addresses in the docs', () => {
  it.each(PAGES)('%s names only local addresses for callbacks', (page) => {
    const text = readFileSync(join(ROOT, page), 'utf8');
    const urls = [...text.matchAll(CALLBACK)].map((m) => m[2]!.replace(/\\\//g, '/'));
    expect(urls.filter((url) => !LOCAL.test(url))).toEqual([]);
  });

  it('finds the callbacks the pages set', () => {
    const all = PAGES.flatMap((page) => [...readFileSync(join(ROOT, page), 'utf8').matchAll(CALLBACK)].map((m) => `${page} ${m[1]}`));
    expect(all).toEqual(
      expect.arrayContaining([
        'docs/checkout-api.md notificationUri',
        'docs/webhooks.md webhookUri',
        'docs/scenarios.md notificationUri',
        'docs/invoice-status-and-shipping.md invoiceStatusUri',
      ]),
    );
  });
});
