/**
 * Path patterns past their bounds (length, stars) are refused where they arrive, a fault rule
 * and the journal's filter and count, with a 400 that names the field; within them, a pattern
 * of many stars is answered at once.
 */
import { describe, expect, it } from 'vitest';
import { PATH_PATTERN_MAX_LENGTH, PATH_PATTERN_MAX_STARS } from '../../src/domain/path-glob.js';
import { admin } from '../support/checkout-requests.js';
import { useSandboxShell } from '../support/sandbox.js';

const sb = useSandboxShell({ now: '2026-06-01T10:00:00Z', frozen: true });

const tooLong = `/${'a'.repeat(PATH_PATTERN_MAX_LENGTH)}`;
const tooStarry = `/${'*a'.repeat(PATH_PATTERN_MAX_STARS + 1)}`;
const hostile = '/*a*a*a*a*a*a*a*a*a*a*b';

type Envelope = { error: { message: string } };

describe('path pattern bounds', () => {
  it('refuses a fault rule whose path is too long or has too many stars, naming path', async () => {
    for (const path of [tooLong, tooStarry]) {
      const answer = await admin(sb, '/faults', { path, effect: 'status', status: 503 });
      expect(answer.status).toBe(400);
      expect((answer.body as Envelope).error.message).toMatch(/path/);
    }
    const stars = await admin(sb, '/faults', { path: tooStarry, effect: 'status', status: 503 });
    expect((stars.body as Envelope).error.message).toContain(`at most ${PATH_PATTERN_MAX_STARS} '*'`);
    expect((await (await sb.fetch('/__admin/faults')).json()) as { faults: unknown[] }).toEqual({ faults: [] });
  });

  it('refuses such a journal filter and count pattern, naming path', async () => {
    for (const path of [tooLong, tooStarry]) {
      const listed = await sb.fetch(`/__admin/requests?path=${encodeURIComponent(path)}`);
      expect(listed.status).toBe(400);
      expect(((await listed.json()) as Envelope).error.message).toMatch(/^path: /);
      const counted = await admin(sb, '/requests/count', { path });
      expect(counted.status).toBe(400);
      expect((counted.body as Envelope).error.message).toMatch(/path/);
    }
  });

  it('answers a many-star pattern within the bounds, with the entries it matches', async () => {
    await sb.fetch(`/uat/api/${'a'.repeat(39)}`);
    await sb.fetch(`/uat/api/${'a'.repeat(38)}b`);
    const listed = await sb.fetch(`/__admin/requests?path=${encodeURIComponent(hostile)}`);
    expect(listed.status).toBe(200);
    const { requests } = (await listed.json()) as { requests: { path: string }[] };
    expect(requests.map((r) => r.path)).toEqual([`/${'a'.repeat(38)}b`]);
    const rule = await admin(sb, '/faults', { path: hostile, effect: 'status', status: 503 });
    expect(rule.status).toBe(201);
    expect((await sb.fetch(`/uat/api/${'a'.repeat(38)}b`)).status).toBe(503);
    expect((await sb.fetch(`/uat/api/${'a'.repeat(39)}`)).status).not.toBe(503);
  });
});
