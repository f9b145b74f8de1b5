/**
 * The one owner of a sandbox's world on disk and in memory: the snapshot (lowdb, JSON),
 * the change log beside it, and the lock. Services hand it changes; it applies them in
 * memory at once and makes them durable before the caller answers, or rolls them back.
 *
 *   start:   lock → snapshot (validated) → replay <file>.log.old, <file>.log
 *   change:  apply in memory → append one line (group commit) → resolve | roll back + reject
 *   compact: once the log is as large as the snapshot (at least COMPACT_BYTES), and at
 *            close: the durable image (memory minus changes still on their way) → snapshot;
 *            the old log is dropped. Never by age: a log smaller than the snapshot costs less
 *            to replay at start than a large world costs to write again and again.
 */
import { OWNER_DIR_MODE, restrictToOwner, stateFiles } from './file-modes.js';
import { copyFileSync, existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { Low } from 'lowdb';
import { type ClockSnapshot, wallClockStamp } from '../clock.js';
import { type Settings, settingsSchema } from '../domain/settings.js';
import { PersistenceError } from '../domain/violation.js';
import type { EnvName } from '../hosts.js';
import { ChangeLogWriter, type LogEntry, type LogIo, fileIo, readChangeLog } from './change-log.js';
import { StateLock } from './lock.js';
import { type Override, type SnapshotDoc, docFromState, stateFromDoc } from './snapshot.js';
import { SnapshotFile, removeStaleTemps } from './snapshot-file.js';
import type { CollectionName, CollectionTypes } from '../domain/records.js';
import type { Change, EnvState, SandboxState } from './state.js';
import { Turns } from './turns.js';

/**
 * Log bytes past which the log is compacted into the snapshot: at least this, and at least the
 * snapshot last written. A compaction writes the whole world, so with a fixed threshold a
 * larger world would cost more for the same changes logged (and its writes and flush to disk
 * would hold up the log's appends, which every write request waits for, longer); measured
 * against the snapshot, writing snapshots never costs more than the changes logged did.
 */
const COMPACT_BYTES = 8 * 1024 * 1024;

export interface StoreOptions {
  /** The snapshot file; null keeps the world in memory only. */
  file: string | null;
  io?: LogIo;
  warn?: (message: string) => void;
  /** Start empty, keeping what the file held as `<file>.<stamp>.bak` (and its logs beside it). */
  reset?: boolean;
}

interface Applied {
  override: Override | null;
  settingsBefore?: Settings;
  clockBefore?: ClockSnapshot | null;
  undo: () => void;
}

const RESOLVED = Promise.resolve();

/** What a change to a row breaks (`before`: the row it replaces, if any); empty when nothing. */
export type Guard<T> = (before: T | undefined, after: T) => string[];

/** A change a guard refused: nothing of it was applied. A sandbox bug, never the caller's. */
export class GuardError extends Error {
  override name = 'GuardError';
}

/** Moves a state file and its logs aside (renamed, nothing deleted) before a reset. */
function backUp(file: string): string | null {
  const stamp = wallClockStamp();
  let kept: string | null = null;
  for (const suffix of ['', '.log.old', '.log']) {
    if (!existsSync(file + suffix)) continue;
    const backup = `${file}.${stamp}${suffix}.bak`;
    renameSync(file + suffix, backup);
    if (suffix === '') kept = backup;
  }
  return kept;
}

export class StateStore {
  private world: SandboxState | null = null;
  private log: ChangeLogWriter | null = null;
  private lock: StateLock | null = null;
  private lowdb: Low<SnapshotDoc | null> | null = null;
  /** Per log entry, what it changed (for the durable image and rollbacks). */
  private readonly inFlight = new Map<LogEntry, Applied[]>();
  private compacting: Promise<void> | null = null;
  private readonly guards = new Map<string, Guard<object>>();
  /** The size of the snapshot on disk, as last read or written. */
  private snapshotBytes = 0;
  private broken: Error | null = null;
  private readonly turns = new Turns();
  /**
   * CHECKOUT_SANDBOX_COMPACT_BYTES: a fixed threshold instead, for the crash tests, so that a
   * compaction is running whenever they kill. Read when the store is opened, not at import.
   */
  private readonly fixedCompactBytes = Number(process.env.CHECKOUT_SANDBOX_COMPACT_BYTES) || null;

  private constructor(
    readonly file: string | null,
    private readonly io: LogIo,
    private readonly warn: (message: string) => void,
    doc: SnapshotDoc | null,
  ) {
    if (doc) this.world = stateFromDoc(doc);
  }

  /** Opens (and locks) the state file, or an empty memory store. Throws naming the file when it is unusable. */
  static async open(options: StoreOptions): Promise<StateStore> {
    const warn = options.warn ?? (() => undefined);
    if (options.file === null) return new StateStore(null, options.io ?? fileIo, warn, null);
    const file = options.file;
    try {
      mkdirSync(dirname(file), { recursive: true, mode: OWNER_DIR_MODE });
    } catch (error) {
      throw new Error(`cannot write the state file ${file}: ${(error as Error).message}. Choose a writable --state path, or --memory.`, {
        cause: error,
      });
    }
    const lock = StateLock.acquire(file);
    try {
      restrictToOwner(stateFiles(file));
      if (options.reset) backUp(file);
      removeStaleTemps(file);
      const lowdb = new Low<SnapshotDoc | null>(new SnapshotFile(file), null);
      await lowdb.read();
      const doc = lowdb.data;
      // lowdb keeps what it read; the rows live in the collections, the document goes.
      lowdb.data = null;
      const logs = [`${file}.log.old`, `${file}.log`].map((f) => ({ f, ...readChangeLog(f) }));
      const replays = logs.reduce((n, l) => n + l.groups.length, 0);
      if (!doc && replays > 0)
        throw new Error(`${file}.log holds changes but ${file} is missing; restore the snapshot or move the log away.`);
      const store = new StateStore(file, options.io ?? fileIo, warn, doc);
      store.lock = lock;
      store.snapshotBytes = existsSync(file) ? statSync(file).size : 0;
      store.lowdb = lowdb;
      for (const l of logs) {
        if (l.tornTail) warn(`${l.f}: skipped a torn last line (a crash mid-write; that change was never acknowledged)`);
        // A settings line of an earlier version gets the defaults of what it lacks, as a snapshot does.
        for (const group of l.groups)
          for (const change of group)
            store.applyOne(change.t === 'settings' ? { t: 'settings', v: settingsSchema.parse(change.v) } : change);
      }
      try {
        store.openLog();
      } catch (error) {
        throw new Error(
          `cannot write the state file's change log ${file}.log: ${(error as Error).message}. Choose a writable --state path, or --memory.`,
          { cause: error },
        );
      }
      // Fold what was replayed into the snapshot, so the next start reads one file.
      if (replays > 0 || existsSync(`${file}.log.old`)) await store.compactNow();
      return store;
    } catch (error) {
      lock.release();
      throw error;
    }
  }

  get loaded(): boolean {
    return this.world !== null;
  }

  get state(): SandboxState {
    if (!this.world) throw new Error('state used before it was seeded');
    return this.world;
  }

  env(env: EnvName): EnvState {
    return this.state.env(env);
  }

  settings(): Settings {
    return this.state.settings;
  }

  /**
   * Holds every later change of `collection` to `check`: a change it finds something wrong
   * with is refused whole (apply rejects with a GuardError, nothing applied). Replaying the
   * change log at start and replacing the world are not held to it.
   */
  guard<K extends CollectionName>(collection: K, check: Guard<CollectionTypes[K]>): void {
    this.guards.set(collection, check as Guard<object>);
  }

  /**
   * Applies changes in memory now and resolves once they are on disk (at once in memory
   * mode). On a failed write every change not yet durable is rolled back and the promise
   * rejects with a PersistenceError: the caller answers that nothing was applied.
   */
  apply(changes: Change[]): Promise<void> {
    if (this.broken)
      return Promise.reject(new PersistenceError(`the state file cannot be written (${this.broken.message}); restart the sandbox`));
    const refused = this.guards.size ? this.refusal(changes) : null;
    if (refused) return Promise.reject(refused);
    const applied = changes.map((change) => this.applyOne(change));
    if (!this.log) return RESOLVED;
    return new Promise<void>((resolve, reject) => {
      // Settled entries leave inFlight; a rollback undoes them before it rejects.
      const entry: LogEntry = {
        line: `${JSON.stringify(changes)}\n`,
        resolve: () => {
          this.inFlight.delete(entry);
          resolve();
        },
        reject: (error) => {
          this.inFlight.delete(entry);
          reject(error);
        },
      };
      this.inFlight.set(entry, applied);
      this.log!.enqueue(entry);
    });
  }

  /**
   * Runs `work` once every earlier work under the same `key` (one record: a checkout, an
   * order) has settled, its durable write included. A transition that reads the record, waits
   * (for a write, for a merchant's call) and then changes it is one step for that record:
   * another request's transition on it starts only after, and finds it as this one left it
   * on disk, exactly as when the two come one after another. Other records are not held up.
   */
  exclusive<T>(key: string, work: () => Promise<T>): Promise<T> {
    return this.turns.run(key, work);
  }

  /** Replaces the whole world (seeding, reset): written as a new snapshot, the log emptied; resolves with the backup's path, if one was made. */
  async replace(doc: SnapshotDoc, options: { backup?: boolean } = {}): Promise<string | null> {
    if (this.log) await this.log.idle();
    if (this.compacting) await this.compacting;
    const backup = options.backup && this.file && existsSync(this.file) ? `${this.file}.${wallClockStamp()}.bak` : null;
    if (backup) {
      copyFileSync(this.file!, backup);
      restrictToOwner([backup]);
    }
    this.world = stateFromDoc(doc);
    if (this.file) {
      await this.writeSnapshot(doc);
      if (this.log) {
        this.log.rotate();
        rmSync(`${this.file}.log.old`, { force: true });
      } else {
        this.openLog();
      }
    }
    return backup;
  }

  /** The world in memory as a document (changes still on their way to disk included). */
  snapshot(): SnapshotDoc {
    return docFromState(this.state);
  }

  /** Waits for queued changes, compacts the log into the snapshot, releases the lock. */
  async close(): Promise<void> {
    if (this.log) {
      await this.log.idle();
      if (this.compacting) await this.compacting;
      if (this.world && !this.broken) await this.compactNow();
      this.log.close();
      this.log = null;
    }
    this.lock?.release();
    this.lock = null;
  }

  private openLog(): void {
    this.log = new ChangeLogWriter(`${this.file}.log`, this.io, {
      failed: (entries, error, intact) => {
        // A log whose torn tail could not be cut off must take no further line after it.
        if (!intact) this.broken = error;
        this.rollback(entries, error);
      },
      written: () => this.maybeCompact(),
    });
  }

  /** What the guards find wrong with the changes, each put against the row it replaces (an earlier put of the same batch included). */
  private refusal(changes: Change[]): GuardError | null {
    const batch = new Map<string, object>();
    const problems: string[] = [];
    for (const change of changes) {
      if (change.t !== 'put') continue;
      const check = this.guards.get(change.c);
      if (!check) continue;
      const collection = this.state.env(change.env).collection(change.c);
      const key = `${change.env}\u0000${change.c}\u0000${collection.keyOf(change.v)}`;
      problems.push(...check(batch.get(key) ?? collection.get(collection.keyOf(change.v)), change.v));
      batch.set(key, change.v);
    }
    return problems.length ? new GuardError(problems.join('; ')) : null;
  }

  private applyOne(change: Change): Applied {
    const world = this.state;
    switch (change.t) {
      case 'put': {
        const collection = world.env(change.env).collection(change.c);
        const key = collection.keyOf(change.v);
        const before = collection.put(change.v);
        return {
          override: { env: change.env, collection: change.c, key, before },
          undo: () => (before ? collection.put(before) : collection.remove(key)),
        };
      }
      case 'settings': {
        const before = world.settings;
        world.settings = change.v;
        return { override: null, settingsBefore: before, undo: () => (world.settings = before) };
      }
      case 'clock': {
        const before = world.clock;
        world.clock = change.v;
        return { override: null, clockBefore: before, undo: () => (world.clock = before) };
      }
    }
  }

  private rollback(entries: LogEntry[], error: Error): void {
    for (const entry of [...entries].reverse()) {
      for (const applied of [...(this.inFlight.get(entry) ?? [])].reverse()) applied.undo();
    }
    const reason = new PersistenceError(
      `The change could not be saved to ${this.file}.log (${(error as NodeJS.ErrnoException).code ?? error.message}); it was rolled back and nothing was applied. Retry once the disk is writable.`,
    );
    for (const entry of entries) entry.reject(reason);
    this.warn(reason.message);
  }

  private maybeCompact(): void {
    if (this.compacting || !this.log) return;
    const threshold = this.fixedCompactBytes ?? Math.max(COMPACT_BYTES, this.snapshotBytes);
    if (this.log.size >= threshold)
      void this.compactNow().catch((error: Error) => this.warn(`compaction failed (the log keeps every change): ${error.message}`));
  }

  /**
   * Rotates the log and writes the durable image as the new snapshot; called between
   * writes only, so every change in memory is either in the log or still queued.
   */
  private compactNow(): Promise<void> {
    if (this.compacting) return this.compacting;
    if (!this.file || !this.log || this.log.busy) return RESOLVED;
    const overrides: Override[] = [];
    let settings: Settings | undefined;
    let clock: ClockSnapshot | null | undefined;
    for (const entry of this.log.pending()) {
      for (const applied of this.inFlight.get(entry) ?? []) {
        if (applied.override) overrides.push(applied.override);
        if (applied.settingsBefore && settings === undefined) settings = applied.settingsBefore;
        if (applied.clockBefore !== undefined && clock === undefined) clock = applied.clockBefore;
      }
    }
    const doc = docFromState(this.state, overrides, settings, clock);
    this.log.rotate();
    this.compacting = (async () => {
      try {
        await this.writeSnapshot(doc);
        rmSync(`${this.file}.log.old`, { force: true });
      } finally {
        this.compacting = null;
      }
    })();
    return this.compacting;
  }

  /** Streams the document (snapshot-file.ts); the event loop keeps answering while it is written. */
  private async writeSnapshot(doc: SnapshotDoc): Promise<void> {
    this.lowdb!.data = doc;
    try {
      await this.lowdb!.write();
      this.snapshotBytes = statSync(this.file!).size;
    } finally {
      // Not kept: it would hold every row it names (and their before-images) until the next compaction.
      this.lowdb!.data = null;
    }
  }
}
