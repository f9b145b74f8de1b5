/**
 * The process shell: options → hosts, signing keys, addresses → the main world
 * (src/world/world.ts: clock, state, services, surfaces, admin) + a registry of isolated worlds
 * (src/world/registry.ts) → listeners. A request is routed to its world first (src/gateway/world-router.ts),
 * then that world's own gateway dispatches it. Nothing is module-level state, so two
 * sandboxes in one process share nothing but read-only keys.
 */
import { resolve } from 'node:path';
import type { Hono } from 'hono';
import type { SurfaceEnv } from './http/types.js';
import { adminExposureProblem } from './admin/guard.js';
import type { ControlPlaneLimits, FidelitySource } from './admin/deps.js';
import { type Addresses, createAddresses } from './gateway/addresses.js';
import { type IsolatedRequest, OptionError, type SandboxOptions, resolveOptions } from './config.js';
import type { IsolatedSandbox as LibraryIsolatedSandbox, Sandbox as LibrarySandbox } from './library.js';
import type { EventBus } from './journal/events.js';
import type { FaultSet } from './faults/faults.js';
import type { Journal } from './journal/journal.js';
import type { MigrationReport } from './journal/report.js';
import type { Dispatch } from './gateway/gateway.js';
import {
  type EnvName,
  type HostsConfig,
  type SurfaceAddress,
  type SurfaceName,
  emulatedHostNames,
  loadHosts,
  surfaceByPort,
} from './hosts.js';
import { ConnectionRefusedError, isRefusal } from './http/refuse.js';
import { keyRingsOnDemand } from './identity/keys.js';
import { type Logger, createLogger } from './log.js';
import { type Listener, listen } from './gateway/listener.js';
import { type TlsStart, startTls } from './gateway/tls-start.js';
import type { Services } from './services/index.js';
import { SandboxRegistry } from './world/registry.js';
import { SANDBOX_HEADER, createWorldRouter } from './gateway/world-router.js';
import { SCENARIO_DIR } from './store/scenario.js';
import { type LogIo } from './store/change-log.js';
import type { SurfaceDeps } from './routes/deps.js';
import { type ScenarioSwitch, type SurfaceFactory, type World, type WorldShared, createWorld } from './world/world.js';
import type { DocumentedOperation } from './openapi/operation.js';

/**
 * The process shell as the code and its tests see it: the library's Sandbox (src/library.ts,
 * what createSandbox() is typed as for users) plus the parts inside it.
 */
export interface Sandbox extends LibrarySandbox {
  readonly services: Services;
  /** The control plane's app (for tests that list its routes). */
  readonly admin: Hono<SurfaceEnv>;
  /** The control plane's event stream (what GET /__admin/events relays). */
  readonly events: EventBus;
  /** The request journal (GET /__admin/requests). */
  readonly journal: Journal;
  /** The fault rules, with what the gateway asks of them. */
  readonly faults: FaultSet;
  /** @testSeam what a surface app of this sandbox is built with, for tests that mount a route of their own. */
  surfaceDeps(env: EnvName, surface: SurfaceName): SurfaceDeps;
  /** A surface's table of operations: what its requests call, and what their answers declare. */
  routes(env: EnvName, surface: SurfaceName): readonly DocumentedOperation[];
  isolated(request?: IsolatedRequest): Promise<IsolatedSandbox>;
  /** Set when the saved state was of another scenario than the one asked for, which this start seeded. */
  readonly switched: ScenarioSwitch | null;
  /** The certificate files the HTTPS listener made at this start (none when the TLS directory held them). */
  tlsCreated(): string[];
}

interface IsolatedSandbox extends LibraryIsolatedSandbox {
  readonly services: Services;
  readonly events: EventBus;
}

/** Internal hooks for tests and the recorder (not part of the options a user passes). */
export interface SandboxInternals {
  /** How the change log reaches the disk (a failing one, in tests). */
  logIo?: LogIo;
  /** Serves every surface of the main world with this app (`record` forwards them upstream). */
  surfaces?: SurfaceFactory;
  /** What GET /__admin/fidelity shows (`record --compare`). */
  fidelity?: FidelitySource;
  /** The control-plane calls that apply to the main world, when not all do (`record`'s). */
  controlPlane?: ControlPlaneLimits;
  /** Where log lines go: stderr for the library (the default), stdout for the CLI's request log. */
  logStream?: 'stdout' | 'stderr';
}

