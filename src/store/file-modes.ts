/**
 * The files the sandbox keeps hold secrets: a state file and its change log carry every
 * merchant's SharedKeys and API client secrets, a TLS folder its authority's private key.
 * They are readable by their owner only, whatever the umask, and made so again on every start,
 * so a file written by an older build (or copied in with other modes) is closed too. Folders
 * are narrowed only when the sandbox makes them: a state file named in a shared folder must not
 * change that folder for everyone else.
 */
import { chmodSync, readdirSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/** A file only its owner reads and writes. */
export const OWNER_FILE_MODE = 0o600;
/** A folder only its owner enters: for folders the sandbox makes itself. */
export const OWNER_DIR_MODE = 0o700;

/** Narrows each file that exists to its owner; a file that is not there is skipped. */
export function restrictToOwner(files: Iterable<string>): void {
  for (const file of files) {
    try {
      chmodSync(file, OWNER_FILE_MODE);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
}

/** A state file and what goes with it: its change logs and the backups beside it. */
export function stateFiles(file: string): string[] {
  const name = basename(file);
  let siblings: string[] = [];
  try {
    siblings = readdirSync(dirname(file)).filter((entry) => entry.startsWith(`${name}.`) && entry.endsWith('.bak'));
  } catch {
    // No folder yet: nothing to narrow.
  }
  return [file, `${file}.log`, `${file}.log.old`, ...siblings.map((entry) => join(dirname(file), entry))];
}
