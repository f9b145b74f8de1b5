/**
 * The lowdb adapter: owns the state document and its persistence. Routes never touch it
 * directly; they go through the services in src/store and src/domain.
 *
 * File state is written atomically (lowdb's JSONFile writes through steno: temp file +
 * rename), so a crash mid-write never leaves half a document behind.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { Low, Memory } from 'lowdb';
import { JSONFile } from 'lowdb/node';
import type { EnvName } from '../hosts.js';
import type { EnvState, SandboxState } from './state.js';

export class StateStore {
  private constructor(
    private readonly db: Low<SandboxState | null>,
    /** Null when the state is kept in memory only. */
    readonly file: string | null,
  ) {}

  /** Opens the state; `data` is null when there is nothing persisted yet. */
  static async open(file: string | null): Promise<StateStore> {
    if (file === null) return new StateStore(new Low<SandboxState | null>(new Memory(), null), null);
    mkdirSync(dirname(file), { recursive: true });
    const db = new Low<SandboxState | null>(new JSONFile<SandboxState | null>(file), null);
    await db.read();
    return new StateStore(db, file);
  }

  get loaded(): boolean {
    return this.db.data !== null;
  }

  get state(): SandboxState {
    if (this.db.data === null) throw new Error('state used before it was seeded');
    return this.db.data;
  }

  env(env: EnvName): EnvState {
    return this.state.environments[env];
  }

  /** A named per-environment journal (callback attempts, idempotency records, …). */
  journal<T>(env: EnvName, name: string): T[] {
    const journals = this.env(env).journals;
    journals[name] ??= [];
    return journals[name] as T[];
  }

  async replace(state: SandboxState): Promise<void> {
    this.db.data = state;
    await this.write();
  }

  /** Persists the document (a no-op in memory mode). Call after every change. */
  async write(): Promise<void> {
    await this.db.write();
  }
}