export async function createSandbox(input: SandboxOptions = {}, internals: SandboxInternals = {}): Promise<Sandbox> {
  const options = resolveOptions(input);
  const hosts = loadHosts(options.hostsFile);
  const scenarioDir = options.scenarioDir ? resolve(options.scenarioDir) : SCENARIO_DIR;
  // URLs written into answers and the ports of the listeners: src/gateway/addresses.ts.
  const addresses = createAddresses(options, hosts);
  const { dedicatedUrl } = addresses;
  // The admin plane's guard: token, cross-site and Host checks (src/admin/guard.ts); the same for every world.
  const adminHostNames = emulatedHostNames(hosts);
  const shared: WorldShared = {
    options,
    hosts,
    scenarioDir,
    // Loaded on first use (jose and six PEMs) and shared: isolated worlds sign with the same fixed keys.
    keyRings: keyRingsOnDemand(),
    guard: { token: options.adminToken, bindHost: options.host, hostNames: adminHostNames, publicUrl: options.publicUrl },
  };
  // Quiet unless asked: a library user's test output is theirs (the CLI asks for info itself).
  const logOptions = { level: options.logLevel ?? 'warn', stream: internals.logStream ?? 'stderr' } as const;
  let mainLogger: Logger | null = null;

  // Set once the HTTPS listener runs (listen() with the tls option).
  let tlsStart: TlsStart | null = null;

  const registry = new SandboxRegistry({
    max: options.maxSandboxes,
    idleMs: options.sandboxIdleMs,
    origin: addresses.origin,
    make: (id, request) =>
      createWorld(shared, {
        statePath: null,
        reset: true,
        scenario: request.scenario ?? 'default',
        now: request.now,
        frozen: request.frozen,
        // One log destination for the process; the world's lines carry its id.
        logger: (clock) => (mainLogger ?? createLogger(clock, logOptions)).child({ sandbox: id }),
        baseUrl: (env, surface) => `${addresses.origin()}/sandboxes/${id}/${env}/${surface}`,
        // Dedicated ports and HTTPS host names reach an isolated world only with the X-Sandbox-Id header.
        dedicatedUrl: () => null,
        httpsUrl: () => null,
        // One HTTPS listener per process: an isolated world's admin serves the same CA.
        tlsCaCert: () => tlsStart?.caCert ?? null,
        sandboxes: null,
      }),
  });

  const main = await createWorld(shared, {
    statePath: options.statePath,
    reset: options.reset,
    scenario: options.scenario,
    now: options.now,
    frozen: options.frozen,
    logger: (clock) => (mainLogger = createLogger(clock, logOptions)),
    baseUrl: addresses.baseUrl,
    dedicatedUrl,
    httpsUrl: addresses.httpsUrl,
    tlsCaCert: () => tlsStart?.caCert ?? null,
    sandboxes: registry,
    logIo: internals.logIo,
    surfaces: internals.surfaces,
    fidelity: internals.fidelity,
    controlPlane: internals.controlPlane,
  });
  const router = createWorldRouter(main, registry);
  const dispatch: Dispatch = router.dispatch;
  const listeners: Listener[] = [];

  /** In-process: route to the world, dispatch, and stamp the Date header with that world's clock. */
  const fetchInProcess = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const request = toRequest(input, init, addresses.listenUrl());
    const routed = router.route(request);
    if ('response' in routed) return routed.response;
    const response = await routed.world.dispatch(request, undefined, undefined, routed.pathAndQuery);
    if (isRefusal(response)) throw new ConnectionRefusedError(`${new URL(request.url).host} closed the connection`);
    response.headers.set('date', routed.world.clock.httpDate());
    return response;
  };

  return {
    clock: main.clock,
    services: main.services,
    options,
    hosts,
    stateFile: main.stateFile,
    scenarioDir,
    admin: main.admin,
    events: main.events,
    faults: main.faults,
    deliveries: main.deliveries,
    journal: main.journal,
    scenario: main.scenario,
    snapshot: main.snapshot,
    baseUrl: addresses.baseUrl,
    listenUrl: addresses.listenUrl,
    tlsPort: addresses.tlsPort,
    tlsCaCert: () => tlsStart?.caCert ?? null,
    tlsCreated: () => tlsStart?.created ?? [],
    resumed: main.resumed,
    switched: main.switched,
    dedicatedUrl,
    surfaceDeps: main.surfaceDeps,
    routes: main.routes,
    reset: main.reset,
    fetch: fetchInProcess,
    report: () => readReport(fetchInProcess, '/__admin/report', options.adminToken),
    async isolated(request = {}) {
      const made = await registry.create(request);
      return isolatedHandle(made.id, made.world, registry, fetchInProcess, addresses, options.adminToken);
    },
    async listen() {
      // A public bind address without an admin token would open /__admin to the network: a
      // configuration error, refused (src/admin/guard.ts). The CLI makes a token instead (src/cli/admin-access.ts).
      const exposure = adminExposureProblem(options.host, options.adminToken, options.insecureAdmin);
      if (exposure) throw new OptionError(exposure);
      const mainListener = await listen(dispatch, options.host, options.port);
      listeners.push(mainListener);
      addresses.setMainPort(mainListener.port);
      if (options.portPerHost) await listenPerHost(dispatch, options.host, hosts, listeners, addresses);
      if (options.tls) {
        tlsStart = await startTls(dispatch, options.host, options.tls, mainListener.port, hosts);
        listeners.push(tlsStart.listener);
        addresses.setTlsPort(tlsStart.listener.port);
      }
      return { port: mainListener.port, url: addresses.listenUrl() };
    },
    async close() {
      await Promise.all(listeners.splice(0).map((l) => l.close()));
      await registry.closeAll();
      await main.close();
      main.logger.flush();
    },
  };
}

