/**
 * The composition root: options + clock + state + surfaces → one sandbox instance.
 */
import { resolve } from 'node:path';
import type { Hono } from 'hono';
import { createAdminApp } from './admin/index.js';
import { type Addresses, createAddresses } from './addresses.js';
import { Clock } from './clock.js';
import { type ResolvedOptions, type SandboxOptions, resolveOptions } from './config.js';
import type { SandboxContext, SurfaceContext } from './context.js';
import { type Dispatch, type SurfaceApps, createGateway } from './gateway.js';
import {
  ENVIRONMENTS,
  type EnvName,
  type HostsConfig,
  SURFACES,
  type SurfaceAddress,
  type SurfaceName,
  loadHosts,
  surfaceByPort,
} from './hosts.js';
import { ConnectionRefusedError, isRefusal } from './http/refuse.js';
import { createIdentityProvider } from './identity/provider.js';
import type { SurfaceEnv } from './http/types.js';
import { type Logger, createLogger } from './log.js';
import { type Listener, listen } from './server.js';
import { startTls } from './tls/start.js';
import { NotificationDispatcher } from './simulation/notifications.js';
import { StateStore } from './store/db.js';
import { SCENARIO_DIR, type Scenario, loadScenario } from './store/scenario.js';
import { createFaker } from './store/faker.js';
import { seedState } from './store/seed.js';
import { createApiSurface } from './surfaces/api.js';
import { createAuthSurface } from './surfaces/auth.js';
import { createLegacySurface } from './surfaces/legacy.js';
import { createRetiredSurface } from './surfaces/retired.js';

export interface Sandbox {
  /** In-process fetch: absolute URLs or paths like '/uat/api/checkouts'. No socket needed. */
  fetch(input: string | URL | Request, init?: RequestInit): Promise<Response>;
  /** Starts the socket listeners (port option 0 or none: a free port); resolves with the main port and its URL. */
  listen(): Promise<{ port: number; url: string }>;
  readonly clock: Clock;
  readonly store: StateStore;
  readonly context: SandboxContext;
  readonly options: ResolvedOptions;
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
  reset(scenario?: string): Promise<void>;
  /** Flushes state and closes every listener. */
  close(): Promise<void>;
}

const SURFACE_FACTORIES: Record<SurfaceName, (ctx: SurfaceContext) => Hono<SurfaceEnv>> = {
  auth: createAuthSurface,
  api: createApiSurface,
  legacy: createLegacySurface,
  retired: createRetiredSurface,
};

export async function createSandbox(input: SandboxOptions = {}): Promise<Sandbox> {
  const options = resolveOptions(input);
  const clock = new Clock();
  const hosts = loadHosts(options.hostsFile);
  const scenarioDir = options.scenarioDir ? resolve(options.scenarioDir) : SCENARIO_DIR;
  const store = await StateStore.open(options.statePath === null ? null : resolve(options.statePath));
  const logger = createLogger(clock, options.logLevel ? { level: options.logLevel } : {});

  const persisted = store.loaded ? store.state : null;
  const wantedScenario = options.scenario ?? persisted?.scenario ?? 'default';
  const reseed = options.reset || persisted === null || wantedScenario !== persisted.scenario;
  const scenario = reseed ? loadScenario(wantedScenario, scenarioDir) : null;

  // Clock: flags/env > persisted state > scenario > real time.
  if (options.now !== undefined || options.frozen !== undefined) {
    clock.set({ ...(options.now ? { now: options.now } : {}), ...(options.frozen !== undefined ? { frozen: options.frozen } : {}) });
  } else if (!reseed && persisted?.clock) {
    clock.restore(persisted.clock);
  } else if (scenario?.clock) {
    applyScenarioClock(clock, scenario);
  }
  if (scenario) await store.replace({ ...seedState(scenario, clock.nowMs()), clock: clock.snapshot() });

  const listeners: Listener[] = [];
  // URLs written into answers and the ports of the listeners: src/addresses.ts.
  const addresses = createAddresses(options, hosts);
  const { baseUrl, dedicatedUrl } = addresses;

  const faker = createFaker(store.state.seed + 1);
  const identity = await createIdentityProvider({ clock, settings: () => store.state.settings });

  const context: SandboxContext = {
    clock,
    store,
    hosts,
    logger,
    faker,
    scenarioDir,
    baseUrl,
    settings: () => store.state.settings,
    identity,
    // Made now, so retries saved in the state resume without waiting for a purchase.
    notifications: new NotificationDispatcher({ clock, store }),
  };

  const reset = async (name?: string): Promise<void> => {
    const next = loadScenario(name ?? store.state.scenario, scenarioDir);
    if (next.clock) applyScenarioClock(clock, next);
    else if (options.now !== undefined) clock.set({ now: options.now, frozen: options.frozen ?? false });
    else clock.reset();
    faker.seed(next.seed + 1);
    identity.rateLimiter.clear();
    await store.replace({ ...seedState(next, clock.nowMs()), clock: clock.snapshot() });
  };

  const surfaces = buildSurfaces(context);
  const admin = createAdminApp(context, { reset, dedicatedUrl, httpsUrl: addresses.httpsUrl });
  const dispatch: Dispatch = createGateway(context, admin, surfaces);

  const sandbox: Sandbox = {
    clock,
    store,
    context,
    options,
    baseUrl,
    dedicatedUrl,
    listenUrl: addresses.listenUrl,
    tlsPort: addresses.tlsPort,
    resumed: !reseed,
    reset,
    async fetch(input, init) {
      const request = toRequest(input, init, addresses.listenUrl());
      const response = await dispatch(request);
      if (isRefusal(response)) throw new ConnectionRefusedError(`${new URL(request.url).host} closed the connection`);
      return response;
    },
    async listen() {
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
      context.notifications.stop();
      await Promise.all(listeners.splice(0).map((l) => l.close()));
      if (store.loaded) {
        store.state.clock = clock.snapshot();
        await store.write();
      }
      logger.flush();
    },
  };
  return sandbox;
}

function applyScenarioClock(clock: Clock, scenario: Scenario): void {
  if (!scenario.clock) return;
  clock.set({ ...(scenario.clock.now ? { now: scenario.clock.now } : {}), frozen: scenario.clock.frozen });
}

function buildSurfaces(context: SandboxContext): SurfaceApps {
  const apps = {} as SurfaceApps;
  for (const env of ENVIRONMENTS) {
    apps[env] = {} as Record<SurfaceName, Hono>;
    for (const surface of SURFACES) {
      apps[env][surface] = SURFACE_FACTORIES[surface]({ ...context, env, surface }) as unknown as Hono;
    }
  }
  return apps;
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

function toRequest(input: string | URL | Request, init: RequestInit | undefined, origin: string): Request {
  if (input instanceof Request) return init ? new Request(input, init) : input;
  const url = typeof input === 'string' && input.startsWith('/') ? `${origin}${input}` : input;
  return new Request(url, init);
}

export type { Logger };
