/**
 * The current API, not the legacy or retired host (the migration report's host findings, as an
 * item). An integration is judged by its own calls: the merchant's other credentials (a SharedKey
 * user part-way through a migration) get their own verdicts, and the merchant as a whole is the
 * migration report's subject.
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
    const old = calls.filter(onOldHost);
    if (old.length > 0) {
      const retired = old.filter((entry) => entry.surface === 'retired').length;
      return notMet(
        old.slice(0, 20).map((entry) => entry.id),
        `${plural(old.length, 'call')} of this integration on the old hosts (${retired} retired, ${old.length - retired} legacy).`,
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
