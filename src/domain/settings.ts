/**
 * The scenario's settings as the running sandbox keeps them (token lifetimes, the retired
 * host's dates, checkout and order lifetimes). Plain data: the store persists it, services
 * change it, every layer reads it.
 */
import type { Persona } from './personas.js';

export interface Brownout {
  start: string;
  end: string;
}

export interface RateLimit {
  requests: number;
  perSeconds: number;
}

export interface RetirementSettings {
  shutdownAt: string;
  afterShutdown: 'refuse' | 'gone';
  brownouts: Brownout[];
}

export interface Settings {
  tokens: {
    lifetimeSeconds: number;
    extLifetimeSeconds: number;
    clockSkewSeconds: number;
    rateLimit: RateLimit | null;
  };
  retirement: RetirementSettings;
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
  /** The scenario's test personas for the hosted checkout page; absent = the built-in ones. */
  personas?: Persona[];
}
