/**
 * What a surface app (and the auth and routes under it) is given: its address, the clock,
 * its environment's services, the identity provider and where the sandbox's hosts are.
 * Each module below takes only the fields it uses (a Pick of this), never the whole world.
 */
import type { Clock } from '../clock.js';
import type { EnvName, SurfaceName, Urls } from '../hosts.js';
import type { IdentityProvider } from '../identity/provider.js';
import type { Logger } from '../log.js';
import type { EnvServices } from '../services/index.js';
import type { SettingsService } from '../services/settings.js';
import type { CustomerSimulation } from '../customer/customer.js';

export interface SurfaceDeps {
  env: EnvName;
  surface: SurfaceName;
  clock: Clock;
  urls: Urls;
  logger: Logger;
  services: EnvServices;
  settings: SettingsService;
  identity: IdentityProvider;
  /** The customer's side of this environment (the frontend surface's hosted page plays it). */
  simulation: CustomerSimulation;
  /** Which other environment knows a client id (for the token endpoint's hint). */
  clientEnvironment(clientId: string): EnvName | null;
}
