/**
 * The start-up banner: where every surface answers, and, because a restart silently resuming
 * last week's experiment (a frozen clock, five-minute tokens) is the most confusing thing a
 * newcomer meets, whether the state was resumed, what differs from the scenario and how to
 * start clean.
 */
import { retirementState } from '../domain/retirement.js';
import { ENVIRONMENTS, SURFACES, SURFACE_RECORDS } from '../hosts.js';
import type { Sandbox } from '../sandbox.js';
import { loadScenario } from '../store/scenario.js';
import { stateChanges } from './state-changes.js';

export interface BannerExtras {
  /** Lines about the HTTPS listener, when --tls is on. */
  tls?: string[];
  /** Lines about /__admin's token, when it needs one (src/cli/admin-access.ts). */
  admin?: string[];
}

export function banner(sandbox: Sandbox, extras: BannerExtras = {}): string {
  const clock = sandbox.clock.state();
  const lines = [
    `checkout-sandbox ready on ${sandbox.listenUrl()}`,
    `  scenario: ${sandbox.scenario()}   state: ${sandbox.stateFile ?? '(memory only)'}   pid: ${process.pid}`,
    `  clock:    ${clock.now}${clock.frozen ? ' (frozen)' : ' (ticking)'}`,
    ...resumedLines(sandbox),
    ...switchedLines(sandbox),
    `  retired:  ${retiredLine(sandbox)}`,
  ];
  if (sandbox.options.publicUrl)
    lines.push(`  public:   ${sandbox.options.publicUrl} (written into answers instead of the listen address)`);
  for (const env of ENVIRONMENTS) {
    lines.push(`  ${env.toUpperCase()}`);
    for (const surface of SURFACES) {
      const dedicated = sandbox.dedicatedUrl(env, surface);
      lines.push(
        `    ${SURFACE_RECORDS[surface].placeholder.padEnd(22)}${sandbox.baseUrl(env, surface)}` +
          `${dedicated ? `  or ${dedicated}` : ''}   (${sandbox.hosts[env][surface].host})`,
      );
    }
  }
  lines.push(...(extras.tls ?? []), ...(extras.admin ?? []));
  const origin = sandbox.listenUrl();
  lines.push(`  start:    ${origin}/ in a browser: the dashboard, the API reference (${origin}/__admin/docs) and every address`, '');
  return lines.join('\n');
}

/** Says the state came from the file, every way it differs from the scenario (src/cli/state-changes.ts), and how to start clean. */
export function resumedLines(sandbox: Sandbox): string[] {
  if (!sandbox.resumed) return [];
  const lines = [`  resumed:  saved state from ${sandbox.stateFile ?? 'memory'}, clock included; start clean with --reset (or --memory)`];
  let changed: string[];
  try {
    const scenario = loadScenario(sandbox.scenario(), sandbox.scenarioDir);
    changed = stateChanges(scenario, sandbox.snapshot(), sandbox.services.settings.current(), sandbox.clock.snapshot());
  } catch {
    return lines; // The scenario file moved or broke since: nothing to compare with.
  }
  for (const change of changed) lines.push(`  changed:  ${change}`);
  return lines;
}

/** Says that a start with another --scenario than the saved state's seeded it, where the old state is, and what the next start does. */
export function switchedLines(sandbox: Sandbox): string[] {
  const switched = sandbox.switched;
  if (switched === null) return [];
  return [
    `  switched: the saved state was of scenario '${switched.from}'; '${sandbox.scenario()}' was seeded in its place`,
    `            (the old state is kept in ${switched.backup ?? 'no file'}); later starts resume '${sandbox.scenario()}'`,
  ];
}

/** Says whether the retired host answers now, since a newcomer's first call may go there. */
function retiredLine(sandbox: Sandbox): string {
  const retirement = sandbox.services.settings.current().retirement;
  const state = retirementState(retirement, sandbox.clock.nowMs());
  if (state.open) return `open until ${retirement.shutdownAt} (sandbox time), announcing it in Deprecation/Sunset headers`;
  const how = retirement.afterShutdown === 'refuse' ? 'connections are closed unanswered' : 'it answers 410';
  return `shut since ${state.since} (${state.cause}): ${how}; rehearse the shutdown with --scenario shutdown-eve or --now`;
}
