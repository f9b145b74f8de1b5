/**
 * The composition root: options + clock + store + services + surfaces → one sandbox.
 * Every layer is handed the few dependencies it uses; nothing is module-level state, so
 * two sandboxes in one process share nothing.
 */
import { resolve } from 'node:path';
import type { Hono } from 'hono';
import { adminExposureProblem } from './admin/guard.js';
import { type AdminDeps, createAdminApp } from './admin/index.js';
import { type Addresses, createAddresses } from './addresses.js';
import type { ScenarioSummary } from './admin/world.js';
import { Clock, httpDate } from './clock.js';
import { type ResolvedOptions, type SandboxOptions, resolveOptions } from './config.js';
import { EventBus } from './control/events.js';
import { Journal, publishEntries } from './control/journal.js';
import { LazyFaker } from './fake/faker.js';
import { type Dispatch, type SurfaceApps, createGateway } from './gateway.js';
import { ENVIRONMENTS, type EnvName, type HostsConfig, SURFACES, type SurfaceAddress, type SurfaceName, loadHosts, surfaceByPort } from './hosts.js';
import { ConnectionRefusedError, isRefusal } from './http/refuse.js';
import type { SurfaceEnv } from './http/types.js';
import { type IdentityProvider, createIdentityProvider } from './identity/provider.js';
import { type Logger, createLogger } from './log.js';
import { type Listener, listen } from './server.js';
import { startTls } from './tls/start.js';
import { type Services, createServices } from './services/index.js';
import { CustomerSimulation } from './simulation/customer.js';
import { NotificationDispatcher } from './simulation/notifications.js';
import { SCENARIO_DIR, type Scenario, listScenarios, loadScenario } from './store/scenario.js';
import { seedState } from './store/seed.js';
import type { SnapshotDoc } from './store/snapshot.js';
import { type LogIo } from './store/change-log.js';
import { StateStore } from './store/store.js';
import { createApiSurface } from './surfaces/api.js';
import { createAuthSurface } from './surfaces/auth.js';
import { createFrontendSurface } from './surfaces/frontend.js';
import type { SurfaceDeps, Urls } from './surfaces/deps.js';
import { createLegacySurface } from './surfaces/legacy.js';
import { createRetiredSurface } from './surfaces/retired.js';

export interface Sandbox {
  /** In-process fetch: absolute URLs or paths like '/uat/api/checkouts'. No socket needed. */
  fetch(input: string | URL | Request, init?: RequestInit): Promise<Response>;
  /** Starts the socket listeners (port option 0 or none: a free port); resolves with the main port and its URL. */
  listen(): Promise<{ port: number; url: string }>;
  readonly clock: Clock;
  readonly services: Services;
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
  /** True when the state came from the state file rather than a fresh seed of the scenario. */
  readonly resumed: boolean;
  /** The dedicated URL of a surface's host, when listening with port-per-host. */
  dedicatedUrl(env: EnvName, surface: SurfaceName): string | null;
  /** The control plane's app (for tests that list its routes). */
  readonly admin: Hono;
  /** The control plane's event stream (what GET /__admin/events relays). */
  readonly events: EventBus;
  /** The request journal (GET /__admin/requests). */
  readonly journal: Journal;
  /** What a surface app of this sandbox is built with (for tests that mount a route of their own). */
  surfaceDeps(env: EnvName, surface: SurfaceName): SurfaceDeps;
  reset(scenario?: string): Promise<void>;
  /** Flushes state and closes every listener. */
  close(): Promise<void>;
}

/** Internal hooks for tests (not part of the options a user passes). */
export interface SandboxInternals {
  /** How the change log reaches the disk (a failing one, in tests). */
  logIo?: LogIo;
}

const SURFACE_FACTORIES: Record<SurfaceName, (deps: SurfaceDeps) => Hono<SurfaceEnv>> = {
  auth: createAuthSurface,
  api: createApiSurface,
  legacy: createLegacySurface,
  retired: createRetiredSurface,
  frontend: createFrontendSurface,
};

