/**
 * The report for people (text: grouped by endpoint, then pointer and kind, with counts and the
 * first example), for programs (JSON) and for CI dashboards (JUnit XML: one test suite per
 * endpoint, one failing test case per divergence, accepted ones skipped with their reason).
 */
import { basename } from 'node:path';
import type { AcceptedGroup, DivergenceGroup, FidelityReport } from './report.js';

export const FORMATS = ['text', 'json', 'junit'] as const;
export type ReportFormat = (typeof FORMATS)[number];

export function render(report: FidelityReport, format: ReportFormat): string {
  if (format === 'json') return `${JSON.stringify(report, null, 2)}\n`;
  if (format === 'junit') return junit(report);
  return text(report);
}

function text(report: FidelityReport): string {
  const accepted = report.accepted ?? [];
  const lines = [
    `checkout-sandbox diff: ${report.exchanges} exchange${plural(report.exchanges)}, ${report.replayed} replayed, ` +
      `${report.divergences.length} divergence${plural(report.divergences.length)}` +
      (report.accepted ? ` (${accepted.length} more accepted by the baseline)` : ''),
  ];
  if (report.divergences.length === 0) {
    lines.push(
      '',
      report.replayed === 0
        ? 'Nothing was replayed.'
        : accepted.length
          ? 'Nothing diverges outside the baseline.'
          : 'No divergence: the sandbox answered as the recording shows.',
    );
  }
  for (const [endpoint, groups] of byEndpoint(report.divergences)) {
    lines.push('', endpoint);
    for (const group of groups) lines.push(...groupLines(group));
  }
  if (accepted.length) {
    lines.push('', 'Accepted by the baseline:');
    for (const group of accepted)
      lines.push(
        `  ${where(group)}  ${group.kind} ${group.pointer ?? ''}  ×${group.count}  ${group.reason ? `reason: ${group.reason}` : '(no reason given)'}`,
      );
  }
  if (report.catchUps.length) {
    lines.push('', 'Caught up with what happened outside the API (not divergences):');
    for (const c of report.catchUps)
      lines.push(`  exchange ${c.exchange}${c.file ? ` (${c.file})` : ''}  ${c.env} ${c.action} ${c.id}: ${c.detail}`);
  }
  if (report.notReplayed.length) {
    lines.push('', 'Not replayed:');
    for (const n of report.notReplayed) lines.push(`  exchange ${n.exchange}${n.file ? ` (${n.file})` : ''}  ${n.path}: ${n.reason}`);
  }
  return `${lines.join('\n')}\n`;
}

function groupLines(group: DivergenceGroup): string[] {
  const first = group.first;
  const at = first.file ? `${basename(first.file)}:${first.line}` : `exchange ${first.exchange}`;
  return [
    `  ${group.kind.padEnd(7)} ${group.pointer ?? ''}${group.pointer ? '  ' : ''}×${group.count}   (${group.env} ${group.surface})`,
    `          real: ${side(group, 'real')}   sandbox: ${side(group, 'sandbox')}`,
    `          first: ${at}, ${first.time}, ${first.path}${first.pointer && first.pointer !== group.pointer ? ` at ${first.pointer}` : ''}`,
  ];
}

function byEndpoint(groups: readonly DivergenceGroup[]): Map<string, DivergenceGroup[]> {
  const map = new Map<string, DivergenceGroup[]>();
  for (const group of groups) {
    const list = map.get(group.endpoint) ?? [];
    list.push(group);
    map.set(group.endpoint, list);
  }
  return map;
}

function where(group: DivergenceGroup): string {
  return `${group.endpoint} (${group.env} ${group.surface})`;
}

/** One side of a divergence: absent for the side a missing or extra field lacks, and for a header not sent. */
function side(group: DivergenceGroup, which: 'real' | 'sandbox'): string {
  const value = group[which];
  const absent =
    (which === 'real' && group.kind === 'extra') ||
    (which === 'sandbox' && group.kind === 'missing') ||
    (group.kind === 'header' && value === null);
  return absent ? '(absent)' : show(value);
}

/** A value for a line of text. */
function show(value: unknown): string {
  if (value === undefined) return '(absent)';
  const json = typeof value === 'string' ? value : JSON.stringify(value);
  return json.length > 120 ? `${json.slice(0, 117)}…` : json;
}

function plural(n: number): string {
  return n === 1 ? '' : 's';
}

function junit(report: FidelityReport): string {
  const suites = new Map<string, { failures: DivergenceGroup[]; skipped: AcceptedGroup[] }>();
  const suite = (group: DivergenceGroup) => {
    const name = where(group);
    let entry = suites.get(name);
    if (!entry) suites.set(name, (entry = { failures: [], skipped: [] }));
    return entry;
  };
  for (const group of report.divergences) suite(group).failures.push(group);
  for (const group of report.accepted ?? []) suite(group).skipped.push(group);
  const total = report.divergences.length + (report.accepted?.length ?? 0);
  const out = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="checkout-sandbox diff" tests="${Math.max(total, 1)}" failures="${report.divergences.length}" skipped="${report.accepted?.length ?? 0}">`,
  ];
  if (total === 0) {
    out.push(`  <testsuite name="recording" tests="1" failures="0" skipped="0">`);
    out.push(`    <testcase classname="recording" name="${xml(`${report.replayed} replayed exchanges answer as recorded`)}"/>`);
    out.push('  </testsuite>');
  }
  for (const [name, { failures, skipped }] of suites) {
    out.push(
      `  <testsuite name="${xml(name)}" tests="${failures.length + skipped.length}" failures="${failures.length}" skipped="${skipped.length}">`,
    );
    for (const group of failures) {
      out.push(`    <testcase classname="${xml(name)}" name="${xml(caseName(group))}">`);
      out.push(
        `      <failure type="${group.kind}" message="${xml(groupLines(group)[1]!.trim())}">${xml(groupLines(group).join('\n'))}</failure>`,
      );
      out.push('    </testcase>');
    }
    for (const group of skipped) {
      out.push(`    <testcase classname="${xml(name)}" name="${xml(caseName(group))}">`);
      out.push(`      <skipped message="${xml(`accepted by the baseline${group.reason ? `: ${group.reason}` : ''}`)}"/>`);
      out.push('    </testcase>');
    }
    out.push('  </testsuite>');
  }
  out.push('</testsuites>');
  return `${out.join('\n')}\n`;
}

function caseName(group: DivergenceGroup): string {
  const header = group.kind === 'header' ? ` ${String(group.real ?? group.sandbox).split(':')[0]}` : '';
  return `${group.kind}${group.pointer ? ` ${group.pointer}` : header}`;
}

/** Characters XML 1.0 does not allow (controls other than tab, line feed, carriage return). */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g;

function xml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(CONTROL, '');
}
