/**
 * The Magento 2 section of docs/php-and-woocommerce.md names the sandbox's own values (token
 * lifetime and skew, the token-expiry scenario's lifetime, the real host names the module's SDK
 * calls) and cites only client repositories the page inventory lists: when a default or a host
 * name changes, the section has to change with it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { describe, expect, it } from 'vitest';
import { settingsSchema } from '../../src/domain/settings.js';
import { loadHosts } from '../../src/hosts.js';
import { ROOT } from '../support/spawn.js';

const page = readFileSync(join(ROOT, 'docs/php-and-woocommerce.md'), 'utf8');
const start = page.indexOf('## Magento 2: ');
const section = page.slice(start, page.indexOf('\n## ', start + 1));
const defaults = settingsSchema.parse({});
const hosts = loadHosts();

describe("docs/php-and-woocommerce.md: Walley's Magento 2 module", () => {
  it('is a section of its own, linked from the page top', () => {
    expect(start).toBeGreaterThan(0);
    expect(page).toContain('(#magento-2-walleys-official-module)');
  });

  it("names the sandbox's default token lifetime and skew, and the token-expiry scenario's lifetime", () => {
    expect(section).toContain(`\`expires_in\`, which the sandbox\n  gives as ${defaults.tokens.lifetimeSeconds} by default`);
    expect(section).toContain(`The default ${defaults.tokens.clockSkewSeconds} s of clock skew`);
    const expiry = parseYaml(readFileSync(join(ROOT, 'scenarios/token-expiry.yaml'), 'utf8')) as { tokens: { lifetimeSeconds: number } };
    expect(section).toContain(`\`token-expiry\` scenario's ${expiry.tokens.lifetimeSeconds} s`);
  });

  it('names the UAT hosts the SDK calls as the hosts file has them', () => {
    expect(section).toContain(`\`${hosts.uat.api.host}\``);
    expect(section).toContain(`\`${hosts.uat.legacy.host}\``);
    expect(section).toContain(`https://${hosts.uat.auth.host}/oauth2/v2.0/token/`);
    const loaderHost = /`https:\/\/([^/`]+)\/collector-checkout-loader\.js`/.exec(section)?.[1];
    expect(hosts.uat.frontend.aliases).toContain(loaderHost);
  });

  it('cites client repositories the page inventory lists, at a release tag', () => {
    const inventory = readFileSync(join(ROOT, 'docs/real-service.md'), 'utf8');
    const cited = [...section.matchAll(/https:\/\/github\.com\/([\w.-]+\/[\w.-]+)(\/tree\/v[\d.]+)?/g)];
    expect(cited.length).toBeGreaterThanOrEqual(3);
    for (const [, repo] of cited) expect(inventory).toContain(`https://github.com/${repo}`);
    expect(cited.filter((m) => m[2] !== undefined).map((m) => m[1])).toEqual(
      expect.arrayContaining([
        'collector-bank/Checkout-Magento-2',
        'collector-bank/Checkout-PHP-SDK',
        'collector-bank/PaymentsAPI-PHP-SDK',
      ]),
    );
  });
});
