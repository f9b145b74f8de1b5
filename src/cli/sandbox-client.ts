/**
 * What the subcommands that ask a running sandbox share: where it is (--url, SANDBOX_URL), its
 * admin token (--admin-token, SANDBOX_ADMIN_TOKEN), and one sentence and one exit code for a
 * sandbox that cannot be asked, so every such command says it alike and a CI job can tell
 * "the command found a problem" (1) from "the command could not run" (3).
 */
import { DEFAULT_HOST, DEFAULT_PORT } from '../config.js';
import { type Flag, PROGRAM } from './command.js';

/** The exit code when the sandbox could not be asked: nothing answered at the URL, or its admin API refused the call. */
export const UNREACHABLE_EXIT = 3;

export const SANDBOX_URL_FLAG = {
  type: 'string',
  value: 'URL',
  synopsis: 'optional',
  help: `the sandbox (default http://${DEFAULT_HOST}:${DEFAULT_PORT}; env SANDBOX_URL)`,
} as const satisfies Flag;

export const ADMIN_TOKEN_FLAG = {
  type: 'string',
  value: 'TOKEN',
  synopsis: 'optional',
  help: "the sandbox's admin token, if it has one (env SANDBOX_ADMIN_TOKEN)",
} as const satisfies Flag;

/** Nothing answered at the sandbox's URL; the message says so and how to start one. */
export class SandboxUnreachable extends Error {
  override name = 'SandboxUnreachable';
}

export interface SandboxClient {
  /** The sandbox's origin as given, without a trailing slash. */
  base: string;
  /** A call to the sandbox with the admin token, if any; rejects with SandboxUnreachable when nothing answers. */
  ask(path: string, init?: RequestInit): Promise<Response>;
}

/** The sandbox of --url and --admin-token, else of SANDBOX_URL and SANDBOX_ADMIN_TOKEN, else the default address. */
export function sandboxClient(
  values: { url?: string | undefined; 'admin-token'?: string | undefined },
  env: Readonly<Record<string, string | undefined>> = process.env,
): SandboxClient {
  const base = (values.url ?? env.SANDBOX_URL ?? `http://${DEFAULT_HOST}:${DEFAULT_PORT}`).replace(/\/+$/, '');
  const token = values['admin-token'] ?? env.SANDBOX_ADMIN_TOKEN;
  return {
    base,
    async ask(path, init = {}) {
      const headers = new Headers(init.headers);
      if (token) headers.set('authorization', `Bearer ${token}`);
      try {
        return await fetch(`${base}${path}`, { ...init, headers });
      } catch (error) {
        const cause = (error as { cause?: { code?: string } }).cause?.code;
        throw new SandboxUnreachable(
          `no sandbox answered at ${base}${cause ? ` (${cause})` : ''}. Start one (${PROGRAM}, or npm start in a clone) or pass --url.`,
        );
      }
    },
  };
}
