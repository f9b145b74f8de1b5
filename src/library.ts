/**
 * What a library user gets from `createSandbox()` (src/index.ts): the sandbox and its isolated
 * sandboxes as they are documented (docs/cli-and-library.md). The process shell's own type
 * (src/sandbox.ts) extends these with what the code and its tests reach into (services, the
 * admin app, the journal); keeping them out of the public typings keeps those typings free of
 * Node's, pino's and Hono's, so a TypeScript project compiles against the package without
 * @types/node.
 */
import type { Clock } from './clock.js';
import type { IsolatedRequest, ResolvedOptions } from './config.js';
import type { FaultRules } from './domain/fault-rule.js';
import type { EnvName, HostsConfig, SurfaceName } from './hosts.js';
import type { SnapshotDoc } from './store/snapshot.js';
import type { MigrationReport } from './journal/report.js';

export interface Sandbox {
  /** In-process fetch: absolute URLs or paths like '/uat/api/checkouts'. No socket needed. */
  fetch(input: string | URL | Request, init?: RequestInit): Promise<Response>;
  /** Starts the socket listeners (port option 0 or none: a free port); resolves with the main port and its URL. */
  listen(): Promise<{ port: number; url: string }>;
  readonly clock: Clock;
  readonly options: ResolvedOptions;
  readonly hosts: HostsConfig;
  /** Where the embedded scenarios are read from. */
  readonly scenarioDir: string;
  /** The state file, or null in memory mode. */
  readonly stateFile: string | null;
  /** The scenario the world was seeded from. */
  scenario(): string;
  /** The world as a plain JSON document (what the state file holds). */
  snapshot(): SnapshotDoc;
  /** The base URL for a surface (prefix form on the main port, or on --public-url). */
  baseUrl(env: EnvName, surface: SurfaceName): string;
  /** The address listened on, e.g. http://127.0.0.1:4010 (not the public URL). */
  listenUrl(): string;
  /** The HTTPS port serving the real host names, when listening with the tls option; else null. */
  tlsPort(): number | null;
  /** The PEM of the CA that signed the HTTPS certificates (also GET /__admin/tls/ca.crt), when listening with the tls option; else null. */
  tlsCaCert(): string | null;
  /** True when the state came from the state file rather than a fresh seed of the scenario. */
  readonly resumed: boolean;
  /** The dedicated URL of a surface's host, when listening with port-per-host. */
  dedicatedUrl(env: EnvName, surface: SurfaceName): string | null;
  /** Injected faults (what /__admin/faults lists and changes): add, list, remove, clear. */
  readonly faults: FaultRules;
  /** The calls to the shop's endpoints (notifications, webhooks, invoice status), made beside the requests. */
  readonly deliveries: Deliveries;
  reset(scenario?: string): Promise<void>;
  /**
   * The report of GET /__admin/report: per integration, its hosts, tokens, auth failures and
   * go-live readiness (docs/go-live-readiness.md), from what the journal holds now.
   */
  report(): Promise<MigrationReport>;
  /**
   * A new isolated sandbox (own state in memory, own clock and event stream), the in-process
   * form of POST /__admin/sandboxes: for tests that run in parallel against one sandbox.
   */
  isolated(request?: IsolatedRequest): Promise<IsolatedSandbox>;
  /** Flushes state and closes every listener (and every isolated sandbox). */
  close(): Promise<void>;
}

/**
 * The sandbox's calls to a shop's endpoints are made in the background, after the request that
 * caused them has answered (as the service notifies after a purchase), each within the merchant
 * call's time limit (docs/webhooks.md, "Deliveries").
 */
export interface Deliveries {
  /** Resolves once the work the clock made due is done and every delivery due by now was attempted (retries due later are not waited for). */
  settled(): Promise<void>;
}

export interface IsolatedSandbox {
  readonly id: string;
  readonly clock: Clock;
  /** This sandbox's deliveries (see Sandbox.deliveries). */
  readonly deliveries: Deliveries;
  /** In-process fetch into this sandbox: paths as on the main port ('/uat/api/checkouts', '/__admin/clock') or its base URLs. */
  fetch(input: string | URL | Request, init?: RequestInit): Promise<Response>;
  /** {origin}/sandboxes/{id}/{env}/{surface}: reachable over the main port once listening. */
  baseUrl(env: EnvName, surface: SurfaceName): string;
  /** {origin}/sandboxes/{id}/__admin */
  adminUrl(): string;
  /** This sandbox's report (GET /__admin/report), as Sandbox.report() reads it. */
  report(): Promise<MigrationReport>;
  /** Disposes of it: its URLs answer 404 from now on. */
  close(): Promise<void>;
}
