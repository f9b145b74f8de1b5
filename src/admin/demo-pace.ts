/**
 * The migration demo's pace: what POST /__admin/demo/migration takes as pauseMs, and what the
 * CLI's `demo --pause` checks before it asks, so both refuse the same values.
 */

/** A viewer's pace: long enough to read each step on the dashboard as it lands. */
export const DEFAULT_PAUSE_MS = 1500;

/** The longest pause between steps a run may ask for. */
export const MAX_PAUSE_MS = 10_000;
