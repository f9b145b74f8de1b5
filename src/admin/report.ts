/**
 * GET /__admin/report: the migration report (src/control/report.ts) as JSON, or for a
 * terminal with ?format=text (what `npx checkout-sandbox report` prints).
 */
import type { Hono } from 'hono';
import { isoOf } from '../control/journal.js';
import { buildReport, reportText } from '../control/report.js';
import type { AdminDeps } from './deps.js';
import { AdminError } from './errors.js';
import type { EnvName, SurfaceName } from '../hosts.js';

export function registerReportAdmin(admin: Hono, deps: Pick<AdminDeps, 'journal' | 'clock' | 'services' | 'urls'>): void {
  admin.get('/__admin/report', (c) => {
    const format = c.req.query('format') ?? 'json';
    if (format !== 'json' && format !== 'text') throw new AdminError(400, `format: '${format}' is not known; use json (default) or text.`);
    const report = buildReport(deps.journal.entries(), {
      nowMs: deps.clock.nowMs(),
      retirement: deps.services.settings.current().retirement,
      hostName: (env, surface) => deps.urls.hosts[env as EnvName]?.[surface as SurfaceName]?.host ?? `${env}/${surface}`,
      isoOf,
    });
    return format === 'text' ? c.text(reportText(report)) : c.json(report);
  });
}
