/**
 * The retired host's state as the dashboard words it (src/admin/dashboard/retired-host.ts, the
 * module the dashboard's script is bundled with): the same rule as the sandbox's own, one plain
 * sentence per state, a brownout explained, and every instant in UTC and in Stockholm time,
 * summer and winter.
 */
import { describe, expect, it } from 'vitest';
import * as retiredHost from '../../src/admin/dashboard/retired-host.js';
import { retirementState } from '../../src/domain/retirement.js';
import type { RetirementSettings } from '../../src/domain/settings.js';

const RETIREMENT: RetirementSettings = {
  shutdownAt: '2026-10-30T23:00:00.000Z',
  afterShutdown: 'refuse',
  brownouts: [{ start: '2026-10-30T18:00:00.000Z', end: '2026-10-30T18:15:00.000Z' }],
};
const at = (iso: string): number => Date.parse(iso);

describe("the retired host's state on the dashboard", () => {
  it('writes an instant in UTC and in Stockholm time, across the change from summer time', () => {
    expect(retiredHost.when('2026-10-30T23:00:00.000Z')).toBe('30 Oct 23:00 UTC (31 Oct 00:00 Stockholm)');
    expect(retiredHost.when('2026-07-01T09:05:00Z')).toBe('1 Jul 09:05 UTC (1 Jul 11:05 Stockholm)');
    expect(retiredHost.when('2026-10-25T00:30:00Z')).toBe('25 Oct 00:30 UTC (25 Oct 02:30 Stockholm)');
    expect(retiredHost.when('2026-10-25T01:30:00Z')).toBe('25 Oct 01:30 UTC (25 Oct 02:30 Stockholm)');
    expect(retiredHost.local(at('2026-10-30T22:59:59.900Z'))).toBe('30 Oct 23:59:59');
  });

  it('follows the sandbox rule at every boundary', () => {
    for (const iso of [
      '2026-10-30T17:59:59.999Z',
      '2026-10-30T18:00:00.000Z',
      '2026-10-30T18:14:59.999Z',
      '2026-10-30T18:15:00.000Z',
      '2026-10-30T22:59:59.999Z',
      '2026-10-30T23:00:00.000Z',
      '2027-01-01T00:00:00.000Z',
    ])
      expect(JSON.parse(JSON.stringify(retiredHost.state(RETIREMENT, at(iso)))), iso).toEqual(retirementState(RETIREMENT, at(iso)));
  });

  it('has one plain wording per state', () => {
    expect(retiredHost.wording(RETIREMENT, at('2026-10-30T12:00:00Z'))).toEqual({
      badge: 'open',
      text: 'Answering until the shutdown at 30 Oct 23:00 UTC (31 Oct 00:00 Stockholm), and announcing it in Deprecation and Sunset headers.',
    });
    expect(retiredHost.wording(RETIREMENT, at('2026-10-30T18:05:00Z'))).toEqual({
      badge: 'brownout',
      text: 'In a brownout until 30 Oct 18:15 UTC (30 Oct 19:15 Stockholm): connections are closed with no answer; then it answers again until the shutdown.',
    });
    const shut = retiredHost.wording(RETIREMENT, at('2026-10-30T23:00:00Z'));
    expect(shut).toEqual({
      badge: 'shut',
      text: 'Shut down since 30 Oct 23:00 UTC (31 Oct 00:00 Stockholm): connections are closed with no answer.',
    });
    // The cause is never glued to "since" ("shut shutdown since…").
    expect(shut.text).not.toMatch(/shutdown since|brownout since/);
    expect(retiredHost.wording({ ...RETIREMENT, afterShutdown: 'gone' }, at('2026-11-01T00:00:00Z')).text).toBe(
      'Shut down since 30 Oct 23:00 UTC (31 Oct 00:00 Stockholm): calls are answered 410 Host_Retired, naming the current API and the legacy host.',
    );
  });

  it('explains a brownout where the schedule has one, and says nothing where it has none', () => {
    expect(retiredHost.brownouts(RETIREMENT, at('2026-10-30T12:00:00Z'))).toBe(
      'A brownout is a planned window before the shutdown when the host does not answer (connections are closed with no answer), as a rehearsal: ' +
        'a shop still calling it finds out while it can still move. Windows: from 30 Oct 18:00 UTC (30 Oct 19:00 Stockholm) to 30 Oct 18:15 UTC (30 Oct 19:15 Stockholm).',
    );
    expect(retiredHost.brownouts(RETIREMENT, at('2026-10-30T20:00:00Z'))).toMatch(/\(30 Oct 19:15 Stockholm\) \(past\)\.$/);
    expect(retiredHost.brownouts({ ...RETIREMENT, brownouts: [] }, at('2026-10-30T12:00:00Z'))).toBeNull();
  });
});
