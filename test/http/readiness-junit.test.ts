/**
 * The readiness JUnit validates against the JUnit schema CI servers read (Jenkins' junit-10.xsd,
 * restated in test/fixtures/junit.xsd), checked by libxml2's own validator (xmllint-wasm: libxml2
 * compiled to WebAssembly, shipped inside the package, nothing native downloaded): every outcome
 * (met, not met, not seen), and text that needs escaping.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { readinessJunit } from '../../src/cli/readiness-format.js';
import type { MigrationReport } from '../../src/journal/report.js';
import { useSandbox } from '../support/sandbox.js';
import { useReceiver } from '../support/receiver.js';
import { driveBothShops } from '../support/readiness-shops.js';
import { tokenFor } from '../support/identity.js';

const SCHEMA = { fileName: 'junit.xsd', contents: readFileSync(new URL('../fixtures/junit.xsd', import.meta.url), 'utf8') };
const JOURNAL = 'http://127.0.0.1:4010/__admin/requests';

async function problems(xml: string): Promise<string[]> {
  const result = await validateXML({ xml: { fileName: 'readiness.xml', contents: xml }, schema: SCHEMA });
  return result.valid ? [] : result.errors.map((error) => error.rawMessage);
}

const sb = useSandbox({ now: '2026-10-01T10:00:00Z', frozen: true });
const shop = useReceiver();

describe('readiness JUnit against the JUnit schema', () => {
  it('is valid for a shop that meets every item and one that meets none, each case named by its item id with a time', async () => {
    await driveBothShops(sb, shop);
    const report: MigrationReport = await sb.report();
    const xml = readinessJunit(report, report.principals, JOURNAL);
    expect(await problems(xml)).toEqual([]);
    const cases = xml.match(/<testcase [^>]*>/g) ?? [];
    const ids = report.principals.flatMap((p) => p.readiness.map((item) => item.id));
    expect(cases.map((c) => /name="([^"]+)"/.exec(c)?.[1])).toEqual(ids);
    expect(cases.every((c) => / time="0"/.test(c))).toBe(true);
    // The item's sentence is the failure's message.
    const failure = /<testcase name="terms-https"[^>]*>\s*<failure type="not-met" message="([^"]+)"/.exec(xml);
    expect(failure?.[1]).toMatch(
      /^Every checkout names the terms of purchase \(merchantTermsUri\) as an HTTPS page\. 1 initialize of \d+ without/,
    );
  });

  it('is valid for items not seen, and for titles and details that need escaping', async () => {
    const token = await tokenFor(sb, 'uat');
    await sb.fetch('/uat/api/checkouts/00000000-0000-4000-8000-000000000000', { headers: { authorization: `Bearer ${token}` } });
    const report: MigrationReport = await sb.report();
    const hostile = report.principals.map((p) => ({
      ...p,
      principal: `${p.principal} <&"'>`,
      readiness: p.readiness.map((item) => ({ ...item, detail: `${item.detail} <b>&amp;"it's"</b> \u0001` })),
    }));
    const xml = readinessJunit(report, hostile, JOURNAL);
    expect(xml).toContain('<skipped message="not seen: ');
    expect(await problems(xml)).toEqual([]);
  });

  it('would catch what the schema forbids: a count on <testsuites> it does not declare, a case without a name', async () => {
    expect((await problems('<testsuites skipped="1"/>')).join(' ')).toMatch(/skipped.*not allowed/);
    expect(
      (await problems('<testsuites><testsuite name="s" tests="1" failures="0" errors="0"><testcase/></testsuite></testsuites>')).join(' '),
    ).toMatch(/name.*required/);
  });
});
