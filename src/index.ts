/**
 * Library entry: `import { createSandbox } from 'checkout-sandbox'` for in-process use.
 */
export { createSandbox, type IsolatedSandbox, type Sandbox } from './sandbox.js';
export { Clock, type ClockState } from './clock.js';
export type { SandboxOptions } from './config.js';
export type { EnvName, SurfaceName } from './hosts.js';
export { ConnectionRefusedError } from './http/refuse.js';
