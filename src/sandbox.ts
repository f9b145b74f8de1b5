/**
 * The composition root: options + clock + state + surfaces → one sandbox instance.
 */
import { resolve } from 'node:path';
import type { Hono } from 'hono';
import { adminExposureProblem } from './admin/guard.js';
import { createAdminApp } from './admin/index.js';
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
  /** Starts the socket listeners; resolves with the main port. */
  listen(): Promise<{ port: number; url: string }>;
  readonly clock: Clock;
  readonly store: StateStore;
  readonly context: SandboxContext;
  readonly options: ResolvedOptions;
  /** The local base URL for a surface (prefix form on the main port). */
  baseUrl(env: EnvName, surface: SurfaceName): string;
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

  let mainPort = options.port;
  const listeners: Listener[] = [];
  const dedicatedPorts = new Map<string, number>();
  const displayHost = options.host === '0.0.0.0' || options.host === '::' ? '127.0.0.1' : options.host;

  const baseUrl = (env: EnvName, surface: SurfaceName): string => `http://${displayHost}:${mainPort}/${env}/${surface}`;
  const dedicatedUrl = (env: EnvName, surface: SurfaceName): string | null => {
    const port = dedicatedPorts.get(hosts[env][surface].host);
    return port === undefined ? null : `http://${displayHost}:${port}`;
  };

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
  // The admin plane's guard (issue 9): token, cross-site and Host checks; see src/admin/guard.ts.
  const adminHostNames = ENVIRONMENTS.flatMap((env) => SURFACES.map((surface) => hosts[env][surface].host));
  const admin = createAdminApp(context, { reset, dedicatedUrl }, { token: options.adminToken, bindHost: options.host, hostNames: adminHostNames });
  const dispatch: Dispatch = createGateway(context, admin, surfaces);

  const sandbox: Sandbox = {
    clock,
    store,
    context,
    options,
    baseUrl,
    dedicatedUrl,
    reset,
    async fetch(input, init) {
      const request = toRequest(input, init, displayHost, mainPort);
      const response = await dispatch(request);
      if (isRefusal(response)) throw new ConnectionRefusedError(`${new URL(request.url).host} closed the connection`);
      return response;
    },
    async listen() {
      // A public bind address without an admin token opens /__admin to the network: refuse (src/admin/guard.ts).
      const exposure = adminExposureProblem(options.host, options.adminToken, options.insecureAdmin);
      if (exposure) throw new Error(exposure);
      const main = await listen(dispatch, options.host, options.port);
      listeners.push(main);
      mainPort = main.port;
      if (options.portPerHost) await listenPerHost(dispatch, options, hosts, listeners, dedicatedPorts);
      return { port: mainPort, url: `http://${displayHost}:${mainPort}` };
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
  options: ResolvedOptions,
  hosts: HostsConfig,
  listeners: Listener[],
  dedicatedPorts: Map<string, number>,
): Promise<void> {
  for (const [port, address] of surfaceByPort(hosts)) {
    const listener = await listen(dispatch, options.host, options.portPerHost === 'random' ? 0 : port, address as SurfaceAddress);
    listeners.push(listener);
    dedicatedPorts.set(hosts[address.env][address.surface].host, listener.port);
  }
}

function toRequest(input: string | URL | Request, init: RequestInit | undefined, host: string, port: number): Request {
  if (input instanceof Request) return init ? new Request(input, init) : input;
  const url = typeof input === 'string' && input.startsWith('/') ? `http://${host}:${port}${input}` : input;
  return new Request(url, init);
}

export type { Logger };
