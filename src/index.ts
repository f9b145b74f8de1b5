/**
 * Library entry: `import { createSandbox } from 'checkout-sandbox'` for in-process use.
 */
export { createSandbox, type IsolatedSandbox, type Sandbox } from './sandbox.js';
export { Clock, type ClockState } from './clock.js';
export { OptionError, type LogLevel, type SandboxOptions, type ScenarioName } from './config.js';
export { ScenarioError } from './store/scenario.js';
export type { EnvName, SurfaceName } from './hosts.js';
export { ConnectionRefusedError } from './http/refuse.js';
