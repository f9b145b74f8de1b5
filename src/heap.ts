/**
 * How the server process keeps V8's heap (src/main.ts applies it to the server only; the
 * library's createSandbox never does, as the process that embeds a sandbox owns its heap).
 * Measured on the bench's runs (bench/README.md, "Footprint"):
 *
 * - **The young generation is held at 2 × 8 MB** (`capYoungGeneration`). V8 sizes it from the
 *   machine's memory, up to 2 × 64 MB on a 24 GB machine, and a load grows it there. Held, the
 *   `scale` world peaked at 150–195 MB through the bench's run instead of 282–310 (196–211 MB
 *   since src/main.ts lets the old generation grow to 2× rather than 1.5×), at the same
 *   CPU per request within the noise (alternated rounds against the build before it). V8 reads
 *   `--max-semi-space-size` only at start, but `--semi-space-growth-factor` at every growth:
 *   a look every 100 ms sets it to 1 (hold) at the cap and 2 (V8's) below.
 *
 * - **When quiet after a burst, one memory-reducing collection** (`startMemoryReducer`) gives
 *   back what the burst left committed. In Chrome V8's memory reducer does this when a tab
 *   goes quiet; Node never drives it, so a long-lived sandbox otherwise keeps the old
 *   generation's empty pages for as long as it runs (the `scale` world: ~290 MB after the
 *   bench's write run, ~135 MB a few seconds later). A test double mostly waits between
 *   bursts, so waiting is the moment to pay: 50–160 ms once, never while requests flow.
 *   "Quiet" is the process's own CPU time (`process.cpuUsage`, GC threads included), so
 *   nothing is added to the request path: a second in which the process used less than 1% of
 *   a core. (The event loop's utilization is not a measure of it: after a burst of keep-alive
 *   requests it stayed at 0.13–0.28 for seconds in which the process used 7 ms of CPU.)
 *   "Worth it" is the committed heap grown by `growthBytes` since the last collection (or
 *   since the start): only new load grows it, so an idle server collects once per burst.
 */
import v8 from 'node:v8';
import vm from 'node:vm';

const MiB = 1024 * 1024;

// The young generation.

/** Both semi-spaces of the young generation, as `v8.getHeapSpaceStatistics()` counts `new_space`. */
export const YOUNG_GENERATION_CAP = 2 * 8 * MiB;

/** V8's growth factor for a young generation of `size` bytes: 2 (V8's own) below the cap, 1 (no growth) at it. */
export function growthFactorFor(size: number, cap: number = YOUNG_GENERATION_CAP): 1 | 2 {
  return size >= cap ? 1 : 2;
}

/**
 * Holds the young generation at `cap` from now on (call it once serving: src/main.ts keeps
 * the growth at 1 while the server starts); returns the stop. The timer never keeps the
 * process alive. A look costs a few microseconds; between two looks a fast-growing young
 * generation may double once past the cap, and is then held there.
 */
export function capYoungGeneration(cap: number = YOUNG_GENERATION_CAP, everyMs = 100): () => void {
  let factor: 1 | 2 | undefined;
  const look = (): void => {
    const size = v8.getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')?.space_size ?? 0;
    const wanted = growthFactorFor(size, cap);
    if (wanted === factor) return;
    factor = wanted;
    v8.setFlagsFromString(`--semi-space-growth-factor=${wanted}`);
  };
  look();
  const timer = setInterval(look, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

// The idle memory reducer.

export interface MemoryReducerOptions {
  /** How often the process's CPU time and heap are looked at (default 1000 ms). */
  everyMs?: number;
  /** Growth of the committed heap since the last collection (or the start) that makes one worth its pause (default 8 MiB). */
  growthBytes?: number;
  /** CPU fraction of the last period below which the process counts as quiet (default 0.01). */
  quietBelow?: number;
}

/** What one look at the process sees. */
export interface MemoryReading {
  /** The process's CPU time since the last look, as a fraction of that period (0–1 per core). */
  utilization: number;
  /** V8's committed heap now (`total_heap_size`). */
  committed: number;
  /** The least it was committed since the last collection (or the start). */
  baseline: number;
}

/** The decision, apart from timers and V8, so a unit test can hold it to its rule. */
export function worthReducing(reading: MemoryReading, options: Pick<MemoryReducerOptions, 'growthBytes' | 'quietBelow'> = {}): boolean {
  const growthBytes = options.growthBytes ?? 8 * MiB;
  const quietBelow = options.quietBelow ?? 0.01;
  return reading.utilization < quietBelow && reading.committed - reading.baseline >= growthBytes;
}

type Collect = (options: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void;

/**
 * Node exposes V8's `gc()` only under `--expose-gc`; the flag is switched on just long enough to
 * take the function from a fresh context, and off again, so no global `gc` appears. Taken on
 * the first collection, not at start (a context costs a few milliseconds).
 */
function collector(): Collect {
  v8.setFlagsFromString('--expose-gc');
  try {
    return vm.runInNewContext('gc') as Collect;
  } finally {
    v8.setFlagsFromString('--no-expose-gc');
  }
}

/** Starts looking once a second; returns the stop. The timer never keeps the process alive. */
export function startMemoryReducer(options: MemoryReducerOptions = {}): () => void {
  const everyMs = options.everyMs ?? 1000;
  let collect: Collect | undefined;
  let last = process.cpuUsage();
  let baseline = v8.getHeapStatistics().total_heap_size;
  const timer = setInterval(() => {
    const spent = process.cpuUsage(last);
    last = process.cpuUsage();
    const utilization = (spent.user + spent.system) / 1000 / everyMs;
    const committed = v8.getHeapStatistics().total_heap_size;
    baseline = Math.min(baseline, committed);
    if (!worthReducing({ utilization, committed, baseline }, options)) return;
    collect ??= collector();
    // 'last-resort' is V8's memory-reducing full collection: it also shrinks the young
    // generation and releases the old generation's empty pages, which a regular one keeps.
    collect({ type: 'major', execution: 'sync', flavor: 'last-resort' });
    // What it keeps is live: the next collection waits for as much growth again. Its own CPU
    // is not load: the next look starts after it.
    baseline = v8.getHeapStatistics().total_heap_size;
    last = process.cpuUsage();
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
