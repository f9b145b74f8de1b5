/**
 * Types shared by every surface app: who is calling, and the per-request variables.
 */
import type { EnvName, SurfaceName } from '../hosts.js';

/** The authenticated caller of a business route. */
export type Caller =
  | { scheme: 'bearer'; merchantId: string; clientId: string }
  | { scheme: 'sharedkey'; merchantId: string; username: string };

export interface SurfaceVariables {
  caller: Caller;
  /** The request body as received, for SharedKey hashing and lenient JSON binding. */
  rawBody: Uint8Array;
}

export type SurfaceEnv = { Variables: SurfaceVariables };

export interface SurfaceAddressing {
  env: EnvName;
  surface: SurfaceName;
}
