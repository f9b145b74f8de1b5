/**
 * The isolated sandboxes of one process: made on request (POST /__admin/sandboxes or
 * sandbox.isolated()), found by id for each request, disposed of on DELETE, at close, or
 * after an idle period. Idle time is real time (monotonic), not sandbox time: a test that
 * moves its clock a year ahead must not lose its sandbox.
 */
import { randomBytes } from 'node:crypto';
import { instant, monotonicMs, wallClockIso } from '../clock.js';
import type { IsolatedRequest, IsolatedSummary, SandboxesControl } from '../admin/deps.js';
import { ENVIRONMENTS, type EnvName, SURFACES, type SurfaceName } from '../hosts.js';
import type { World } from './world.js';

export interface RegistryOptions {
  max: number;
  idleMs: number;
  /** The origin written into base URLs (changes once the main listener has its port). */
  origin(): string;
  /** Makes the world of a new isolated sandbox (memory state, its own clock). */
  make(id: string, request: IsolatedRequest): Promise<World>;
}

interface Entry {
  id: string;
  world: World;
  createdMs: number;
  createdIso: string;
  lastUsedMs: number;
}

export class SandboxRegistry implements SandboxesControl {
  private readonly live = new Map<string, Entry>();
  private pending = 0;
  private sweeper: ReturnType<typeof setInterval> | null = null;
  private closed = false;

  constructor(private readonly options: RegistryOptions) {}

  get max(): number {
    return this.options.max;
  }

  get idleMs(): number {
    return this.options.idleMs;
  }

  count(): number {
    return this.live.size + this.pending;
  }

  async create(request: IsolatedRequest): Promise<IsolatedSummary & { world: World }> {
    if (this.closed) throw new Error('the sandbox is closed');
    if (this.count() >= this.max) throw new Error(`${this.max} isolated sandboxes are live, the most this process keeps`);
    this.pending += 1;
    let entry: Entry;
    try {
      const id = `sb-${randomBytes(8).toString('hex')}`;
      const world = await this.options.make(id, request);
      const now = monotonicMs();
      entry = { id, world, createdMs: now, createdIso: wallClockIso(), lastUsedMs: now };
    } finally {
      this.pending -= 1;
    }
    if (this.closed) {
      await entry.world.close();
      throw new Error('the sandbox closed while an isolated sandbox was being made');
    }
    this.live.set(entry.id, entry);
    this.startSweeper();
    return { ...this.summary(entry), world: entry.world };
  }

  /** The live world of an id, marked as used now; null when deleted, expired or unknown. */
  use(id: string): World | null {
    const entry = this.live.get(id);
    if (!entry) return null;
    const now = monotonicMs();
    // Checked here too, so expiry is exact even between two sweeps.
    if (now - entry.lastUsedMs > this.idleMs) {
      void this.remove(id);
      return null;
    }
    entry.lastUsedMs = now;
    return entry.world;
  }

  list(): IsolatedSummary[] {
    return [...this.live.values()].map((entry) => this.summary(entry));
  }

  async remove(id: string): Promise<boolean> {
    const entry = this.live.get(id);
    if (!entry) return false;
    this.live.delete(id);
    await entry.world.close();
    return true;
  }

  async closeAll(): Promise<void> {
    this.closed = true;
    if (this.sweeper) clearInterval(this.sweeper);
    const entries = [...this.live.values()];
    this.live.clear();
    await Promise.all(entries.map((entry) => entry.world.close()));
  }

  baseUrls(id: string): IsolatedSummary['baseUrls'] {
    const base = `${this.options.origin()}/sandboxes/${id}`;
    const urls = {} as Record<EnvName, Record<SurfaceName, string>>;
    for (const env of ENVIRONMENTS) {
      urls[env] = {} as Record<SurfaceName, string>;
      for (const surface of SURFACES) urls[env][surface] = `${base}/${env}/${surface}`;
    }
    return { ...urls, admin: `${base}/__admin` };
  }

  private summary(entry: Entry): IsolatedSummary {
    // Real time of the last use: creation's wall time plus the monotonic time since (no clock read per request).
    const lastUsed = instant(Date.parse(entry.createdIso) + Math.round(entry.lastUsedMs - entry.createdMs)).toISOString();
    return {
      id: entry.id,
      scenario: entry.world.scenario(),
      clock: entry.world.clock.state(),
      created: entry.createdIso,
      lastUsed,
      baseUrls: this.baseUrls(entry.id),
    };
  }

  private startSweeper(): void {
    if (this.sweeper) return;
    const every = Math.min(Math.max(this.idleMs / 2, 10), 60_000);
    this.sweeper = setInterval(() => {
      const now = monotonicMs();
      for (const entry of this.live.values()) if (now - entry.lastUsedMs > this.idleMs) void this.remove(entry.id);
    }, every);
    // Housekeeping only: it must not keep a process (a test runner) alive.
    this.sweeper.unref();
  }
}
