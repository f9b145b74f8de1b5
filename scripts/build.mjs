#!/usr/bin/env node
// Compiles src/ to dist/ (tsc -p tsconfig.build.json) and stamps the build.
//   node scripts/build.mjs             always (npm run build, prepare)
//   node scripts/build.mjs --if-stale  only when a source or build setting is newer than the
//                                      last build (prestart: `npm start` after a pull or an edit
//                                      never runs stale JavaScript; the no-op check is a
//                                      directory walk of a few ms, not a tsc start of seconds)
// The package ships this file, because its package.json keeps `prestart` (and, installed from
// git, `prepare`): in an installed package there is no compiler, and both find dist/ built and
// do nothing. A tarball's package.json has no `prepare` (scripts/pack-manifest.mjs).
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const stamp = join(root, 'dist', '.build-stamp');

const CHUNK_DIR = join(root, 'dist', 'chunks');

/**
 * dist/main.js, what the bin, `npm start` and the Docker image run, is one bundle of
 * src/main.ts and what it imports (esbuild): a start reads a few files instead of linking
 * hundreds of ES modules one by one, which was most of a cold start. Whatever is
 * imported on first use (the CLI, then jose, OpenAPI, TLS, the subcommands) is split into
 * dist/chunks/ and still loads only then. The library entry (dist/index.js) stays tsc's
 * module-per-file output. Left outside the bundle: packages that find files of their own at
 * run time (pino-pretty, node-forge, swagger-ui-dist). pino is inside: only
 * its transports look for files (a worker started from a path), and the sandbox never starts
 * one; it writes to pino's own destination (src/log.ts).
 * Returns the chunk files written.
 */
async function bundleCli() {
  const { build } = await import('esbuild');
  const src = join(root, 'src');
  const dist = join(root, 'dist');
  // A module that finds files next to itself (new URL('../fixtures/…', import.meta.url)) must
  // still do so from dist/chunks/: its import.meta.url becomes the URL of its tsc twin in
  // dist/, worked out from the chunk's own URL. So every such module must land in a chunk;
  // main.ts imports nothing of the sandbox statically (checked below).
  const fileUrls = {
    name: 'import-meta-url',
    setup(b) {
      b.onLoad({ filter: /\.ts$/ }, (args) => {
        const text = readFileSync(args.path, 'utf8');
        if (!text.includes('import.meta.url')) return undefined;
        const twin = relative(CHUNK_DIR, join(dist, relative(src, args.path)))
          .replace(/\.ts$/, '.js')
          .split(sep)
          .join('/');
        return { contents: text.replaceAll('import.meta.url', `new URL(${JSON.stringify(twin)}, import.meta.url).href`), loader: 'ts' };
      });
    },
  };
  const result = await build({
    entryPoints: { main: join(src, 'main.ts') },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: `node${JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).engines.node.match(/\d+/)[0]}`,
    outdir: dist,
    chunkNames: 'chunks/[hash]',
    external: ['pino-pretty', 'node-forge', 'swagger-ui-dist'],
    // CommonJS packages inside an ES bundle call require() (iso8601-duration, Node's builtins).
    banner: {
      js: "import { createRequire as createRequireOfBundle } from 'node:module'; const require = createRequireOfBundle(import.meta.url);",
    },
    plugins: [fileUrls],
    absWorkingDir: root,
    metafile: true,
    logLevel: 'warning',
  });
  const stray = Object.keys(result.metafile.outputs['dist/main.js'].inputs).filter(
    (input) => input.endsWith('.ts') && readFileSync(join(root, input), 'utf8').includes('import.meta.url'),
  );
  if (stray.length > 0)
    throw new Error(
      `scripts/build.mjs: ${stray.join(', ')} landed in dist/main.js, where its import.meta.url would point elsewhere; import it dynamically from src/main.ts`,
    );
  return new Set(
    Object.keys(result.metafile.outputs)
      .map((path) => join(root, path))
      .filter((path) => path.startsWith(CHUNK_DIR)),
  );
}

/**
 * The dashboard's script (GET /__admin/ui/dashboard.js): src/admin/dashboard/main.ts and the
 * modules it imports, bundled for the browser into dist/admin/assets/dashboard.js. That file is
 * the one script every run serves: src/admin/ui.ts reads it from dist/ whether it runs from
 * dist/ (npm start, the bin, an installed package, which has no esbuild) or from src/ (npm run
 * dev and the tests, whose `predev` and global setup run this build when a source is newer).
 * The dashboard imports the admin answers' types only; the check below keeps any server code
 * (or zod) out of the page's script.
 */
/** Modules the page's script carries besides its own: pure ones that import no code, shared with the server so their rules and words are written once. */
const SHARED_WITH_THE_PAGE = ['src/domain/time-span.ts', 'src/domain/retirement.ts'];

