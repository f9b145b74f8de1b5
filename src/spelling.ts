/**
 * Did-you-mean for names a person types: flags, subcommands, option keys, log levels,
 * scenario names, path segments, SharedKey usernames. One edit distance for all of them, at
 * the bottom of the layers so that the CLI, the library's options and the near-miss notes of
 * the control plane can all use it.
 */

/** Levenshtein distance. Only run on names a caller got wrong, so a plain loop is fine. */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length]!;
}

/**
 * The known name a typo most likely meant, or null when none is close: equal but for letter
 * case, a prefix of three letters or more either way ('warning' → 'warn', 'log' → 'log-level'),
 * or a few edits away (two, or a third of the name's length when that is more).
 */
function closest(sent: string, known: readonly string[]): string | null {
  const typed = sent.toLowerCase();
  if (typed === '') return null;
  const same = known.find((name) => name.toLowerCase() === typed);
  if (same !== undefined) return same;
  let best: { name: string; distance: number } | null = null;
  for (const name of known) {
    const distance = editDistance(typed, name.toLowerCase());
    if (!best || distance < best.distance) best = { name, distance };
  }
  if (best && best.distance <= Math.max(2, Math.floor(best.name.length / 3))) return best.name;
  const prefixed = known.find(
    (name) => Math.min(name.length, typed.length) >= 3 && (name.toLowerCase().startsWith(typed) || typed.startsWith(name.toLowerCase())),
  );
  return prefixed ?? null;
}

/** " Did you mean 'x'?" when a known name is close, else ''. `show` formats the name (e.g. as a flag). */
export function didYouMean(sent: string, known: readonly string[], show: (name: string) => string = (name) => `'${name}'`): string {
  const name = closest(sent, known);
  return name === null ? '' : ` Did you mean ${show(name)}?`;
}
