/**
 * The one dialect of every path pattern the sandbox takes (a fault rule's `path`, the journal's
 * `path` filter), read as picomatch, minimatch and .gitignore read a glob, which is what a user
 * of a mock server's glob options expects: `*` is any run of characters within one segment, `**`
 * any run across segments (`/manage/**` takes /manage itself too), and everything else is
 * literal. Case counts, as it does when the surfaces route; a trailing slash is ignored on
 * either side, as the surfaces ignore it (src/http/routing.ts).
 */

/** A test of a surface path (no query) against `pattern`. */
export function pathGlob(pattern: string): (path: string) => boolean {
  const source = withoutTrailingSlash(pattern)
    .split(/(\/\*\*(?=\/|$)|\*\*|\*)/)
    .map((part) => WILDCARDS[part] ?? part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('');
  const glob = new RegExp(`^${source}$`);
  return (path) => glob.test(withoutTrailingSlash(path));
}

const WILDCARDS: Readonly<Record<string, string>> = {
  // A whole segment of `**`: any number of segments, none included.
  '/**': '(?:/.*)?',
  '**': '.*',
  '*': '[^/]*',
};

function withoutTrailingSlash(path: string): string {
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}
