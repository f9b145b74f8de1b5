/**
 * The subcommands, each loaded only when asked for, so a server's start never loads node-forge and the like.
 * Each module describes its command once (src/cli/command.ts) and runs it.
 */
import type { Subcommand } from './command.js';

const LOADERS = {
  sign: async () => (await import('./sign.js')).SIGN,
  tls: async () => (await import('./tls.js')).TLS,
  hosts: async () => (await import('./tls.js')).HOSTS,
  report: async () => (await import('./report.js')).REPORT,
  verify: async () => (await import('./verify.js')).VERIFY,
  record: async () => (await import('./record.js')).RECORD,
  diff: async () => (await import('./diff.js')).DIFF,
} satisfies Record<string, () => Promise<Subcommand>>;

export type SubcommandName = keyof typeof LOADERS;

export const SUBCOMMAND_NAMES = Object.keys(LOADERS) as SubcommandName[];

/** The subcommand of that name, or null when there is none. */
export function loadSubcommand(name: string): Promise<Subcommand> | null {
  return Object.hasOwn(LOADERS, name) ? LOADERS[name as SubcommandName]() : null;
}
