/**
 * Time rules applied lazily, in the order of the instants at which they fell due. A record's
 * rules (an order's expiry, the settlement of its credit check, the end of its on-hold review)
 * are not applied by a timer but whenever the record is next read or written, so several can
 * be due at once; applying them in the order the code happens to visit them would let a later
 * rule act on a state an earlier one should already have changed (a credit check settling
 * after the order expired would still apply). catchUp applies the earliest one first, then
 * asks again: applying one rule can change what the others do, or whether they are due at all.
 */

/** One rule that falls due at an instant, as a change of the state it belongs to. */
export interface Due<S> {
  /** The sandbox instant (ms) it fell due. */
  atMs: number;
  /** The state with the rule applied, as of atMs; it must no longer list this rule. */
  apply(state: S): S;
}

/** A rule that keeps listing itself after it was applied would loop for ever: a bug, not a state. */
const MOST_RULES_AT_ONCE = 10_000;

/**
 * Applies every rule due by `nowMs`, earliest first; rules due at the same instant in the
 * order `due` lists them. `due` is asked again after each rule, for the state it left.
 */
export function catchUp<S>(state: S, due: (state: S) => readonly Due<S>[], nowMs: number): S {
  let current = state;
  for (let applied = 0; applied < MOST_RULES_AT_ONCE; applied++) {
    let next: Due<S> | null = null;
    for (const rule of due(current)) if (rule.atMs <= nowMs && (next === null || rule.atMs < next.atMs)) next = rule;
    if (next === null) return current;
    current = next.apply(current);
  }
  throw new Error(`more than ${MOST_RULES_AT_ONCE} time rules fell due at once: a rule keeps listing itself after it was applied`);
}
