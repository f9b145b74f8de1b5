/**
 * Process entry for `npm start` and the bin: runs the CLI and exits with its code. The build
 * bundles it, with everything it imports, into dist/main.js (esbuild, scripts/build.mjs); the
 * dynamic imports become chunks in dist/chunks/, loaded when first reached.
 */
import module from 'node:module';
import { warnIfNodeIsOld } from './node-version.js';

// First of all, the one line on a Node older than engines: what follows may need a newer one.
warnIfNodeIsOld(process.argv.slice(2));

// Node keeps V8's compiled code of every module on disk (os.tmpdir()/node-compile-cache), so
// later starts skip most of the compiling. Enabled before the CLI is imported (hence the
// dynamic import), as it only covers later loads; a Node without it (before 22.1) starts
// without the cache rather than not at all.
if (typeof module.enableCompileCache === 'function') module.enableCompileCache();

const { main } = await import('./cli/index.js');

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`checkout-sandbox: ${(error as Error).stack ?? String(error)}\n`);
    process.exit(1);
  },
);
