/**
 * One world: everything a sandbox keeps per instance (clock, state, services, identity
 * provider, notifications, event stream, simulation, surfaces, admin app, dispatch). The
 * process shell (src/sandbox.ts) makes the main world from the options and the state file,
 * and any number of isolated worlds (src/world/registry.ts) in memory; they share only what costs
 * time to load and never changes (options, hosts, signing keys, the log destination).
 *
 * Anything that must not leak between parallel tests (a request journal, fault rules, …) is
 * created here, next to the EventBus, so each world has its own.
 */
import { resolve } from 'node:path';
import type { Hono } from 'hono';
import type { AdminGuardInput } from '../admin/guard.js';
import { type AdminDeps, createAdminApp } from '../admin/index.js';
import type { ControlPlaneLimits, FidelitySource, SandboxesControl, ScenarioSummary } from '../admin/deps.js';
import type { DocumentedOperation } from '../openapi/operation.js';
import { Clock } from '../clock.js';
import type { ResolvedOptions } from '../config.js';
import { EventBus } from '../journal/events.js';
import { FaultSet } from '../faults/faults.js';
import { Journal, publishEntries } from '../journal/journal.js';
import { LazyFaker } from '../fake/faker.js';
import { type Dispatch, type SurfaceApps, createGateway } from '../gateway/gateway.js';
import { firstStepsSource } from './first-steps.js';
import { ENVIRONMENTS, type EnvName, type HostsConfig, SURFACES, type SurfaceName, type Urls, bySurface } from '../hosts.js';
import type { Surface, SurfaceEnv } from '../http/types.js';
import { type IdentityProvider, createIdentityProvider } from '../identity/provider.js';
import type { KeyRingSource } from '../identity/keys.js';
import type { Logger } from '../log.js';
import { type Services, createServices } from '../services/index.js';
import { CustomerSimulation } from '../customer/customer.js';
import { NotificationDispatcher } from '../outbox/notifications.js';
import type { LogIo } from '../store/change-log.js';
import { type Scenario, isScenarioPath, listScenarios, loadScenario, resolveScenarioFile } from '../store/scenario.js';
import { seedState } from '../store/seed.js';
import type { SnapshotDoc } from '../store/snapshot.js';
import { StateStore } from '../store/store.js';
import type { SurfaceDeps } from '../routes/deps.js';
import { SURFACE_DEFINITIONS, type SurfaceFactory } from '../surfaces/index.js';

export type { SurfaceFactory } from '../surfaces/index.js';

/** Each surface's table: what the journal's near misses compare a request that matched nothing with. */
const SURFACE_TABLES = bySurface((surface) => SURFACE_DEFINITIONS[surface].operations);

/** What every world of a process shares: loaded once, never changed by a world. */
export interface WorldShared {
  options: ResolvedOptions;
  hosts: HostsConfig;
  scenarioDir: string;
  keyRings: KeyRingSource;
  guard: AdminGuardInput;
}

/** What makes this world differ from the others. */
export interface WorldSpec {
  /** The state file; null keeps the world in memory (always, for isolated worlds). */
  statePath: string | null;
  /** Start from a fresh seed even when the state file holds a world. */
  reset: boolean;
  scenario?: string | undefined;
  now?: string | undefined;
  frozen?: boolean | undefined;
  /** The world's logger, given its clock (log lines carry the world's sandbox time). */
  logger(clock: Clock): Logger;
  /** How this world's addresses are written into its answers. */
  baseUrl(env: EnvName, surface: SurfaceName): string;
  dedicatedUrl(env: EnvName, surface: SurfaceName): string | null;
  httpsUrl(env: EnvName, surface: SurfaceName): string | null;
  /** The CA certificate (PEM) of the HTTPS listener, once it listens; else null. */
  tlsCaCert(): string | null;
  /** /__admin/sandboxes: the process's registry on the main world, null on an isolated one. */
  sandboxes: SandboxesControl | null;
  logIo?: LogIo | undefined;
  /**
   * Serves every surface with this app instead of the emulation: `checkout-sandbox record`
   * forwards each one to its upstream, keeping addressing, the journal and /__admin.
   */
  surfaces?: SurfaceFactory | undefined;
  /** What GET /__admin/fidelity shows: the live comparison of `record --compare`. */
  fidelity?: FidelitySource | undefined;
  /** The control-plane calls that apply to this world, when not all do (`record`'s). */
  controlPlane?: ControlPlaneLimits | undefined;
}

