/**
 * The journal never shows a secret a request sent, however its name is spelled: percent-encoded
 * form names, JSON keys with escapes, other cases and separators, tokens in a query.
 */
import { describe, expect, it } from 'vitest';
import type { JournalEntry } from '../../src/journal/journal.js';
import { tokenFor } from '../support/identity.js';
import { useSandboxShell } from '../support/sandbox.js';

const sb = useSandboxShell({ now: '2026-06-01T10:00:00Z', frozen: true });
const SECRET = 'hunter2-very-secret-value';

async function journalText(): Promise<string> {
  const listed = await sb.fetch('/__admin/requests');
  expect(listed.status).toBe(200);
  const { requests } = (await listed.json()) as { requests: JournalEntry[] };
  expect(requests.length).toBeGreaterThan(0);
  // One entry by id, as the dashboard reads it, must hold to the same.
  const one = await sb.fetch(`/__admin/requests/${requests[0]!.id}`);
  return JSON.stringify(requests) + (await one.text());
}

const form = (body: string): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body,
});
/** A JSON body the API reads (with a token, so the body is read and journaled). */
const json = (body: string): RequestInit => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body });

describe('journal redaction, however a secret is spelled', () => {
  it.each([
    [
      'a percent-encoded form name',
      '/uat/auth/oauth2/v2.0/token',
      form(`grant_type=client_credentials&client_id=x&client%5Fsecret=${SECRET}`),
    ],
    ['a form name in another case', '/uat/auth/oauth2/v2.0/token', form(`grant_type=client_credentials&CLIENT_SECRET=${SECRET}`)],
    ['a JSON key with an escape', '/uat/api/checkouts', json(`{"client\\u0053ecret":"${SECRET}"}`)],
    ['a JSON key of three letters with an escape', '/uat/api/checkouts', json(`{"k\\u0065y":"${SECRET}"}`)],
    ['a camel-case JSON key', '/uat/api/checkouts', json(`{"clientSecret":"${SECRET}"}`)],
    ['a kebab-case JSON key', '/uat/api/checkouts', json(`{"Shared-Key":"${SECRET}"}`)],
  ])('hides a secret sent as %s', async (_case, path, init) => {
    const headers = new Headers(init.headers);
    if (path.startsWith('/uat/api/')) headers.set('authorization', `Bearer ${await tokenFor(sb, 'uat')}`);
    await sb.fetch(path, { ...init, headers });
    const text = await journalText();
    expect(text).not.toContain(SECRET);
    expect(text).toContain('[redacted]');
  });

  it('hides tokens in a query, in the list and on the stream summary', async () => {
    await sb.fetch(`/uat/api/checkouts/x?access_token=${SECRET}&other=kept`);
    await sb.fetch(`/uat/api/checkouts/x?Client-Secret=${SECRET}`);
    const text = await journalText();
    expect(text).not.toContain(SECRET);
    expect(text).toContain('access_token=[redacted]&other=kept');
  });
});
