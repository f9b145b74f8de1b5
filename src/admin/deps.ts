/**
 * What the control plane (/__admin) is given: services and the world's controls, never
 * the store. Each admin module takes a Pick of it.
 */
import type { Clock } from '../clock.js';
import type { EventBus } from '../journal/events.js';
import type { FaultSet } from '../faults/faults.js';
import type { Journal } from '../journal/journal.js';
import type { IdentityProvider } from '../identity/provider.js';
import type { Logger } from '../log.js';
import type { Services } from '../services/index.js';
import type { ScenarioSummary } from '../store/scenario.js';
import type { CustomerSimulation } from '../customer/customer.js';
import type { NotificationDispatcher } from '../outbox/notifications.js';
import type { Urls } from '../hosts.js';
import type { EnvName, SurfaceAddress, SurfaceName } from '../hosts.js';

/** The shipped scenarios are listed by the store (src/store/scenario.ts). */
export type { ScenarioSummary } from '../store/scenario.js';

interface WorldControl {
  /** The scenario the world was seeded from. */
  scenario(): string;
  /** The embedded scenarios (names a reset over HTTP may use). */
  scenarios(): ScenarioSummary[];
  /** The YAML file the sandbox started from (--scenario <path>): its scenario name, absolute path and the path as given. */
  startFile(): { name: string; path: string; given: string } | null;
  /** Reseeds from the named scenario (default: the current one) without a restart. */
  reset(scenario?: string): Promise<void>;
  /** Dedicated per-host URLs when listening with --port-per-host, else null. */
  dedicatedUrl(env: EnvName, surface: SurfaceName): string | null;
  /** The real host name over HTTPS when listening with --tls, else null. */
  httpsUrl(env: EnvName, surface: SurfaceName): string | null;
  /** The CA certificate (PEM) of the HTTPS listener when listening with --tls, else null. */
  tlsCaCert(): string | null;
}

/** An isolated sandbox as GET /__admin/sandboxes lists it. */
export interface IsolatedSummary {
  id: string;
  scenario: string;
  clock: { now: string; frozen: boolean };
  /** Real time (ISO-8601) of creation and of the last request: idle expiry runs on real time. */
  created: string;
  lastUsed: string;
  /** Every surface's base URL (prefix form on the main port) and the admin base. */
  baseUrls: Record<EnvName, Record<SurfaceName, string>> & { admin: string };
}

export type { IsolatedRequest } from '../config.js';
import type { IsolatedRequest } from '../config.js';

/** The process's registry of isolated sandboxes (/__admin/sandboxes on the main world). */
export interface SandboxesControl {
  /** How many may live at once, and how long (real ms) an unused one lives. */
  readonly max: number;
  readonly idleMs: number;
  /** Live ones plus those being created (a slot is taken synchronously, before any await). */
  count(): number;
  create(request: IsolatedRequest): Promise<IsolatedSummary>;
  list(): IsolatedSummary[];
  /** False when no such sandbox lives. */
  remove(id: string): Promise<boolean>;
}

/** The live comparison of `record --compare` as JSON: the report of `diff --format json`, plus the latest divergences. */
export interface FidelitySource {
  snapshot(): Record<string, unknown>;
}

/**
 * A world whose surfaces forward instead of emulate (`checkout-sandbox record`): the control
 * plane serves only the calls about that world itself (health, addresses, the journal, faults);
 * the rest act on an emulated world it does not have, and are refused saying so.
 */
export interface ControlPlaneLimits {
  /** Whether the operation (its name in the table, e.g. 'advanceClock') applies here. */
  serves(op: string): boolean;
  /** Why a call that does not apply is refused, and where to make it instead. */
  refusal(method: string, path: string): Promise<string>;
}

/** What the control plane works with: services and the world's controls, never the store. */
export interface AdminDeps {
  clock: Clock;
  services: Services;
  identity: IdentityProvider;
  urls: Urls;
  logger: Logger;
  scenarioDir: string;
  world: WorldControl;
  simulation(env: EnvName): CustomerSimulation;
  /** Resolves once the work the clock made due (scheduled authorizations, on-hold reviews) is done; never waits for the network (lists wait for it). */
  idle(): Promise<void>;
  /** The outbox worker's state, and a wait until every delivery due by now was attempted (POST /__admin/deliveries/settle). */
  deliveries: Pick<NotificationDispatcher, 'settled' | 'state'>;
  /** The control plane's event stream (GET /__admin/events). */
  events: EventBus;
  /** Injected faults (/__admin/faults). */
  faults: FaultSet;
  /** Isolated sandboxes: the registry on the main world; null inside an isolated one (they do not nest). */
  sandboxes: SandboxesControl | null;
  /** The request journal (GET /__admin/requests, the migration report). */
  journal: Journal;
  /** The live comparison of `checkout-sandbox record --compare` (GET /__admin/fidelity); null elsewhere. */
  fidelity: FidelitySource | null;
  /**
   * A request answered by this world's own gateway, as if it came to that surface: the demo's
   * shop calls go through it, so the journal, the report and the dashboard see real traffic.
   */
  dispatch(request: Request, target: SurfaceAddress): Promise<Response>;
}