export interface World {
  readonly clock: Clock;
  readonly services: Services;
  readonly identity: IdentityProvider;
  readonly events: EventBus;
  /** Injected faults (what /__admin/faults lists and changes). */
  readonly faults: FaultSet;
  /** The request journal (GET /__admin/requests). */
  readonly journal: Journal;
  readonly logger: Logger;
  readonly admin: Hono<SurfaceEnv>;
  /** This world's gateway: surfaces by dedicated port, prefix or Host header, and /__admin. */
  readonly dispatch: Dispatch;
  readonly stateFile: string | null;
  /** True when the state came from the state file rather than a fresh seed. */
  readonly resumed: boolean;
  /** The outbox worker: callbacks, webhooks and invoice-status calls, delivered beside the requests. */
  readonly deliveries: Pick<NotificationDispatcher, 'settled' | 'state'>;
  /** Set when the saved state was of another scenario and this start seeded the one asked for. */
  readonly switched: ScenarioSwitch | null;
  scenario(): string;
  snapshot(): SnapshotDoc;
  reset(scenario?: string): Promise<void>;
  surfaceDeps(env: EnvName, surface: SurfaceName): SurfaceDeps;
  /** A surface's table of operations: what its requests call, and what their answers declare. */
  routes(env: EnvName, surface: SurfaceName): readonly DocumentedOperation[];
  /** Stops timers and listeners of the clock, flushes and closes the state. */
  close(): Promise<void>;
}

/** A start that seeded another scenario than the saved state's: which one it was, and where that state was kept. */
export interface ScenarioSwitch {
  from: string;
  backup: string | null;
}

