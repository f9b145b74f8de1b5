// Preloaded with --import by the heap test (test/e2e/heap.test.ts): on SIGUSR2 it appends one
// line to the file HEAP_LOG names: V8's committed heap, what of it is in use, and the young
// generation's size, in bytes ("<committed> <used> <young>"), so a test can watch the server's
// heap from outside without adding anything to the sandbox itself.
import { appendFileSync } from 'node:fs';
import v8 from 'node:v8';

const log = process.env.HEAP_LOG;
if (log) {
  process.on('SIGUSR2', () => {
    const heap = v8.getHeapStatistics();
    const young = v8.getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')?.space_size ?? 0;
    appendFileSync(log, `${heap.total_heap_size} ${heap.used_heap_size} ${young}\n`);
  });
}
