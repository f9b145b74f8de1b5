/**
 * One go-live readiness item: a sentence a reviewer would write, the public page it comes
 * from, and a rule over the traffic that says met, not met or not seen, with the journal
 * entries that show it.
 */
import type { Traffic } from './traffic.js';

export type ReadinessStatus = 'met' | 'not-met' | 'not-seen';

/** What a rule found: `met` only when the traffic shows the behaviour, `not-met` only when it shows the opposite. */
export interface Verdict {
  status: ReadinessStatus;
  /** Journal entry ids: what shows it (not-met: what shows the opposite). */
  evidence: number[];
  /** What the traffic showed, in one or two sentences. */
  detail: string;
}

export interface ReadinessItem {
  id: string;
  title: string;
  /** The public page the item comes from. */
  source: string;
  /** What to do when it is not met. */
  advice: string;
  /** How to make the traffic show it when it is not seen (a fault rule, a clock move, a page load). */
  exercise: string;
  evaluate(traffic: Traffic): Verdict;
}

export const met = (evidence: number[], detail: string): Verdict => ({ status: 'met', evidence, detail });
export const notMet = (evidence: number[], detail: string): Verdict => ({ status: 'not-met', evidence, detail });
export const notSeen = (detail: string): Verdict => ({ status: 'not-seen', evidence: [], detail });

export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** The public pages the items cite. */
export const PAGES = {
  checklist: 'https://dev.walleypay.com/docs/checkout/go-live-checklist',
  notification: 'https://payments.collectorbank.se/docs/checkout/notificationcallback/',
  cartManagement: 'https://dev.walleypay.com/docs/checkout/common-use-cases/cart-management',
  validation: 'https://dev.walleypay.com/docs/checkout/optional/validateorder',
  errorCodes: 'https://dev.walleypay.com/docs/checkout/error-codes',
  authentication: 'https://dev.walleypay.com/docs/checkout/authorization',
  apiHosts: 'https://dev.walleypay.com/docs/manage/getting-started/authentication/',
} as const;
