/**
 * The API clients of the shipped scenarios: the README's credentials table. For the token
 * endpoint's advice only. A refused secret of one of these clients is nearly always that table
 * copied wrong, and "issue a new secret" would send the developer the wrong way. Read on the
 * first such refusal; nothing is validated here (the world was seeded from the validated files).
 */
import { join } from 'node:path';
import { SCENARIO_NAMES } from '../config.js';
import { PACKAGE_ROOT, readYamlFile } from '../yaml-file.js';

/** A shipped scenario that has the client, with the secret it gives it. */
export interface ShippedSecret {
  scenario: string;
  secret: string;
}

interface RawScenario {
  environments?: Record<string, { merchants?: { apiClients?: { clientId?: unknown; clientSecret?: unknown }[] }[] }>;
}

let byClient: Map<string, ShippedSecret[]> | null = null;

/** The shipped scenarios that have this client id (any case), in SCENARIO_NAMES order. */
export function shippedSecrets(clientId: string): ShippedSecret[] {
  byClient ??= readShipped();
  return byClient.get(clientId.toLowerCase()) ?? [];
}

function readShipped(): Map<string, ShippedSecret[]> {
  const map = new Map<string, ShippedSecret[]>();
  for (const scenario of SCENARIO_NAMES) {
    let raw: RawScenario;
    try {
      raw = readYamlFile(join(PACKAGE_ROOT, 'scenarios', `${scenario}.yaml`)) as RawScenario;
    } catch {
      continue; // Advice only: a file that cannot be read gives none.
    }
    for (const env of Object.values(raw.environments ?? {})) {
      for (const merchant of env.merchants ?? []) {
        for (const client of merchant.apiClients ?? []) {
          if (typeof client.clientId !== 'string' || typeof client.clientSecret !== 'string') continue;
          const id = client.clientId.toLowerCase();
          map.set(id, [...(map.get(id) ?? []), { scenario, secret: client.clientSecret }]);
        }
      }
    }
  }
  return map;
}