/** What sandbox.isolated() hands back: the isolated world, addressed like the main one. */
function isolatedHandle(
  id: string,
  world: World,
  registry: SandboxRegistry,
  fetchInProcess: Sandbox['fetch'],
  addresses: Addresses,
  adminToken: string | undefined,
): IsolatedSandbox {
  const prefix = `/sandboxes/${id}`;
  return {
    id,
    clock: world.clock,
    deliveries: world.deliveries,
    services: world.services,
    events: world.events,
    baseUrl: (env, surface) => `${addresses.origin()}${prefix}/${env}/${surface}`,
    adminUrl: () => `${addresses.origin()}${prefix}/__admin`,
    report: () => readReport(fetchInProcess, `${prefix}/__admin/report`, adminToken),
    fetch(input, init) {
      // A path is taken as on the main port ('/uat/api/checkouts'); an absolute URL without the prefix gets the header.
      if (typeof input === 'string' && input.startsWith('/'))
        return fetchInProcess(input.startsWith(`${prefix}/`) ? input : `${prefix}${input}`, init);
      const request = input instanceof Request ? new Request(input, init) : new Request(input, init);
      if (!new URL(request.url).pathname.startsWith(`${prefix}/`)) request.headers.set(SANDBOX_HEADER, id);
      return fetchInProcess(request);
    },
    close: async () => {
      await registry.remove(id);
    },
  };
}

async function listenPerHost(
  dispatch: Dispatch,
  host: string,
  hosts: HostsConfig,
  listeners: Listener[],
  addresses: Addresses,
): Promise<void> {
  for (const [fixturePort, address] of surfaceByPort(hosts)) {
    const listener = await listen(dispatch, host, addresses.dedicatedPortFor(fixturePort), address as SurfaceAddress);
    listeners.push(listener);
    addresses.setDedicatedPort(hosts[address.env][address.surface].host, listener.port);
  }
}

/** The report as GET /__admin/report answers it: one way to build it, whoever asks. */
async function readReport(fetchInProcess: Sandbox['fetch'], path: string, adminToken: string | undefined): Promise<MigrationReport> {
  const response = await fetchInProcess(path, adminToken ? { headers: { authorization: `Bearer ${adminToken}` } } : undefined);
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as MigrationReport;
}

function toRequest(input: string | URL | Request, init: RequestInit | undefined, origin: string): Request {
  // Not `instanceof Request`: a listener replaces the global Request (@hono/node-server), and a
  // Request made from the one before must still pass as it is (a RequestWithBody keeps its body).
  if (typeof input !== 'string' && !(input instanceof URL)) return init ? new Request(input, init) : input;
  const url = typeof input === 'string' && input.startsWith('/') ? `${origin}${input}` : input;
  return new Request(url, init);
}
