/**
 * Process entry for `npm start` and the bin: runs the CLI and exits with its code. The build
 * bundles it, with everything it imports, into dist/main.js (esbuild, scripts/build.mjs); the
 * dynamic imports become chunks in dist/chunks/, loaded when first reached.
 */
import module from 'node:module';
import v8 from 'node:v8';
import { startMemoryReducer } from './memory-reducer.js';

// Node ≥ 22.1 keeps V8's compiled code of every module on disk (os.tmpdir()/node-compile-cache)
// so later starts skip most of the compiling of ~200 modules; a no-op on Node 20. Enabled
// before the CLI is imported (hence the dynamic import), as it only covers later loads.
(module as { enableCompileCache?: () => unknown }).enableCompileCache?.();

// V8 lets a busy process's old generation grow to up to 4× what survived the last full
// collection before collecting again; 1.5× here. Measured on the scale world's write run: RSS
// 255-285 MB instead of 330-380, CPU per request within the noise (bench/README.md, "The scale
// world"). For a test double a smaller footprint is worth a few more (concurrent) collections.
v8.setFlagsFromString('--heap-growing-percent=50');

const argv = process.argv.slice(2);

// A start allocates ~20 MB that lives as long as the server (modules, schemas, the world).
// V8 answers that survival by growing the young generation (to 2 × 16 MB by the end of a
// start), which then stays resident: ~15 MB of RSS at rest for nothing. Until the server is
// ready the young generation keeps its initial size (what survives goes to the old generation
// at once); then V8's own growth (×2, its default) is back, so a load grows it as it always
// did. Only for the server (subcommands keep V8's defaults), and not when the user tuned it
// themselves.
const serving = argv[0] === undefined || argv[0].startsWith('-');
const tuned = [...process.execArgv, process.env.NODE_OPTIONS ?? ''].some((arg) => arg.includes('semi-space'));
const holdYoungGeneration = serving && !tuned;
if (holdYoungGeneration) v8.setFlagsFromString('--semi-space-growth-factor=1');
// Once serving, a quiet second after a burst of load gives back what the burst left committed
// (src/memory-reducer.ts): V8's young generation stays at its peak in Node otherwise.
// CHECKOUT_SANDBOX_IDLE_GC=0 leaves the heap to V8 alone (docs/cli-and-library.md).
const reduceWhenIdle = serving && process.env.CHECKOUT_SANDBOX_IDLE_GC !== '0';
const ready = (): void => {
  if (holdYoungGeneration) v8.setFlagsFromString('--semi-space-growth-factor=2');
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
