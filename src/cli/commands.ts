/**
 * The subcommands, each loaded only when asked for, so a server's start never loads node-forge and the like.
 * Each module describes its command once (src/cli/command.ts) and runs it. Each loader names the
 * one export it takes (a destructured import), so the dead-export check sees the rest of the module.
 */
import type { Subcommand } from './command.js';

const LOADERS = {
  sign: async () => {
    const { SIGN } = await import('./sign.js');
    return SIGN;
  },
  tls: async () => {
    const { TLS } = await import('./tls.js');
    return TLS;
  },
  hosts: async () => {
    const { HOSTS } = await import('./tls.js');
    return HOSTS;
  },
  report: async () => {
    const { REPORT } = await import('./report.js');
    return REPORT;
  },
  verify: async () => {
    const { VERIFY } = await import('./verify.js');
    return VERIFY;
  },
  record: async () => {
    const { RECORD } = await import('./record.js');
    return RECORD;
  },
  diff: async () => {
    const { DIFF } = await import('./diff.js');
    return DIFF;
  },
} satisfies Record<string, () => Promise<Subcommand>>;

export type SubcommandName = keyof typeof LOADERS;

export const SUBCOMMAND_NAMES = Object.keys(LOADERS) as SubcommandName[];

/** The subcommand of that name, or null when there is none. */
export function loadSubcommand(name: string): Promise<Subcommand> | null {
  return Object.hasOwn(LOADERS, name) ? LOADERS[name as SubcommandName]() : null;
}
