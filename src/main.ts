/**
 * Process entry for `npm start` and the bin: runs the CLI and exits with its code. The build
 * bundles it, with everything it imports, into dist/main.js (esbuild, scripts/build.mjs); the
 * dynamic imports become chunks in dist/chunks/, loaded when first reached.
 */
import module from 'node:module';
import v8 from 'node:v8';
import { capYoungGeneration, startMemoryReducer } from './heap.js';

// Node ≥ 22.1 keeps V8's compiled code of every module on disk (os.tmpdir()/node-compile-cache)
// so later starts skip most of the compiling of ~200 modules; a no-op on Node 20. Enabled
// before the CLI is imported (hence the dynamic import), as it only covers later loads.
(module as { enableCompileCache?: () => unknown }).enableCompileCache?.();

// V8 lets a busy process's old generation grow to up to 4× what survived the last full
// collection before collecting again; 2× here. On the scale world through the bench's sequence
// (young generation held, below): peak RSS 196-207 MB, against 290-300 with V8's growth and
// 170-182 with 1.5×, which cost a full collection, and its pause, twice as often: reads there
// ran 10-40% slower with a p99 of 11-17 ms instead of 8-11 (bench/README.md, "Footprint").
// Once quiet, the idle collection (src/heap.ts) brings all three to the same ~135 MB.
v8.setFlagsFromString('--heap-growing-percent=100');

const argv = process.argv.slice(2);

// The server's heap (src/heap.ts): its young generation held at 2 × 8 MB, and one
// memory-reducing collection when it goes quiet after a burst. While it starts, the young
// generation keeps its initial size: a start allocates ~20 MB that lives as long as the
// server (modules, schemas, the world), and V8 would answer that survival by growing the
// young generation, which would then stay resident (what survives goes to the old generation
// at once instead). Only for the server (subcommands keep V8's defaults); the young generation
// is left alone when the user sized it themselves (NODE_OPTIONS=--max-semi-space-size=…), the
// reducer off with CHECKOUT_SANDBOX_IDLE_GC=0 (docs/cli-and-library.md, "A smaller footprint").
const serving = argv[0] === undefined || argv[0].startsWith('-');
const tuned = [...process.execArgv, process.env.NODE_OPTIONS ?? ''].some((arg) => arg.includes('semi-space'));
const holdYoungGeneration = serving && !tuned;
if (holdYoungGeneration) v8.setFlagsFromString('--semi-space-growth-factor=1');
const reduceWhenIdle = serving && process.env.CHECKOUT_SANDBOX_IDLE_GC !== '0';
const ready = (): void => {
  if (holdYoungGeneration) capYoungGeneration();
  if (reduceWhenIdle) startMemoryReducer();
};

const { main } = await import('./cli/index.js');

main(argv, { ready }).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`checkout-sandbox: ${(error as Error).stack ?? String(error)}\n`);
    process.exit(1);
  },
);