export async function createWorld(shared: WorldShared, spec: WorldSpec): Promise<World> {
  const { hosts, scenarioDir } = shared;
  // A file given at start-up is read first: its name is what the state file records, and a reset goes back to it.
  const startFile = spec.scenario !== undefined && isScenarioPath(spec.scenario) ? resolveScenarioFile(spec.scenario) : null;
  const fileScenario = startFile === null ? null : loadScenario(startFile);
  const clock = new Clock();
  const logger = spec.logger(clock);
  const store = await StateStore.open({
    file: spec.statePath === null ? null : resolve(spec.statePath),
    ...(spec.logIo ? { io: spec.logIo } : {}),
    reset: spec.reset,
    warn: (message) => logger.warn(message),
  });

  const persisted = store.loaded ? store.state : null;
  const wantedScenario = fileScenario?.name ?? spec.scenario ?? persisted?.meta.scenario ?? 'default';
  const reseed = spec.reset || persisted === null || wantedScenario !== persisted.meta.scenario;
  // Read once: seeds the world when reseeding, and declares its faults below.
  let scenario: Scenario | null;
  let switched: ScenarioSwitch | null = null;
  try {
    scenario = reseed ? (fileScenario ?? loadScenario(wantedScenario, scenarioDir)) : null;
    // Clock: explicit now/frozen > persisted state > scenario > real time.
    if (spec.now !== undefined || spec.frozen !== undefined) {
      clock.set({ ...(spec.now ? { now: spec.now } : {}), ...(spec.frozen !== undefined ? { frozen: spec.frozen } : {}) });
    } else if (!reseed && persisted?.clock) {
      clock.restore(persisted.clock);
    } else if (scenario?.clock) {
      applyScenarioClock(clock, scenario);
    }
    // A state file is never reseeded over without a backup of what it held.
    if (scenario) {
      const backup = await store.replace(
        { ...(await seedState(scenario, clock.nowMs())), clock: clock.snapshot() },
        { backup: persisted !== null },
      );
      // Another scenario than the saved state's: the banner says so, and where the old state went.
      if (persisted !== null && !spec.reset && wantedScenario !== persisted.meta.scenario)
        switched = { from: persisted.meta.scenario, backup };
    }
  } catch (error) {
    await store.close();
    throw error;
  }

  const urls: Urls = { hosts, baseUrl: spec.baseUrl };
  const faker = new LazyFaker(store.state.meta.seed + 1);
  const services = createServices(store, clock, store.state.meta.seed + 2);
  // Injected faults: control-plane state in memory, per world; an identity outage reaches token verification.
  const faults = new FaultSet(clock, SURFACE_DEFINITIONS);
  faults.load(scenario ? scenario.faults : (fileScenario?.faults ?? declaredFaults(wantedScenario, scenarioDir)));
  const identity = await createIdentityProvider({
    clock,
    settings: () => services.settings.current(),
    rings: shared.keyRings,
    outage: (env) => faults.outageActive(env),
  });
  // The control plane's event stream; clock moves are published from here.
  const events = new EventBus(clock);
  const unwatchClock = events.watchClock(clock);
  // The request journal (per world, not persisted); each entry is also a `request` event.
  const journal = new Journal(shared.options.journalSize, () => clock.nowMs());
  const unpublishEntries = publishEntries(journal, events);
  // Made now, so retries saved in the state resume without waiting for a purchase.
  const notifications = new NotificationDispatcher({
    clock,
    callbacks: (env) => services.env(env).callbacks,
    events,
    outbound: journal.recordOutbound,
  });
  // Scheduled authorization attempts and on-hold reviews fall due on the sandbox clock, like callback retries.
  for (const source of ['tokenization', 'invoiceStatus'] as const) {
    notifications.addSource({
      nextDueMs: () => earliest(ENVIRONMENTS.map((env) => services.env(env)[source].nextDueMs())),
      runDue: async (nowMs) => {
        for (const env of ENVIRONMENTS) await services.env(env)[source].runDue(nowMs);
      },
    });
  }
  services.onQueued(() => notifications.wake());
  const simulation = (env: EnvName): CustomerSimulation =>
    new CustomerSimulation({
      env,
      clock,
      checkouts: services.env(env).checkouts,
      callbacks: services.env(env).callbacks,
      settings: services.settings,
      faker,
      events,
      outbound: journal.recordOutbound,
      tokenization: services.env(env).tokenization,
      invoiceStatus: services.env(env).invoiceStatus,
    });

  // The start-up file answers to its name and to its path; every other name is one of the scenarios directory.
  const scenarioSource = (name: string): string => {
    if (
      startFile !== null &&
      fileScenario !== null &&
      (name === fileScenario.name || (isScenarioPath(name) && resolve(name) === startFile))
    )
      return startFile;
    return name;
  };
  const reset = async (name?: string): Promise<void> => {
    const next = loadScenario(scenarioSource(name ?? store.state.meta.scenario), scenarioDir);
    if (next.clock) applyScenarioClock(clock, next);
    else if (spec.now !== undefined) clock.set({ now: spec.now, frozen: spec.frozen ?? false });
    else clock.reset();
    await faker.reseed(next.seed + 1);
    identity.rateLimiter.clear();
    faults.load(next.faults);
    await store.replace({ ...(await seedState(next, clock.nowMs())), clock: clock.snapshot() });
  };

  const deps: SharedDeps = { clock, urls, logger, services, identity, simulation };
  const surfaces = buildSurfaces(deps, spec.surfaces);
  const adminDeps: AdminDeps = {
    clock,
    services,
    identity,
    urls,
    logger,
    scenarioDir,
    simulation,
    events,
    faults,
    journal,
    sandboxes: spec.sandboxes,
    fidelity: spec.fidelity ?? null,
    idle: () => notifications.catchUp(),
    deliveries: notifications,
    // The gateway is made from the admin app, so it is asked for only once both exist.
    dispatch: (request, target) => dispatch(request, target),
    world: {
      scenario: () => store.state.meta.scenario,
      scenarios: (): ScenarioSummary[] => listScenarios(scenarioDir),
      startFile: () =>
        startFile === null || fileScenario === null
          ? null
          : { name: fileScenario.name, path: startFile, given: spec.scenario ?? startFile },
      reset,
      dedicatedUrl: spec.dedicatedUrl,
      httpsUrl: spec.httpsUrl,
      tlsCaCert: spec.tlsCaCert,
    },
  };
  const admin = createAdminApp(adminDeps, shared.guard, spec.controlPlane);
  const firstSteps = firstStepsSource(scenarioDir, () => store.state.meta.scenario);
  const dispatch = createGateway({ clock, logger, urls, faults, journal, tables: SURFACE_TABLES, firstSteps }, admin, surfaces);

  return {
    clock,
    services,
    identity,
    events,
    faults,
    journal,
    logger,
    admin,
    dispatch,
    stateFile: store.file,
    resumed: !reseed,
    deliveries: notifications,
    switched,
    scenario: () => store.state.meta.scenario,
    snapshot: () => store.snapshot(),
    reset,
    surfaceDeps: (env, surface) => surfaceDepsOf(deps, env, surface),
    // The surface's table: the operations of its requests.
    routes: (_env, surface) => SURFACE_TABLES[surface],
    async close() {
      // Ends this world's event streams (src/admin/events.ts) rather than leaving them open on a dead world.
      events.publish({ type: 'world.closed' });
      unwatchClock();
      unpublishEntries();
      notifications.stop();
      if (store.loaded) await services.settings.persistClock().catch(() => undefined);
      await store.close();
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

type SharedDeps = Pick<SurfaceDeps, 'clock' | 'urls' | 'logger' | 'identity'> & {
  services: Services;
  simulation(env: EnvName): CustomerSimulation;
};

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

/**
 * The ten surface apps, each made on its first request: a start answers
 * /__admin/health with none, and a run seldom addresses all ten. A surface's app
 * is its Hono routes, made from its table and dependencies alone.
 */
function buildSurfaces(shared: SharedDeps, override: SurfaceFactory | undefined): SurfaceApps {
  const apps = {} as SurfaceApps;
  for (const env of ENVIRONMENTS) {
    apps[env] = {} as Record<SurfaceName, Surface>;
    for (const surface of SURFACES) {
      let app: Surface | undefined;
      Object.defineProperty(apps[env], surface, {
        get: () => (app ??= (override ?? SURFACE_DEFINITIONS[surface].create)(surfaceDepsOf(shared, env, surface))),
        enumerable: true,
      });
    }
  }
  return apps;
}

/** The scenario's fault rules (a resumed world reads its scenario for these only); an unreadable one declares none. */
function declaredFaults(name: string, dir: string): Scenario['faults'] {
  try {
    return loadScenario(name, dir).faults;
  } catch {
    return [];
  }
}
