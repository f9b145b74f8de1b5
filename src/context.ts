/**
 * What every part of one sandbox instance shares. There are no module-level singletons:
 * a sandbox owns its clock, state, faker and configuration, so two sandboxes in one
 * process never share anything.
 */
import type { Faker } from '@faker-js/faker';
import type { Clock } from './clock.js';
import type { EventBus } from './control/events.js';
import type { EnvName, HostsConfig, SurfaceName } from './hosts.js';
import type { IdentityProvider } from './identity/provider.js';
import type { Logger } from './log.js';
import type { NotificationDispatcher } from './simulation/notifications.js';
import type { StateStore } from './store/db.js';
import type { Settings } from './store/state.js';

export interface SandboxContext {
  clock: Clock;
  store: StateStore;
  hosts: HostsConfig;
  logger: Logger;
  /** Seeded from the scenario: customer simulation and generated data are reproducible. */
  faker: Faker;
  scenarioDir: string;
  /** Local base URL of a surface, e.g. http://127.0.0.1:4010/uat/api (before listen(): the prefix form on the default port). */
  baseUrl(env: EnvName, surface: SurfaceName): string;
  settings(): Settings;
  /** Token signing keys (loaded once per sandbox), token minting and verification. */
  identity: IdentityProvider;
  /** Notification callbacks to merchants, retried on the sandbox clock. */
  notifications: NotificationDispatcher;
  /** State changes for GET /__admin/events (the dashboard's live updates). */
  events: EventBus;
}

/** A surface app's view: the sandbox plus which environment and surface it serves. */
export interface SurfaceContext extends SandboxContext {
  env: EnvName;
  surface: SurfaceName;
}
