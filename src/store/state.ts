/**
 * The one lowdb document: both environments' data plus the scenario's settings, so a
 * restart with the same state file keeps everything, settings included.
 */
import type { ClockSnapshot } from '../clock.js';
import type { EnvName } from '../hosts.js';
import type { ApiClient, Checkout, Merchant, Order } from '../domain/model.js';

export interface Brownout {
  start: string;
  end: string;
}

export interface RateLimit {
  requests: number;
  perSeconds: number;
}

export interface Settings {
  tokens: {
    lifetimeSeconds: number;
    extLifetimeSeconds: number;
    clockSkewSeconds: number;
    rateLimit: RateLimit | null;
  };
  retirement: {
    shutdownAt: string;
    afterShutdown: 'refuse' | 'gone';
    brownouts: Brownout[];
  };
  /**
   * storeMatching: may an old-style path name another store of the same merchant than the
   * checkout's (WooCommerce's euro stores, service-facts §10.10)? lenient: yes; strict: 404.
   * Absent in older state files, which means lenient.
   */
  checkouts: { lifetimeSeconds: number; storeMatching?: 'lenient' | 'strict' };
  orders: { lifetimeSeconds: number };
  /**
   * On-hold purchases (fraud review): resolved after this many seconds of sandbox time with
   * this invoice status (null: only by the admin call). Absent in older state files: 3600 s, approved.
   */
  onHold?: { resolveAfterSeconds: number | null; invoiceStatus: 'Approved' | 'Rejected' };
}

export interface EnvState {
  merchants: Merchant[];
  apiClients: ApiClient[];
  checkouts: Checkout[];
  orders: Order[];
  /** Records other modules keep per environment (callbacks, idempotency, …), by name. */
  journals: Record<string, unknown[]>;
}

export interface SandboxState {
  version: 1;
  scenario: string;
  seed: number;
  seededAt: string;
  clock: ClockSnapshot | null;
  settings: Settings;
  environments: Record<EnvName, EnvState>;
}
