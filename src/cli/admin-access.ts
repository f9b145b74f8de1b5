/**
 * The control plane on a network address. /__admin resets the world and lists every SharedKey,
 * so a sandbox that listens beyond loopback keeps it behind a token. When none is given, the
 * CLI makes one at start and prints it, as Jupyter does: `docker run -p 4010:4010 …` then works
 * as written, the emulated API at once and /__admin for whoever reads the log. `--insecure-admin`
 * still opens it knowingly; an empty `--admin-token ''` is refused by name (src/config.ts).
 */
import { randomBytes } from 'node:crypto';
import { isLoopbackHost } from '../admin/guard.js';
import { DEFAULT_HOST } from '../config.js';

interface AdminAccessOptions {
  host?: string | undefined;
  adminToken?: string | undefined;
  insecureAdmin?: boolean | undefined;
}

/** The options with a token made for this start where one is needed and none was given; `made` is that token, else null. */
export function withAdminToken<T extends AdminAccessOptions>(options: T): { options: T; made: string | null } {
  if (isLoopbackHost(options.host ?? DEFAULT_HOST) || options.adminToken !== undefined || options.insecureAdmin)
    return { options, made: null };
  const made = randomBytes(24).toString('base64url');
  return { options: { ...options, adminToken: made }, made };
}

/**
 * The banner's lines about /__admin's token: the one made at start (and how to choose one), or
 * that one was given; and the link that gives a browser the token (src/admin/guard.ts).
 */
export function adminTokenLines(made: string | null, given: boolean, origin: string): string[] {
  if (made !== null) {
    return [
      `  admin:    /__admin needs 'Authorization: Bearer ${made}'`,
      '            (made for this start, as the listen address is reachable from the network;',
      '            choose your own with --admin-token <secret> or SANDBOX_ADMIN_TOKEN=<secret>)',
      `  browser:  ${origin}/__admin/ui?token=${made} opens the dashboard with it`,
    ];
  }
  if (!given) return [];
  return [
    "  admin:    /__admin needs 'Authorization: Bearer <the admin token>' (--admin-token or SANDBOX_ADMIN_TOKEN)",
    `  browser:  ${origin}/__admin/ui?token=<the admin token> opens the dashboard with it`,
  ];
}
