/**
 * Where the sandbox is, as written into its answers (discovery, token endpoints, hints, Link
 * headers, /__admin/hosts, the banner), and which port each dedicated per-host listener takes.
 *
 * - Base URLs use --public-url when given (a sibling container reaches the sandbox by a name
 *   the sandbox cannot guess), else the listen address, with 0.0.0.0/:: shown as 127.0.0.1.
 *   The request's own Host is deliberately not used: on the Host-header form it is the real
 *   host name being emulated, and one answer (a discovery document) must not differ by caller.
 * - Dedicated ports keep their distance from the main port that fixtures/hosts.yaml gives them
 *   from DEFAULT_PORT (4011 = main + 1, …, 4023 = main + 13), so they follow --port; a main
 *   port of 0 makes them free ports too.
 */
import { DEFAULT_PORT, type ResolvedOptions } from '../config.js';
import type { EnvName, HostsConfig, SurfaceName } from '../hosts.js';

export interface Addresses {
  /** The base URL of a surface in the prefix form: {origin}/{env}/{surface}. */
  baseUrl(env: EnvName, surface: SurfaceName): string;
  /** The dedicated URL of a surface's host, once its listener runs; null otherwise. */
  dedicatedUrl(env: EnvName, surface: SurfaceName): string | null;
  /** The origin written into answers (public URL, or the listen address). */
  origin(): string;
  /** The address actually listened on, e.g. http://127.0.0.1:4010 (the banner's first line). */
  listenUrl(): string;
  /** Records the main port the listener got (it differs from the option when that was 0). */
  setMainPort(port: number): void;
  /** Records the port a real host's dedicated listener got. */
  setDedicatedPort(hostName: string, port: number): void;
  /** Records the port of the HTTPS listener (--tls). */
  setTlsPort(port: number): void;
  tlsPort(): number | null;
  /** https://{real host}[:port] once the HTTPS listener runs (with /etc/hosts pointing the name here); else null. */
  httpsUrl(env: EnvName, surface: SurfaceName): string | null;
  /** The port to request for a real host's dedicated listener (0 = any free port). */
  dedicatedPortFor(fixturePort: number): number;
}

export function createAddresses(options: ResolvedOptions, hosts: HostsConfig): Addresses {
  const displayHost = options.host === '0.0.0.0' || options.host === '::' ? '127.0.0.1' : options.host;
  // Before listen() nothing is bound; in-process fetch still needs URLs, so show the documented default.
  let mainPort = options.port === 0 ? DEFAULT_PORT : options.port;
  const dedicated = new Map<string, number>();
  let tlsPort: number | null = null;
  const publicUrl = options.publicUrl === undefined ? null : new URL(options.publicUrl);

  const listenUrl = (): string => `http://${displayHost.includes(':') ? `[${displayHost}]` : displayHost}:${mainPort}`;
  const origin = (): string => publicUrl?.origin ?? listenUrl();

  return {
    origin,
    listenUrl,
    baseUrl: (env, surface) => `${origin()}/${env}/${surface}`,
    dedicatedUrl(env, surface) {
      const port = dedicated.get(hosts[env][surface].host);
      if (port === undefined) return null;
      // With a public URL, the dedicated ports are assumed published under the same name (as compose does).
      return publicUrl ? `${publicUrl.protocol}//${publicUrl.hostname}:${port}` : `http://${displayHost}:${port}`;
    },
    setTlsPort(port) {
      tlsPort = port;
    },
    tlsPort: () => tlsPort,
    httpsUrl(env, surface) {
      if (tlsPort === null) return null;
      return `https://${hosts[env][surface].host}${tlsPort === 443 ? '' : `:${tlsPort}`}`;
    },
    setMainPort(port) {
      mainPort = port;
    },
    setDedicatedPort(hostName, port) {
      dedicated.set(hostName, port);
    },
    dedicatedPortFor(fixturePort) {
      if (options.portPerHost === 'random' || options.port === 0) return 0;
      const port = options.port + (fixturePort - DEFAULT_PORT);
      if (port < 1 || port > 65535) {
        throw new Error(
          `--port ${options.port} puts the dedicated port of fixture port ${fixturePort} at ${port}, outside 1–65535; ` +
            `choose a --port of at most ${65535 - maxOffset(hosts)}, or --port 0 for free ports`,
        );
      }
      return port;
    },
  };
}

function offsets(hosts: HostsConfig): number[] {
  return [hosts.uat, hosts.prod].flatMap((env) => Object.values(env).map((entry) => entry.port - DEFAULT_PORT));
}
const maxOffset = (hosts: HostsConfig): number => Math.max(...offsets(hosts));
