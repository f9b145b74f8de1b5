/**
 * What the control plane (/__admin) is given: services and the world's controls, never
 * the store. Each admin module takes a Pick of it.
 */
import type { Clock } from '../clock.js';
import type { EventBus } from '../control/events.js';
import type { Journal } from '../control/journal.js';
import type { IdentityProvider } from '../identity/provider.js';
import type { Logger } from '../log.js';
import type { Services } from '../services/index.js';
import type { CustomerSimulation } from '../simulation/customer.js';
import type { Urls } from '../surfaces/deps.js';
import type { EnvName, SurfaceName } from '../hosts.js';

export interface ScenarioSummary {
  name: string;
  description: string;
  file: string;
}

export interface WorldControl {
  /** The scenario the world was seeded from. */
  scenario(): string;
  /** The embedded scenarios (names a reset over HTTP may use). */
  scenarios(): ScenarioSummary[];
  /** Reseeds from the named scenario (default: the current one) without a restart. */
  reset(scenario?: string): Promise<void>;
  /** Dedicated per-host URLs when listening with --port-per-host, else null. */
  dedicatedUrl(env: EnvName, surface: SurfaceName): string | null;
  /** The real host name over HTTPS when listening with --tls, else null. */
  httpsUrl(env: EnvName, surface: SurfaceName): string | null;
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
  /** Resolves once no callback delivery or clock-driven work is in flight (lists wait for it). */
  idle(): Promise<void>;
  /** The control plane's event stream (GET /__admin/events). */
  events: EventBus;
  /** The request journal (GET /__admin/requests, the migration report). */
  journal: Journal;
}

