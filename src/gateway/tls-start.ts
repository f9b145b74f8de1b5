/**
 * Starts the --tls listener on the requested port, or on 443 by default. An unprivileged
 * process may not bind 443 (EACCES): then the main port + 433 (4443 next to 4010), so
 * `--tls` works for everyone and Docker or a port forward maps 443 onto it.
 *
 * The certificates come from the TLS directory; what is missing there is made first (as
 * `checkout-sandbox tls` would), so a container started with SANDBOX_TLS=1 needs no step
 * before it. Its CA certificate is then served at GET /__admin/tls/ca.crt for the clients to trust.
 */
import type { Dispatch } from './gateway.js';
import type { HostsConfig } from '../hosts.js';
import type { Listener } from './listener.js';

/** The HTTPS port a start with --tls and no --tls-port tries first. */
export const DEFAULT_TLS_PORT = 443;
const FALLBACK_DISTANCE = 433;

/** Where HTTPS goes when 443 may not be bound: the main port + 433, or a free port when that is past 65535. */
export function fallbackTlsPort(mainPort: number): number {
  return mainPort + FALLBACK_DISTANCE <= 65535 ? mainPort + FALLBACK_DISTANCE : 0;
}

/** The HTTPS listener, the CA certificate its host certificates are signed by, and the files made at this start. */
export interface TlsStart {
  listener: Listener;
  caCert: string;
  created: string[];
}

export async function startTls(
  dispatch: Dispatch,
  host: string,
  tls: { dir: string; port?: number | undefined },
  mainPort: number,
  hosts: HostsConfig,
): Promise<TlsStart> {
  // node-forge, node:https and node:tls load only for a start with --tls.
  const { material, created } = (await import('../tls/certificates.js')).generateTlsMaterial(tls.dir, hosts);
  const { listenTls } = await import('./tls-listener.js');
  const started = (listener: Listener): TlsStart => ({ listener, caCert: material.caCert, created });
  if (tls.port !== undefined) return started(await listenTls(dispatch, host, tls.port, material));
  try {
    return started(await listenTls(dispatch, host, DEFAULT_TLS_PORT, material));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EACCES') throw error;
    return started(await listenTls(dispatch, host, fallbackTlsPort(mainPort), material));
  }
}