export async function createSandbox(input: SandboxOptions = {}, internals: SandboxInternals = {}): Promise<Sandbox> {
  const options = resolveOptions(input);
  const clock = new Clock();
  const hosts = loadHosts(options.hostsFile);
  const scenarioDir = options.scenarioDir ? resolve(options.scenarioDir) : SCENARIO_DIR;
  const logger = createLogger(clock, options.logLevel ? { level: options.logLevel } : {});
  const store = await StateStore.open({
    file: options.statePath === null ? null : resolve(options.statePath),
    ...(internals.logIo ? { io: internals.logIo } : {}),
    reset: options.reset,
    warn: (message) => logger.warn(message),
  });

  const persisted = store.loaded ? store.state : null;
  const wantedScenario = options.scenario ?? persisted?.meta.scenario ?? 'default';
  const reseed = options.reset || persisted === null || wantedScenario !== persisted.meta.scenario;
  const resumed = !reseed;
  try {
    const scenario = reseed ? loadScenario(wantedScenario, scenarioDir) : null;

    // Clock: flags/env > persisted state > scenario > real time.
    if (options.now !== undefined || options.frozen !== undefined) {
      clock.set({ ...(options.now ? { now: options.now } : {}), ...(options.frozen !== undefined ? { frozen: options.frozen } : {}) });
    } else if (!reseed && persisted?.clock) {
      clock.restore(persisted.clock);
    } else if (scenario?.clock) {
      applyScenarioClock(clock, scenario);
    }
    // A state file is never reseeded over without a backup of what it held.
    if (scenario) await store.replace({ ...(await seedState(scenario, clock.nowMs())), clock: clock.snapshot() }, { backup: persisted !== null });
  } catch (error) {
    await store.close();
    throw error;
  }

  const listeners: Listener[] = [];
  // URLs written into answers and the ports of the listeners: src/addresses.ts.
  const addresses = createAddresses(options, hosts);
  const { dedicatedUrl } = addresses;
  const urls: Urls = { hosts, baseUrl: addresses.baseUrl };

  const faker = new LazyFaker(store.state.meta.seed + 1);
  const services = createServices(store, clock, store.state.meta.seed + 2);
  const identity: IdentityProvider = await createIdentityProvider({ clock, settings: () => services.settings.current() });
  // The control plane's event stream; clock moves are published from here.
  const events = new EventBus(clock);
  const unwatchClock = events.watchClock(clock);
  // The request journal (per world, not persisted); each entry is also a `request` event.
  const journal = new Journal(options.journalSize, () => clock.nowMs());
  const unpublishEntries = publishEntries(journal, events);
  // Made now, so retries saved in the state resume without waiting for a purchase.
  const notifications = new NotificationDispatcher({ clock, callbacks: (env) => services.env(env).callbacks, events, outbound: journal.recordOutbound });
  // Scheduled authorization attempts and on-hold reviews fall due on the sandbox clock, like callback retries.
  for (const source of ['tokenization', 'invoiceStatus'] as const) {
    notifications.addSource({
      nextDueMs: () => earliest(ENVIRONMENTS.map((env) => services.env(env)[source].nextDueMs())),
      runDue: async (nowMs) => {
        for (const env of ENVIRONMENTS) await services.env(env)[source].runDue(nowMs);
      },
    });
  }
  services.onQueued(() => void notifications.pump());
  const simulation = (env: EnvName): CustomerSimulation =>
    new CustomerSimulation({
      env,
      clock,
      checkouts: services.env(env).checkouts,
      callbacks: services.env(env).callbacks,
      notifications,
      settings: services.settings,
      faker,
      events,
      tokenization: services.env(env).tokenization,
      invoiceStatus: services.env(env).invoiceStatus,
      outbound: journal.recordOutbound,
    });

  const reset = async (name?: string): Promise<void> => {
    const next = loadScenario(name ?? store.state.meta.scenario, scenarioDir);
    if (next.clock) applyScenarioClock(clock, next);
    else if (options.now !== undefined) clock.set({ now: options.now, frozen: options.frozen ?? false });
    else clock.reset();
    await faker.reseed(next.seed + 1);
    identity.rateLimiter.clear();
    await store.replace({ ...(await seedState(next, clock.nowMs())), clock: clock.snapshot() });
  };

  const shared: SharedDeps = { clock, urls, logger, services, identity, simulation };
  const surfaces = buildSurfaces(shared);
  const adminDeps: AdminDeps = {
    clock,
    services,
    identity,
    urls,
    logger,
    scenarioDir,
    simulation,
    events,
    journal,
    idle: () => notifications.idle(),
    world: {
      scenario: () => store.state.meta.scenario,
      scenarios: (): ScenarioSummary[] => listScenarios(scenarioDir),
      reset,
      dedicatedUrl,
      httpsUrl: addresses.httpsUrl,
    },
  };
  // The admin plane's guard: token, cross-site and Host checks; see src/admin/guard.ts.
  const adminHostNames = ENVIRONMENTS.flatMap((env) => SURFACES.flatMap((surface) => [hosts[env][surface].host, ...hosts[env][surface].aliases]));
  const admin = createAdminApp(adminDeps, { token: options.adminToken, bindHost: options.host, hostNames: adminHostNames, publicUrl: options.publicUrl });
  const dispatch: Dispatch = createGateway({ clock, logger, urls, journal }, admin, surfaces);

  return {
    clock,
    services,
    options,
    hosts,
    stateFile: store.file,
    scenarioDir,
    admin,
    events,
    journal,
    scenario: () => store.state.meta.scenario,
    snapshot: () => store.snapshot(),
    baseUrl: urls.baseUrl,
    listenUrl: addresses.listenUrl,
    tlsPort: addresses.tlsPort,
    resumed,
    dedicatedUrl,
    surfaceDeps: (env, surface) => surfaceDepsOf(shared, env, surface),
    reset,
    async fetch(input, init) {
      const request = toRequest(input, init, addresses.listenUrl());
      const response = await dispatch(request);
      if (isRefusal(response)) throw new ConnectionRefusedError(`${new URL(request.url).host} closed the connection`);
      response.headers.set('date', httpDate(clock.now()));
      return response;
    },
    async listen() {
      // A public bind address without an admin token opens /__admin to the network: refuse (src/admin/guard.ts).
      const exposure = adminExposureProblem(options.host, options.adminToken, options.insecureAdmin);
      if (exposure) throw new Error(exposure);
      const main = await listen(dispatch, options.host, options.port);
      listeners.push(main);
      addresses.setMainPort(main.port);
      if (options.portPerHost) await listenPerHost(dispatch, options.host, hosts, listeners, addresses);
      if (options.tls) {
        const tls = await startTls(dispatch, options.host, options.tls, main.port, hosts);
        listeners.push(tls);
        addresses.setTlsPort(tls.port);
      }
      return { port: main.port, url: addresses.listenUrl() };
    },
    async close() {
      unwatchClock();
      unpublishEntries();
      notifications.stop();
      await Promise.all(listeners.splice(0).map((l) => l.close()));
      if (store.loaded) await services.settings.persistClock().catch(() => undefined);
      await store.close();
      logger.flush();
    },
  };
}

