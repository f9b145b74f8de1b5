/**
 * `report --readiness` output: the go-live readiness items per integration as text for a
 * terminal, or as JUnit XML for CI (one test case per item and integration; not-met a failure,
 * not-seen skipped). The XML is written by hand: four element types and attribute/text escaping
 * do not earn a dependency, and escape() below is the one place that makes it safe. It keeps to
 * the JUnit schema CI servers read (Jenkins' junit-10.xsd): on <testsuites> only name, time,
 * tests, failures and errors; a time on every suite and case (the report is read at one instant,
 * so 0); the item's id as the case's name.
 */
import type { MigrationReport, PrincipalReport } from '../journal/report.js';
import type { EvidenceCall, ReadinessResult } from '../domain/readiness/readiness.js';

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

/** `#12 PUT /checkouts/{id}/cart → 423 (checkout 5c0…)`: what an evidence id is, without opening the journal. */
function callLine(call: EvidenceCall): string {
  const who = call.direction === 'out' ? ' (the sandbox to the shop)' : '';
  const about = call.concerns === null ? '' : call.concerns.startsWith('order ') ? `, ${call.concerns}` : `, checkout ${call.concerns}`;
  return `#${call.id} ${call.method} ${call.path} → ${String(call.status ?? 'no answer')}${who}${about}`;
}

export function readinessText(report: MigrationReport, principals: readonly PrincipalReport[], journalUrl: string): string {
  const lines = [`Go-live readiness at ${report.generatedAt} (sandbox time). ${windowLine(report)}`];
  if (principals.length === 0) lines.push('', 'No integration has called yet.');
  for (const p of principals) {
    lines.push('', `${integrationName(p)} [${p.envs.join(', ').toUpperCase()}]`);
    for (const item of p.readiness) {
      lines.push(`  ${LABEL[item.status].padEnd(9)}${item.id}: ${item.title}`);
      lines.push(`           ${item.detail}`);
      if (item.evidence.length) {
        lines.push(`           Evidence (${journalUrl}/{id}):`);
        for (const call of item.calls) lines.push(`             ${callLine(call)}`);
      }
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
    `<testsuites${attributes({ name: 'go-live readiness', time: 0, tests: all.length, failures: count(all, 'not-met'), errors: 0 })}>`,
  ];
  for (const p of principals) {
    const suite = integrationName(p);
    out.push(
      `  <testsuite${attributes({ name: suite, tests: p.readiness.length, failures: count(p.readiness, 'not-met'), errors: 0, skipped: count(p.readiness, 'not-seen'), time: 0, timestamp: report.generatedAt })}>`,
    );
    for (const item of p.readiness) {
      out.push(`    <testcase${attributes({ name: item.id, classname: `readiness.${p.principal}`, time: 0 })}>`);
      const body = [
        item.title,
        item.detail,
        item.calls.length ? `Evidence (${journalUrl}/{id}):\n${item.calls.map((call) => `  ${callLine(call)}`).join('\n')}` : '',
        item.advice,
        `Source: ${item.source}`,
      ]
        .filter(Boolean)
        .join('\n');
      const message = `${item.title} ${item.detail}`;
      if (item.status === 'not-met') out.push(`      <failure${attributes({ type: 'not-met', message })}>${escapeXml(body)}</failure>`);
      else if (item.status === 'not-seen') out.push(`      <skipped${attributes({ message: `not seen: ${message}` })}/>`);
      else out.push(`      <system-out>${escapeXml(body)}</system-out>`);
      out.push('    </testcase>');
    }
    out.push('  </testsuite>');
  }
  out.push('</testsuites>');
  return `${out.join('\n')}\n`;
}
