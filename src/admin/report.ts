/**
 * GET /__admin/report: the migration report (src/journal/report.ts) as JSON, or for a
 * terminal with ?format=text (what `npx checkout-sandbox report` prints).
 */
import { isoOf } from '../journal/journal.js';
import { type MigrationReport, buildReport, reportText } from '../journal/report.js';
import type { AnyOperation } from '../http/operation.js';
import type { AdminDeps } from './deps.js';
import { AdminError } from './errors.js';
import type { EnvName, SurfaceName } from '../hosts.js';
import { adminOperation, json, refusals } from './operation.js';
import { migrationReportSchema } from './answers/journal.js';

type ReportDeps = Pick<AdminDeps, 'journal' | 'clock' | 'services' | 'urls'>;

/** The report of the journal as it now is (the migration demo reads it between its steps too). */
export function migrationReport(deps: ReportDeps): MigrationReport {
  return buildReport(deps.journal.entries(), {
    nowMs: deps.clock.nowMs(),
    retirement: deps.services.settings.current().retirement,
    hostName: (env, surface) => deps.urls.hosts[env as EnvName]?.[surface as SurfaceName]?.host ?? `${env}/${surface}`,
    isoOf,
    ringSize: deps.journal.size,
  });
}

export const REPORT_OPERATIONS: readonly AnyOperation<ReportDeps>[] = [
  adminOperation<ReportDeps>({
    op: 'getMigrationReport',
    method: 'GET',
    path: '/__admin/report',
    summary: 'The migration report per principal (retired, legacy, current; tokens per call; auth failures)',
    query: { format: 'json (default) or text' },
    answers: {
      // One status, two forms: the JSON below, or with ?format=text the same report as text/plain.
      '200': json(
        'The report: JSON, or text/plain with ?format=text (what `npx checkout-sandbox report` prints).',
        migrationReportSchema,
        'AdminMigrationReport',
      ),
      ...refusals(400),
    },
    handler: (deps) => (c) => {
      const format = c.req.query('format') ?? 'json';
      if (format !== 'json' && format !== 'text')
        throw new AdminError(400, `format: '${format}' is not known; use json (default) or text.`);
      const report = migrationReport(deps);
      return format === 'text' ? c.text(reportText(report)) : c.json(report);
    },
  }),
];
