/**
 * What the benchmark measures on the sandbox: the control plane, the gateway's 404 path,
 * and (when the surfaces answer) the token endpoint and signed/bearer business calls.
 */
import type { Sandbox } from '../src/index.js';

export interface BenchCase {
  name: string;
  path: string;
  request?: { method?: 'GET' | 'POST' | 'PUT'; headers?: Record<string, string>; body?: string };
  /** Why the case cannot run in this build, if it cannot. */
  skip?: string;
}

export async function sandboxCases(_sandbox: Sandbox): Promise<BenchCase[]> {
  return [
    { name: 'sandbox GET /__admin/health', path: '/__admin/health' },
  ];
}
