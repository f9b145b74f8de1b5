/**
 * The subcommands, each loaded only when asked for, so a server's start never loads node-forge and the like.
 * Each module describes its command once (src/cli/command.ts) and runs it. Each loader names the
 * one export it takes (a destructured import), so the dead-export check sees the rest of the module.
 */
import type { Subcommand } from './command.js';

const LOADERS = {
  sign: () => import('./sign.js').then(({ SIGN }) => SIGN),
  tls: () => import('./tls.js').then(({ TLS }) => TLS),
  hosts: () => import('./tls.js').then(({ HOSTS }) => HOSTS),
  report: () => import('./report.js').then(({ REPORT }) => REPORT),
  demo: () => import('./demo.js').then(({ DEMO }) => DEMO),
  verify: () => import('./verify.js').then(({ VERIFY }) => VERIFY),
  record: () => import('./record.js').then(({ RECORD }) => RECORD),
  diff: () => import('./diff.js').then(({ DIFF }) => DIFF),
} satisfies Record<string, () => Promise<Subcommand>>;

export type SubcommandName = keyof typeof LOADERS;

export const SUBCOMMAND_NAMES = Object.keys(LOADERS) as SubcommandName[];

/** The subcommand of that name, or null when there is none. */
export function loadSubcommand(name: string): Promise<Subcommand> | null {
  return Object.hasOwn(LOADERS, name) ? LOADERS[name as SubcommandName]() : null;
}
