/**
 * The snapshot on disk, as a lowdb adapter: read parses and validates; write streams the
 * document into a temp file of its own (pid + counter, so two writers can never share one),
 * flushes it to disk and renames it over the snapshot, so a crash never leaves half a
 * document behind.
 *
 * Streamed, not one JSON.stringify: as one string, a large world's JSON would hold the main
 * thread for the whole serialisation and keep a copy of the document (plus its UTF-8 buffer) alive;
 * written row by row in small chunks, requests run between the chunks and the largest
 * allocation is one chunk.
 */
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { type FileHandle, open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { Adapter } from 'lowdb';
import { type SnapshotDoc, SnapshotError, validateSnapshot } from './snapshot.js';
import { OWNER_FILE_MODE } from './file-modes.js';
import { snapshotChunks } from './snapshot-stream.js';

/** Snapshots of worlds larger than this are written without indentation. */
const PRETTY_UP_TO_RECORDS = 5_000;
/** Bytes gathered before one write: small enough that serialising them takes about a millisecond. */
const CHUNK_BYTES = 256 * 1024;

let tempCounter = 0;

export class SnapshotFile implements Adapter<SnapshotDoc | null> {
  constructor(readonly file: string) {}

  /** The validated document, or null when there is no snapshot yet. */
  async read(): Promise<SnapshotDoc | null> {
    if (!existsSync(this.file)) return null;
    return parseSnapshot(readFileSync(this.file, 'utf8'), this.file);
  }

  async write(doc: SnapshotDoc | null): Promise<void> {
    if (doc === null) return;
    // Indented for people to read and diff; a large world (a scale run) is written compact, at half the size.
    const records = Object.values(doc.environments).reduce((n, e) => n + e.checkouts.length + e.orders.length, 0);
    await writeAtomically(this.file, snapshotChunks(doc, records > PRETTY_UP_TO_RECORDS ? '' : '  '));
  }
}

/** Parses and validates snapshot text read from `file`. */
function parseSnapshot(text: string, file: string): SnapshotDoc {
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

function tempPrefix(file: string): string {
  return `.${basename(file)}.`;
}

/**
 * Writes the pieces to a temp file, awaiting each chunk's write (the event loop runs between
 * them), then fsync and rename: `file` is either the old document or the whole new one.
 */
export async function writeAtomically(file: string, pieces: Iterable<string>): Promise<void> {
  tempCounter += 1;
  const temp = join(dirname(file), `${tempPrefix(file)}${process.pid}.${tempCounter}.tmp`);
  try {
    const handle = await open(temp, 'w', OWNER_FILE_MODE);
    try {
      // One buffer, reused for every chunk (each write is awaited before it is filled again):
      // no joined string or fresh buffer per chunk for the garbage collector.
      const buffer = Buffer.allocUnsafe(CHUNK_BYTES);
      let used = 0;
      for (const piece of pieces) {
        // UTF-8 takes at most 3 bytes per UTF-16 unit.
        if (used + piece.length * 3 > CHUNK_BYTES) {
          await writeAll(handle, buffer.subarray(0, used));
          used = 0;
        }
        if (piece.length * 3 > CHUNK_BYTES) await writeAll(handle, Buffer.from(piece, 'utf8'));
        else used += buffer.write(piece, used, 'utf8');
      }
      await writeAll(handle, buffer.subarray(0, used));
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

async function writeAll(handle: FileHandle, data: Buffer): Promise<void> {
  let offset = 0;
  while (offset < data.byteLength) offset += (await handle.write(data, offset, data.byteLength - offset)).bytesWritten;
}

/**
 * Removes temp files a killed process left beside `file` (a kill -9 mid-compaction). Only
 * while holding the state file's lock: no other writer can be using them.
 */
export function removeStaleTemps(file: string): void {
  const prefix = tempPrefix(file);
  for (const name of readdirSync(dirname(file))) {
    if (name.startsWith(prefix) && name.endsWith('.tmp')) rmSync(join(dirname(file), name), { force: true });
  }
}
