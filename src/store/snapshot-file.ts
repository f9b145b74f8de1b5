/**
 * The snapshot on disk, as a lowdb adapter: read parses and validates; write goes to a
 * temp file of its own (pid + counter, so two writers can never share one), is flushed to
 * disk, and renamed over the snapshot, so a crash never leaves half a document behind.
 */
import { closeSync, fsyncSync, openSync, readFileSync, renameSync, rmSync, writeSync, existsSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { Adapter } from 'lowdb';
import { type SnapshotDoc, SnapshotError, validateSnapshot } from './snapshot.js';

let tempCounter = 0;

export class SnapshotFile implements Adapter<string | null> {
  constructor(readonly file: string) {}

  /** The document's text, or null when there is no snapshot yet. */
  async read(): Promise<string | null> {
    if (!existsSync(this.file)) return null;
    return readFileSync(this.file, 'utf8');
  }

  async write(text: string | null): Promise<void> {
    if (text !== null) writeAtomically(this.file, text);
  }
}

/** Parses and validates snapshot text read from `file`. */
export function parseSnapshot(text: string, file: string): SnapshotDoc {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new SnapshotError(
      `${file} is not valid JSON (${(error as Error).message}). Nothing was changed. Fix the file, point --state at another file, ` +
        'or start with --reset to reseed it (the old file is kept as a backup).',
    );
  }
  return validateSnapshot(raw, file);
}

export function writeAtomically(file: string, text: string): void {
  tempCounter += 1;
  const temp = join(dirname(file), `.${basename(file)}.${process.pid}.${tempCounter}.tmp`);
  try {
    const fd = openSync(temp, 'w');
    try {
      writeSync(fd, text);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, file);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
}
