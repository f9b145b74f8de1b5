/**
 * `report --readiness` output: the go-live readiness items per integration as text for a
 * terminal, or as JUnit XML for CI (one test case per item and integration; not-met a failure,
 * not-seen skipped). The XML is written by hand: four element types and attribute/text escaping
 * do not earn a dependency, and escape() below is the one place that makes it safe.
 */
import type { MigrationReport, PrincipalReport } from '../control/report.js';
import type { ReadinessResult } from '../domain/readiness/readiness.js';

const LABEL: Record<ReadinessResult['status'], string> = { met: 'MET', 'not-met': 'NOT MET', 'not-seen': 'NOT SEEN' };

function integrationName(p: PrincipalReport): string {
  const kind = p.kind === 'client' ? 'API client' : p.kind === 'sharedkey' ? 'SharedKey user' : 'Caller';
  return `${kind} ${p.principal}${p.merchantId ? ` (merchant ${p.merchantId})` : ''}`;
}

function windowLine(report: MigrationReport): string {
  const w = report.window;
  return w.full
    ? `The journal is full: the items read its newest ${w.held} entries, from #${w.oldestId} at ${w.oldestAt}; older ones were dropped.`
    : `The items read all ${w.held} entries the journal holds.`;
}

export function readinessText(report: MigrationReport, principals: readonly PrincipalReport[], journalUrl: string): string {
  const lines = [`Go-live readiness at ${report.generatedAt} (sandbox time). ${windowLine(report)}`];
  if (principals.length === 0) lines.push('', 'No integration has called yet.');
  for (const p of principals) {
    lines.push('', `${integrationName(p)} [${p.envs.join(', ').toUpperCase()}]`);
    for (const item of p.readiness) {
      lines.push(`  ${LABEL[item.status].padEnd(9)}${item.id}: ${item.title}`);
      lines.push(`           ${item.detail}`);
      if (item.evidence.length) lines.push(`           Evidence: ${item.evidence.map((id) => `#${id}`).join(', ')} (${journalUrl}/{id})`);
      if (item.status !== 'met') lines.push(`           ${item.status === 'not-met' ? 'Fix' : 'To see it'}: ${item.advice}`);
      if (item.status !== 'met') lines.push(`           Source: ${item.source}`);
    }
    const count = (status: ReadinessResult['status']): number => p.readiness.filter((item) => item.status === status).length;
    lines.push(`  ${count('met')} met, ${count('not-met')} not met, ${count('not-seen')} not seen.`);
  }
  lines.push(
    '',
    'Left to the shop (traffic cannot show them):',
    ...report.leftToTheShop.map((left) => `  - ${left.title} (${left.source})`),
  );
  return `${lines.join('\n')}\n`;
}

/** Control characters other than tab, newline and return, and unpaired surrogates: XML 1.0 allows none of them. */
const NOT_IN_XML =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text safe in XML 1.0 content and attribute values: the five entities, and no character XML forbids. */
export function escapeXml(text: string): string {
  return text
    .replace(NOT_IN_XML, '\uFFFD')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

function attributes(values: Record<string, string | number>): string {
  return Object.entries(values)
    .map(([name, value]) => ` ${name}="${escapeXml(String(value))}"`)
    .join('');
}

export function readinessJunit(report: MigrationReport, principals: readonly PrincipalReport[], journalUrl: string): string {
  const all = principals.flatMap((p) => p.readiness);
  const count = (items: readonly ReadinessResult[], status: ReadinessResult['status']): number =>
    items.filter((item) => item.status === status).length;
  const out = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites${attributes({ name: 'go-live readiness', tests: all.length, failures: count(all, 'not-met'), skipped: count(all, 'not-seen'), errors: 0 })}>`,
  ];
  for (const p of principals) {
    const suite = integrationName(p);
    out.push(
      `  <testsuite${attributes({ name: suite, tests: p.readiness.length, failures: count(p.readiness, 'not-met'), skipped: count(p.readiness, 'not-seen'), errors: 0, timestamp: report.generatedAt })}>`,
    );
    for (const item of p.readiness) {
      out.push(`    <testcase${attributes({ classname: `readiness.${p.principal}`, name: `${item.id}: ${item.title}` })}>`);
      const body = [
        item.detail,
        item.evidence.length ? `Evidence: ${item.evidence.map((id) => `${journalUrl}/${id}`).join(' ')}` : '',
        item.advice,
        `Source: ${item.source}`,
      ]
        .filter(Boolean)
        .join('\n');
      if (item.status === 'not-met')
        out.push(`      <failure${attributes({ type: 'not-met', message: item.detail })}>${escapeXml(body)}</failure>`);
      else if (item.status === 'not-seen') out.push(`      <skipped${attributes({ message: `not seen: ${item.detail}` })}/>`);
      else out.push(`      <system-out>${escapeXml(body)}</system-out>`);
      out.push('    </testcase>');
    }
    out.push('  </testsuite>');
  }
  out.push('</testsuites>');
  return `${out.join('\n')}\n`;
}
