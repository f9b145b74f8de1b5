/**
 * The one dialect of every path pattern the sandbox takes (a fault rule's `path`, the journal's
 * `path` filter), read as picomatch, minimatch and .gitignore read a glob, which is what a user
 * of a mock server's glob options expects: `*` is any run of characters within one segment, `**`
 * any run across segments (`/manage/**` takes /manage itself too), and everything else is
 * literal. Case counts, as it does when the surfaces route; a trailing slash is ignored on
 * either side, as the surfaces ignore it (src/http/routing.ts).
 *
 * A pattern is matched by walking every position of it at once over the path (a Thompson
 * simulation), never by backtracking: the time is bounded by the pattern's length times the
 * path's, whatever the stars, so no pattern a user sends can stall the process.
 */
import { z } from 'zod';

/** Longer patterns are refused: no real surface path needs more, and the bound keeps a match cheap. */
export const PATH_PATTERN_MAX_LENGTH = 256;
/** More `*` than this are refused: a real path has a few segments, not dozens of wildcards. */
export const PATH_PATTERN_MAX_STARS = 16;

/** A path pattern as an entry takes it: within the bounds, each refusal saying what to change. */
export const pathPatternSchema = z
  .string()
  .max(PATH_PATTERN_MAX_LENGTH, { message: `a path pattern has at most ${PATH_PATTERN_MAX_LENGTH} characters` })
  .refine((pattern) => starCount(pattern) <= PATH_PATTERN_MAX_STARS, {
    message: `a path pattern has at most ${PATH_PATTERN_MAX_STARS} '*'; use '**' for any run of segments`,
  });

/** One step of a compiled pattern. */
type Step =
  | { kind: 'char'; char: string }
  /** `*`: any run of characters but `/`. */
  | { kind: 'segment' }
  /** `**` inside a segment: any run of characters. */
  | { kind: 'any' }
  /** The `/` of a whole `/**` segment, which may be left out with the run after it. */
  | { kind: 'optional-slash' };

/** A test of a surface path (no query) against `pattern`. */
export function pathGlob(pattern: string): (path: string) => boolean {
  const steps = compile(withoutTrailingSlash(pattern));
  // The two sets of live positions, made once per pattern: a fault rule tests every request.
  const sets = { current: new Uint8Array(steps.length + 1), next: new Uint8Array(steps.length + 1) };
  return (path) => run(steps, sets, withoutTrailingSlash(path));
}

function compile(pattern: string): Step[] {
  const steps: Step[] = [];
  for (let i = 0; i < pattern.length;) {
    if (pattern.startsWith('/**', i) && (i + 3 === pattern.length || pattern[i + 3] === '/')) {
      steps.push({ kind: 'optional-slash' }, { kind: 'any' });
      i += 3;
    } else if (pattern.startsWith('**', i)) {
      steps.push({ kind: 'any' });
      i += 2;
    } else if (pattern[i] === '*') {
      steps.push({ kind: 'segment' });
      i += 1;
    } else {
      steps.push({ kind: 'char', char: pattern[i]! });
      i += 1;
    }
  }
  return steps;
}

function run(steps: readonly Step[], sets: { current: Uint8Array; next: Uint8Array }, path: string): boolean {
  let { current, next } = sets;
  current.fill(0);
  close(steps, current, 0);
  for (const char of path) {
    next.fill(0);
    let alive = false;
    for (let at = 0; at < steps.length; at++) {
      if (!current[at]) continue;
      const to = advance(steps[at]!, at, char);
      if (to === null) continue;
      close(steps, next, to);
      alive = true;
    }
    if (!alive) return false;
    [current, next] = [next, current];
  }
  return current[steps.length] === 1;
}

/** The position a step at `at` moves to on reading `char`; null when it cannot read it. */
function advance(step: Step, at: number, char: string): number | null {
  switch (step.kind) {
    case 'char':
      return step.char === char ? at + 1 : null;
    case 'optional-slash':
      return char === '/' ? at + 1 : null;
    case 'segment':
      return char === '/' ? null : at;
    case 'any':
      return at;
  }
}

/** Marks `at` and every step reachable from it without reading a character. */
function close(steps: readonly Step[], set: Uint8Array, at: number): void {
  while (at <= steps.length && !set[at]) {
    set[at] = 1;
    const step = steps[at];
    if (step === undefined) return;
    if (step.kind === 'optional-slash') at += 2;
    else if (step.kind === 'segment' || step.kind === 'any') at += 1;
    else return;
  }
}

function starCount(pattern: string): number {
  let stars = 0;
  for (const char of pattern) if (char === '*') stars++;
  return stars;
}

function withoutTrailingSlash(path: string): string {
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}
