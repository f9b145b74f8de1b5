/**
 * The first three steps a newcomer takes (a token, a checkout, a purchase), for this sandbox's
 * own address and credentials: the start page shows them. The credentials are the scenario
 * file's (the state keeps client secrets hashed): its first UAT merchant with an API client.
 */
import type { FirstStepsCredentials } from '../gateway/start-page.js';
import { TENANTS } from '../identity/tenants.js';
import { loadScenario } from '../store/scenario.js';

/** Read once per scenario name; null when the scenario has no UAT merchant with a store and an API client. */
export function firstStepsSource(scenarioDir: string, scenario: () => string): () => FirstStepsCredentials | null {
  const known = new Map<string, FirstStepsCredentials | null>();
  return () => {
    const name = scenario();
    if (!known.has(name)) known.set(name, credentialsOf(name, scenarioDir));
    return known.get(name) ?? null;
  };
}

function credentialsOf(name: string, scenarioDir: string): FirstStepsCredentials | null {
  let merchants;
  try {
    merchants = loadScenario(name, scenarioDir).environments.uat.merchants;
  } catch {
    return null; // The scenario file moved or broke since the start: no steps to show.
  }
  const merchant = merchants.find((m) => m.apiClients.length > 0 && m.stores.some((s) => s.salesSegment === 'B2C'));
  const client = merchant?.apiClients[0];
  const store = merchant?.stores.find((s) => s.salesSegment === 'B2C');
  if (!merchant || !client || !store) return null;
  return {
    clientId: client.clientId,
    clientSecret: client.clientSecret,
    scope: TENANTS.uat.scope,
    storeId: store.id,
    countryCode: store.countryCode,
    merchant: merchant.name,
  };
}