async function bundleDashboard() {
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: [join(root, 'src', 'admin', 'dashboard', 'main.ts')],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    // What the hand-written script it replaced was written in: the browsers that ran it still do.
    target: 'es2017',
    charset: 'utf8',
    outfile: join(root, 'dist', 'admin', 'assets', 'dashboard.js'),
    absWorkingDir: root,
    metafile: true,
    logLevel: 'warning',
  });
  const stray = Object.keys(result.metafile.inputs).filter(
    (input) => !input.startsWith('src/admin/dashboard/') && !SHARED_WITH_THE_PAGE.includes(input),
  );
  if (stray.length > 0)
    throw new Error(
      `scripts/build.mjs: the dashboard's script would carry ${stray.join(', ')}; import only types (import type) from outside src/admin/dashboard/, or name a pure module in SHARED_WITH_THE_PAGE`,
    );
}

function newest(path) {
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  let max = info.mtimeMs;
  for (const entry of readdirSync(path)) max = Math.max(max, newest(join(path, entry)));
  return max;
}

const inputs = ['src', 'tsconfig.json', 'tsconfig.build.json', 'package.json'].map((p) => join(root, p)).filter(existsSync);
const built = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
if (process.argv.includes('--if-stale') && built > 0 && Math.max(...inputs.map(newest)) <= built) process.exit(0);

const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
if (!existsSync(tsc)) {
  // A production install (--omit=dev) has no compiler: run what was built, if anything was.
  if (existsSync(join(root, 'dist', 'main.js'))) process.exit(0);
  console.error('checkout-sandbox: dist/ is missing and TypeScript is not installed; run `npm install` (with dev dependencies) first.');
  process.exit(1);
}
if (process.argv.includes('--if-stale')) process.stderr.write('checkout-sandbox: compiling src/ to dist/ (tsc)...\n');
// dist/ is never removed as a whole: `npx checkout-sandbox` in a fresh clone runs `prepare`
// while other processes may be running dist/main.js. What a deleted source left behind is
// pruned after the build instead (below).
const result = spawnSync(process.execPath, [tsc, '-p', join(root, 'tsconfig.build.json')], { stdio: 'inherit' });
if (result.status !== 0) process.exit(result.status ?? 1);
// Files served as they are (the hosted page's loader and script): src/**/assets/ → dist/**/assets/.
(function copyAssets(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const path = join(dir, entry.name);
    if (entry.name === 'assets') cpSync(path, path.replace(join(root, 'src'), join(root, 'dist')), { recursive: true });
    else copyAssets(path);
  }
})(join(root, 'src'));
// The API reference's renderer (GET /__admin/docs): swagger-ui-dist's files are copied into
// dist/, so the package ships them and an install of it never pulls swagger-ui-dist in, nor
// its telemetry dependency @scarf/scarf (kept out of this repository's own install by the
// override in package.json). Only the files src/admin/openapi.ts serves, and the licence.
const SWAGGER_FILES = [
  'swagger-ui.css',
  'swagger-ui-bundle.js',
  'swagger-ui-standalone-preset.js',
  'favicon-32x32.png',
  'favicon-16x16.png',
  'LICENSE',
  'NOTICE',
];
const swaggerDir = join(root, 'node_modules', 'swagger-ui-dist');
const swaggerCopy = join(root, 'dist', 'admin', 'swagger-ui');
mkdirSync(swaggerCopy, { recursive: true });
for (const file of SWAGGER_FILES) cpSync(join(swaggerDir, file), join(swaggerCopy, file));
const chunks = await bundleCli();
await bundleDashboard();
// A full build drops the output of sources that no longer exist (dist/x.js without src/x.ts),
// and the bundle's chunks this build no longer wrote. A stale-only rebuild (prestart, the test
// setup) keeps old chunks: a server started before it may still load one on first use.
if (!process.argv.includes('--if-stale')) {
  for (const file of readdirSync(CHUNK_DIR)) if (!chunks.has(join(CHUNK_DIR, file))) rmSync(join(CHUNK_DIR, file), { force: true });
  (function prune(dir) {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      const source = path.replace(join(root, 'dist'), join(root, 'src'));
      if (entry.isDirectory()) {
        if (entry.name !== 'assets' && entry.name !== 'swagger-ui' && path !== CHUNK_DIR) prune(path);
      } else if (/\.(js|d\.ts|js\.map)$/.test(entry.name) && !existsSync(source.replace(/\.(js|d\.ts|js\.map)$/, '.ts'))) {
        rmSync(path, { force: true });
      }
    }
  })(join(root, 'dist'));
}
writeFileSync(stamp, '');
