/**
 * What a file of the built bundle carries. dist/main.js and dist/chunks/ are esbuild's bundle
 * (scripts/build.mjs), which names each module it holds in a `// <path>` line before its code:
 * the path relative to the package (`../<dir>/node_modules/…` where node_modules is a symlink,
 * as in a git worktree). The start-up tests read these lines to tell which sources a start
 * loaded (test/e2e/start-loads.test.ts) or built from (test/e2e/start-schemas.test.ts).
 */
import { readFileSync } from 'node:fs';

export interface BundleMark {
  /** 1-based line of the `// <path>` line; the module's code follows it. */
  line: number;
  /** The module's path as esbuild names it, relative to the package. */
  source: string;
}

const BUNDLE_FILE = /\/dist\/(main|chunks\/[^/]+)\.js$/;
const MARK = /^\/\/ ((?:\.\.\/[^/\s]+\/)*(?:src|node_modules)\/\S+)$/;
const read = new Map<string, BundleMark[]>();

/** The modules `file` (a path) carries, in order; null for a file that is not part of the bundle. */
export function bundleMarks(file: string): BundleMark[] | null {
  if (!BUNDLE_FILE.test(file)) return null;
  let marks = read.get(file);
  if (!marks) {
    marks = readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((text, i) => {
        const source = MARK.exec(text)?.[1];
        return source ? [{ line: i + 1, source }] : [];
      });
    read.set(file, marks);
  }
  return marks;
}
