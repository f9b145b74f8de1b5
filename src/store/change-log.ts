/**
 * The append-only change log beside the snapshot (SQLite's WAL, Redis's AOF): every
 * acknowledged change is one JSON line, written before the caller answers. Writes are
 * group-committed: the changes of one event-loop turn go out in one write, and while a
 * write is on its way the next group gathers. A write that fails fails its whole group and
 * every group queued behind it (they may build on it); the store rolls them back.
 *
 * Survives kill -9 (the data is in the kernel once write() returns); not a power cut,
 * which would need an fsync per group.
 */
import { appendFileSync, closeSync, existsSync, ftruncateSync, openSync, readFileSync, renameSync, write } from 'node:fs';
import { promisify } from 'node:util';
import type { Change } from './state.js';
import { OWNER_FILE_MODE } from './file-modes.js';

const writeAsync = promisify(write);

/** How lines reach the disk; tests swap in one that fails. */
export interface LogIo {
  write(fd: number, data: Buffer): Promise<void>;
}

export const fileIo: LogIo = {
  async write(fd, data) {
    let offset = 0;
    while (offset < data.byteLength) offset += (await writeAsync(fd, data, offset, data.byteLength - offset)).bytesWritten;
  },
};

export interface LogEntry {
  line: string;
  resolve(): void;
  reject(error: Error): void;
}

export interface LogHooks {
  /**
   * Every entry of a failed group and those queued behind it, oldest first. `intact` is
   * false when the part of the group that reached the file could not be cut off again.
   */
  failed(entries: LogEntry[], error: Error, intact: boolean): void;
  /** After each successful group (the store checks whether to compact). */
  written(): void;
}

export class ChangeLogWriter {
  private fd: number;
  private bytes: number;
  private queue: LogEntry[] = [];
  private writing = false;
  private scheduled = false;
  private idleWaiters: (() => void)[] = [];

  constructor(
    readonly file: string,
    private readonly io: LogIo,
    private readonly hooks: LogHooks,
  ) {
    this.fd = openSync(file, 'a', OWNER_FILE_MODE);
    this.bytes = existsSync(file) ? readFileSync(file).byteLength : 0;
  }

  get size(): number {
    return this.bytes;
  }

  enqueue(entry: LogEntry): void {
    this.queue.push(entry);
    this.schedule();
  }

  /** Entries not written yet (their changes are in memory, not on disk). */
  pending(): readonly LogEntry[] {
    return this.queue;
  }

  get busy(): boolean {
    return this.writing;
  }

  /** Resolves once nothing is queued or being written. */
  idle(): Promise<void> {
    if (!this.writing && this.queue.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /**
   * Starts a new log; the current one is kept as `<file>.old` until a snapshot covers it
   * (appended to it, if an earlier compaction left one). Only between writes.
   */
  rotate(): void {
    if (this.writing) throw new Error('rotate() during a write');
    closeSync(this.fd);
    const old = `${this.file}.old`;
    if (existsSync(old)) {
      appendFileSync(old, readFileSync(this.file));
      this.fd = openSync(this.file, 'w', OWNER_FILE_MODE);
    } else {
      renameSync(this.file, old);
      this.fd = openSync(this.file, 'a', OWNER_FILE_MODE);
    }
    this.bytes = 0;
  }

  close(): void {
    closeSync(this.fd);
  }

  private schedule(): void {
    if (this.writing || this.scheduled) return;
    this.scheduled = true;
    // setImmediate, not a microtask: every request handled in this turn joins the group.
    setImmediate(() => void this.flush());
  }

  private async flush(): Promise<void> {
    this.scheduled = false;
    if (this.writing || this.queue.length === 0) return this.settle();
    this.writing = true;
    const group = this.queue;
    this.queue = [];
    const data = Buffer.from(group.map((e) => e.line).join(''), 'utf8');
    try {
      await this.io.write(this.fd, data);
      this.bytes += data.byteLength;
      for (const entry of group) entry.resolve();
      this.writing = false;
      this.hooks.written();
    } catch (error) {
      // Cut off whatever part of the group reached the file, so no torn line sits mid-log.
      let intact = true;
      try {
        ftruncateSync(this.fd, this.bytes);
      } catch {
        intact = false;
      }
      const failed = [...group, ...this.queue];
      this.queue = [];
      this.writing = false;
      this.hooks.failed(failed, error as Error, intact);
    }
    if (this.queue.length > 0) this.schedule();
    else this.settle();
  }

  private settle(): void {
    if (this.writing || this.queue.length > 0) return;
    for (const resolve of this.idleWaiters.splice(0)) resolve();
  }
}

export interface Replayed {
  groups: Change[][];
  /** A torn last line (a crash mid-write) that was skipped. */
  tornTail: boolean;
}

/** Reads a log's groups. A torn last line is skipped (and cut off); a bad line before it is an error. */
export function readChangeLog(file: string): Replayed {
  if (!existsSync(file)) return { groups: [], tornTail: false };
  const text = readFileSync(file, 'utf8');
  const lines = text.split('\n');
  const groups: Change[][] = [];
  let goodBytes = 0;
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i]!;
    if (line === '') continue;
    const last = i === lines.length - 1; // no newline after it: the write did not finish
    try {
      const parsed = JSON.parse(line) as unknown;
      if (!Array.isArray(parsed)) throw new Error('not a group of changes');
      if (last) break;
      groups.push(parsed as Change[]);
      goodBytes += Buffer.byteLength(line, 'utf8') + 1;
    } catch (error) {
      if (last) break;
      throw new Error(
        `${file}: line ${i + 1} is not a change (${(error as Error).message}); the log is damaged before its end. Move it away to start from the snapshot alone.`,
        {
          cause: error,
        },
      );
    }
  }
  const tornTail = lines.length > 0 && lines[lines.length - 1] !== '';
  if (tornTail) {
    const fd = openSync(file, 'r+');
    try {
      ftruncateSync(fd, goodBytes);
    } finally {
      closeSync(fd);
    }
  }
  return { groups, tornTail };
}
