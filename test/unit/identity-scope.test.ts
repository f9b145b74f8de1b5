/**
 * The client-credentials scope check: one resource, `/.default`, and the environment's own.
 */
import { describe, expect, it } from 'vitest';
import { checkScope } from '../../src/identity/scope.js';
import { TENANTS } from '../../src/identity/tenants.js';

const UAT = TENANTS.uat;
const code = (scope: string): number | 'ok' => {
  const result = checkScope(scope, UAT);
  return result.ok ? 'ok' : result.failure.code;
};

describe('checkScope (UAT)', () => {
  it.each([
    ['705798e0-8cef-427c-ae00-6023deba29af/.default', 'ok'],
    ['705798E0-8CEF-427C-AE00-6023DEBA29AF/.default', 'ok'],
    ['  705798e0-8cef-427c-ae00-6023deba29af/.default  ', 'ok'],
    ['openid 705798e0-8cef-427c-ae00-6023deba29af/.default offline_access', 'ok'],
    ['705798e0-8cef-427c-ae00-6023deba29af/.default 705798e0-8cef-427c-ae00-6023deba29af/.default', 'ok'],
    ['705798e0-8cef-427c-ae00-6023deba29af', 1002012],
    ['705798e0-8cef-427c-ae00-6023deba29af/Orders.Read', 1002012],
    ['openid', 1002012],
    ['/.default', 70011],
    ['api://x//.default', 70011],
    ['"705798e0-8cef-427c-ae00-6023deba29af/.default"', 70011],
    ['705798e0-8cef-427c-ae00-6023deba29af/.default a3f3019f-2be9-41cc-a254-7bb347238e89/.default', 700022],
    ['a3f3019f-2be9-41cc-a254-7bb347238e89/.default', 500011],
    ['api://705798e0-8cef-427c-ae00-6023deba29af/.default', 500011],
    ['hello/.default', 500011],
  ] as const)('%s → %s', (scope, expected) => {
    expect(code(scope)).toBe(expected);
  });

  it('names the resource and the tenant in 500011, and hints at the other environment', () => {
    const result = checkScope('a3f3019f-2be9-41cc-a254-7bb347238e89/.default', UAT);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.failure).toMatchObject({ status: 400, error: 'invalid_resource' });
    expect(result.failure.message).toContain(
      'The resource principal named a3f3019f-2be9-41cc-a254-7bb347238e89 was not found in the tenant named Walley UAT.',
    );
    expect(result.failure.hint).toContain('That is the PROD scope');
    expect(result.failure.hint).toContain(UAT.scope);
  });

  it('the PROD tenant accepts only the PROD scope', () => {
    expect(checkScope('a3f3019f-2be9-41cc-a254-7bb347238e89/.default', TENANTS.prod)).toEqual({
      ok: true,
      resourceId: 'a3f3019f-2be9-41cc-a254-7bb347238e89',
    });
    expect(checkScope(UAT.scope, TENANTS.prod).ok).toBe(false);
  });
});
