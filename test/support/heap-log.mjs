// Preloaded with --import by the memory reducer's test (test/e2e/memory-reducer.test.ts): on
// SIGUSR2 it appends one line to the file HEAP_LOG names, V8's committed heap and what of it is
// in use, in bytes ("<committed> <used>"), so a test can watch the server's heap from outside
// without adding anything to the sandbox itself.
import { appendFileSync } from 'node:fs';
import v8 from 'node:v8';

const log = process.env.HEAP_LOG;
if (log) {
  process.on('SIGUSR2', () => {
    const heap = v8.getHeapStatistics();
    appendFileSync(log, `${heap.total_heap_size} ${heap.used_heap_size}\n`);
  });
}
