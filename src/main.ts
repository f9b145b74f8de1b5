/** Process entry for `npm start` and the bin: runs the CLI and exits with its code. */
import module from 'node:module';
import { setFlagsFromString } from 'node:v8';

// Node ≥ 22.1 keeps V8's compiled code of every module on disk (os.tmpdir()/node-compile-cache)
// so later starts skip most of the compiling of ~200 modules; a no-op on Node 20. Enabled
// before the CLI is imported (hence the dynamic import), as it only covers later loads.
(module as { enableCompileCache?: () => unknown }).enableCompileCache?.();

// V8 lets a busy process's old generation grow to up to 4× what survived the last full
// collection before collecting again; 1.5× here. Measured on the scale world's write run: RSS
// 255-285 MB instead of 330-380, CPU per request within the noise (bench/README.md, "The scale
// world"). For a test double a smaller footprint is worth a few more (concurrent) collections.
setFlagsFromString('--heap-growing-percent=50');

const { main } = await import('./cli/index.js');

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`checkout-sandbox: ${(error as Error).stack ?? String(error)}\n`);
    process.exit(1);
  },
);
