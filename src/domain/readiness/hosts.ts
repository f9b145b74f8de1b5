/**
 * The current API, not the legacy or retired host (the migration report's host findings, as an
 * item). A shop's old-style calls are signed with the merchant's SharedKey user, its current ones
 * with its API client: the item reads the merchant's calls under both.
 */
import { PAGES, type ReadinessItem, met, notMet, notSeen, plural } from './item.js';
import { type TrafficEntry, isApiCall } from './traffic.js';

export const currentApi: ReadinessItem = {
  id: 'current-api',
  title: 'The shop calls the current API with a bearer token, not the legacy or the retired host.',
  source: PAGES.apiHosts,
  advice:
    'Move every call to the current API host with a bearer token from the identity provider; the retired host is shut down and the legacy host is transitional.',
  exercise: 'Make any checkout or order call: its host shows here.',
  evaluate(traffic) {
    const calls = traffic.own.filter(isApiCall);
    const onOldHost = (entry: TrafficEntry): boolean => entry.surface === 'legacy' || entry.surface === 'retired';
    const old = [...calls, ...traffic.sameMerchant.filter(isApiCall)].filter(onOldHost).sort((a, b) => a.id - b.id);
    if (old.length > 0) {
      const retired = old.filter((entry) => entry.surface === 'retired').length;
      return notMet(
        old.slice(0, 20).map((entry) => entry.id),
        `${plural(old.length, 'call')} on the old hosts (${retired} retired, ${old.length - retired} legacy), under this integration's credentials or its merchant's others.`,
      );
    }
    const current = calls.filter((entry) => entry.surface === 'api');
    if (current.length === 0) return notSeen('No checkout or order call by this integration is in the journal.');
    return met(
      current.slice(0, 5).map((entry) => entry.id),
      `All ${plural(current.length, 'call')} on the current API.`,
    );
  },
};
