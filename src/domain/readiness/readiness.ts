/**
 * Go-live readiness: the items of Walley's go-live checklist (and the refusals its pages say
 * a shop must handle) that the traffic can show, each evaluated over one integration's
 * traffic. The checklist's other questions cannot be seen in traffic and are listed as the
 * shop's own (LEFT_TO_THE_SHOP), not guessed.
 */
import { confirmationIframe, reusePublicToken } from './public-token.js';
import { getAfterNotification, validationAnswer } from './callbacks.js';
import { currentApi } from './hosts.js';
import { PAGES, type ReadinessItem, type ReadinessStatus } from './item.js';
import { necessaryRequests } from './requests.js';
import { retriesLocked, stopsAfterCompletion } from './refusals.js';
import { recoversExpiredToken, tokenReuse } from './tokens.js';
import type { Traffic } from './traffic.js';
import { TRAFFIC_ITEMS } from './traffic-items.js';
import { type EvidenceCall, evidenceCalls } from './evidence.js';

export type { ReadinessStatus } from './item.js';
export type { Traffic, TrafficEntry } from './traffic.js';
export type { EvidenceCall } from './evidence.js';

/** The items, in the order a report lists them. */
export const READINESS_ITEMS: readonly ReadinessItem[] = [
  reusePublicToken,
  getAfterNotification,
  necessaryRequests,
  confirmationIframe,
  validationAnswer,
  tokenReuse,
  currentApi,
  recoversExpiredToken,
  stopsAfterCompletion,
  retriesLocked,
  ...TRAFFIC_ITEMS,
];

/** One item as the report shows it. */
export interface ReadinessResult {
  id: string;
  title: string;
  status: ReadinessStatus;
  /** Journal entry ids (GET /__admin/requests/{id}). */
  evidence: number[];
  /** Each evidence entry's method, path and the checkout it concerns, in the same order. */
  calls: EvidenceCall[];
  /** What the traffic showed. */
  detail: string;
  /** not-met: what to change; not-seen: how to exercise it; met: what to keep doing. */
  advice: string;
  source: string;
}

/** The checklist's questions the traffic cannot answer: the shop answers them itself. */
export const LEFT_TO_THE_SHOP: readonly { title: string; source: string }[] = [
  { title: 'A correct page for the terms of purchase (merchantTermsUri) has been sent in.', source: PAGES.checklist },
  { title: 'Walley has been contacted to verify the integration.', source: PAGES.checklist },
  { title: 'The shop has announced that it is live with Walley.', source: PAGES.checklist },
];

export function evaluateReadiness(traffic: Traffic, items: readonly ReadinessItem[] = READINESS_ITEMS): ReadinessResult[] {
  return items.map((item) => {
    const verdict = item.evaluate(traffic);
    // In journal order, each entry once.
    const evidence = [...new Set(verdict.evidence)].sort((a, b) => a - b);
    return {
      id: item.id,
      title: item.title,
      status: verdict.status,
      evidence,
      calls: evidenceCalls(traffic, evidence),
      detail: verdict.detail,
      advice: verdict.status === 'not-seen' ? item.exercise : item.advice,
      source: item.source,
    };
  });
}
