/**
 * Starts the --tls listener on the requested port, or on 443 by default. An unprivileged
 * process may not bind 443 (EACCES): then the main port + 433 (4443 next to 4010), so
 * `--tls` works for everyone and Docker or a port forward maps 443 onto it.
 */
import type { Dispatch } from './gateway.js';
import type { HostsConfig } from '../hosts.js';
import type { Listener } from './listener.js';

export const DEFAULT_TLS_PORT = 443;
const FALLBACK_DISTANCE = 433;

export async function startTls(
  dispatch: Dispatch,
  host: string,
  tls: { dir: string; port?: number | undefined },
  mainPort: number,
  hosts: HostsConfig,
): Promise<Listener> {
  const material = (await import('../tls/certificates.js')).loadTlsMaterial(tls.dir, hosts);
  // node:https and node:tls load only for a start with --tls.
  const { listenTls } = await import('./tls-listener.js');
  if (tls.port !== undefined) return listenTls(dispatch, host, tls.port, material);
  try {
    return await listenTls(dispatch, host, DEFAULT_TLS_PORT, material);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EACCES') throw error;
    const fallback = mainPort + FALLBACK_DISTANCE <= 65535 ? mainPort + FALLBACK_DISTANCE : 0;
    return listenTls(dispatch, host, fallback, material);
  }
}
