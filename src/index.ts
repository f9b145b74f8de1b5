/**
 * Library entry: `import { createSandbox } from 'checkout-sandbox'` for in-process use.
 * Typed by src/library.ts (what the docs describe), so the package's typings need nothing of
 * Node's own; and, like the CLI, it says once when the running Node is older than engines says.
 */
import type { SandboxOptions } from './config.js';
import type { Sandbox } from './library.js';
import { warnIfNodeIsOld } from './node-version.js';
import { createSandbox as createProcessShell } from './sandbox.js';

/** A sandbox in this process: its own clock, state and configuration (docs/cli-and-library.md). */
export function createSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  warnIfNodeIsOld();
  return createProcessShell(options);
}

export type { Deliveries, IsolatedSandbox, Sandbox } from './library.js';
export { Clock, type ClockState } from './clock.js';
export { OptionError, type IsolatedRequest, type LogLevel, type SandboxOptions, type ScenarioName } from './config.js';
export { ScenarioError } from './store/scenario.js';
export type { EnvName, SurfaceName } from './hosts.js';
export type { MigrationReport, PrincipalReport, ReportWindow } from './journal/report.js';
export type { ReadinessResult, ReadinessStatus } from './domain/readiness/readiness.js';
export { ConnectionRefusedError } from './http/refuse.js';
