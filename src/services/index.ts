/**
 * The services of one sandbox: the only code that reads or changes its state. Routes,
 * auth, admin and the simulation receive the services they use, never the store.
 */
import type { Clock } from '../clock.js';
import { SeededRandom } from '../domain/random.js';
import { ENVIRONMENTS, type EnvName } from '../hosts.js';
import type { StateStore } from '../store/store.js';
import { ApiClientService } from './api-clients.js';
import { CallbackLog } from './callbacks.js';
import { CheckoutService } from './checkouts.js';
import { MerchantDirectory } from './merchants.js';
import { guardOrderBooks } from './order-books.js';
import { OrderReadLag } from './order-read-lag.js';
import { OrderService } from './orders.js';
import { InvoiceStatusService } from './invoice-status.js';
import { SettingsService } from './settings.js';
import { TokenizationService } from './tokenization.js';
import { WebhookOutbox } from './webhooks.js';

/** What one environment's requests work with. */
export interface EnvServices {
  env: EnvName;
  merchants: MerchantDirectory;
  apiClients: ApiClientService;
  checkouts: CheckoutService;
  orders: OrderService;
  callbacks: CallbackLog;
  webhooks: WebhookOutbox;
  tokenization: TokenizationService;
  invoiceStatus: InvoiceStatusService;
}

export interface Services {
  settings: SettingsService;
  env(env: EnvName): EnvServices;
  /** Called when a service queued callbacks: the dispatcher sends what is due (set by the composition root). */
  onQueued(wake: () => void): void;
  /** Which environment other than `env` knows this client id (for a hint only). */
  clientEnvironment(clientId: string, except: EnvName): EnvName | null;
}

export function createServices(store: StateStore, clock: Clock, seed: number): Services {
  const random = new SeededRandom(seed);
  guardOrderBooks(store);
  let wakeDispatcher: () => void = () => undefined;
  const wake = (): void => wakeDispatcher();
  const envs = {} as Record<EnvName, EnvServices>;
  for (const env of ENVIRONMENTS) {
    const merchants = new MerchantDirectory(store, env);
    const callbacks = new CallbackLog(store, env);
    const webhooks = new WebhookOutbox({ clock, env, merchants, callbacks, wake });
    const lag = new OrderReadLag(store, clock, env, merchants);
    const orders = new OrderService(store, clock, random, env, webhooks, lag);
    envs[env] = {
      env,
      merchants,
      apiClients: new ApiClientService(store, clock, env),
      checkouts: new CheckoutService(store, clock, env, webhooks, lag),
      orders,
      callbacks,
      webhooks,
      tokenization: new TokenizationService({ store, clock, random, env, merchants, webhooks, lag }),
      invoiceStatus: new InvoiceStatusService({ store, clock, env, merchants, callbacks, webhooks, orders }),
    };
  }
  return {
    settings: new SettingsService(store, clock),
    env: (env) => envs[env],
    onQueued: (fn) => {
      wakeDispatcher = fn;
    },
    clientEnvironment: (clientId, except) =>
      ENVIRONMENTS.find((env) => env !== except && envs[env].apiClients.find(clientId) !== undefined) ?? null,
  };
}