function earliest(instants: (number | null)[]): number | null {
  const known = instants.filter((ms): ms is number => ms !== null);
  return known.length ? Math.min(...known) : null;
}

function applyScenarioClock(clock: Clock, scenario: Scenario): void {
  if (!scenario.clock) return;
  clock.set({ ...(scenario.clock.now ? { now: scenario.clock.now } : {}), frozen: scenario.clock.frozen });
}

type SharedDeps = Pick<SurfaceDeps, 'clock' | 'urls' | 'logger' | 'identity'> & { services: Services; simulation(env: EnvName): CustomerSimulation };

function surfaceDepsOf(shared: SharedDeps, env: EnvName, surface: SurfaceName): SurfaceDeps {
  return {
    env,
    surface,
    clock: shared.clock,
    urls: shared.urls,
    logger: shared.logger,
    identity: shared.identity,
    services: shared.services.env(env),
    settings: shared.services.settings,
    simulation: shared.simulation(env),
    clientEnvironment: (clientId) => shared.services.clientEnvironment(clientId, env),
  };
}

function buildSurfaces(shared: SharedDeps): SurfaceApps {
  const apps = {} as SurfaceApps;
  for (const env of ENVIRONMENTS) {
    apps[env] = {} as Record<SurfaceName, Hono<SurfaceEnv>>;
    for (const surface of SURFACES) apps[env][surface] = SURFACE_FACTORIES[surface](surfaceDepsOf(shared, env, surface));
  }
  return apps;
}

async function listenPerHost(dispatch: Dispatch, host: string, hosts: HostsConfig, listeners: Listener[], addresses: Addresses): Promise<void> {
  for (const [fixturePort, address] of surfaceByPort(hosts)) {
    const listener = await listen(dispatch, host, addresses.dedicatedPortFor(fixturePort), address as SurfaceAddress);
    listeners.push(listener);
    addresses.setDedicatedPort(hosts[address.env][address.surface].host, listener.port);
  }
}

function toRequest(input: string | URL | Request, init: RequestInit | undefined, origin: string): Request {
  if (input instanceof Request) return init ? new Request(input, init) : input;
  const url = typeof input === 'string' && input.startsWith('/') ? `${origin}${input}` : input;
  return new Request(url, init);
}

export type { Logger };
