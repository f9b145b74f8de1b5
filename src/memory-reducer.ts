/**
 * The server's idle memory reducer: when the process has gone quiet after a burst of work, one
 * full, memory-reducing collection gives back what the burst left committed.
 *
 * Why: V8 sizes its young generation from the machine's memory (up to 2 × 64 MB on a 24 GB
 * machine) and grows it under load; in Chrome a memory reducer shrinks it again when a tab
 * goes quiet, but Node never drives that, so a load test leaves a long-lived sandbox holding
 * its peak for as long as it runs (the `scale` world: 276 MB after the bench's write run, 142
 * MB after one such collection; bench/README.md, "Footprint"). A test double mostly waits
 * between bursts, so waiting is the moment to pay: 50–160 ms once, never while requests flow.
 *
 * "Quiet" is the process's own CPU time (`process.cpuUsage`, GC threads included), so nothing
 * is added to the request path: a second in which the process used less than 1% of a core.
 * (The event loop's utilization is not a measure of it: after a burst of keep-alive requests
 * it stayed at 0.13–0.28 for seconds in which the process used 7 ms of CPU.)
 * "Worth it" is the committed heap exceeding what is live by `slackBytes`: after a collection
 * that slack is small, and it only grows back with new load, so an idle server collects once.
 */
import v8 from 'node:v8';
import vm from 'node:vm';

export interface MemoryReducerOptions {
  /** How often the loop's utilization is looked at (default 1000 ms). */
  everyMs?: number;
  /** Committed but unused heap that makes a collection worth its pause (default 32 MiB). */
  slackBytes?: number;
  /** CPU fraction of the last period below which the process counts as quiet (default 0.01). */
  quietBelow?: number;
}

/** What one look at the process sees. */
export interface MemoryReading {
  /** The process's CPU time since the last look, as a fraction of that period (0–1 per core). */
  utilization: number;
  /** V8's committed heap (`total_heap_size`) and what of it is in use (`used_heap_size`). */
  committed: number;
  used: number;
}

/** The decision, apart from timers and V8, so a unit test can hold it to its rule. */
export function worthReducing(reading: MemoryReading, options: Pick<MemoryReducerOptions, 'slackBytes' | 'quietBelow'> = {}): boolean {
  const slackBytes = options.slackBytes ?? 32 * 1024 * 1024;
  const quietBelow = options.quietBelow ?? 0.01;
  return reading.utilization < quietBelow && reading.committed - reading.used >= slackBytes;
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

/** Starts looking; returns the stop. The timer never keeps the process alive. */
export function startMemoryReducer(options: MemoryReducerOptions = {}): () => void {
  const everyMs = options.everyMs ?? 1000;
  let collect: Collect | undefined;
  let last = process.cpuUsage();
  const timer = setInterval(() => {
    const spent = process.cpuUsage(last);
    last = process.cpuUsage();
    const utilization = (spent.user + spent.system) / 1000 / everyMs;
    const heap = v8.getHeapStatistics();
    if (!worthReducing({ utilization, committed: heap.total_heap_size, used: heap.used_heap_size }, options)) return;
    collect ??= collector();
    // 'last-resort' is V8's memory-reducing full collection: it also shrinks the young
    // generation and releases the old generation's empty pages, which a regular one keeps.
    collect({ type: 'major', execution: 'sync', flavor: 'last-resort' });
    // The collection's own CPU is not load: the next look starts after it.
    last = process.cpuUsage();
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
