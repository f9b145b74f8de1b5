/**
 * The emulated hosts: two environments × five surfaces, with their real public names.
 * Loaded from fixtures/hosts.yaml (or a file given in the options; src/yaml-file.ts reads
 * the shipped one from its build-time JSON) and validated with zod.
 */
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { readYamlFile } from './yaml-file.js';

export const ENVIRONMENTS = ['uat', 'prod'] as const;
export const SURFACES = ['auth', 'api', 'legacy', 'retired', 'frontend'] as const;
export type EnvName = (typeof ENVIRONMENTS)[number];
export type SurfaceName = (typeof SURFACES)[number];

/** The spec's placeholder for each surface's base URL. */
export const PLACEHOLDERS: Record<SurfaceName, string> = {
  auth: '{auth_url}',
  api: '{base_url}',
  legacy: '{legacy_base_url}',
  retired: '{deprecated_base_url}',
  // Not a placeholder of the API spec: the host of the loader scripts and the checkout iframe.
  frontend: '{frontend_url}',
};

const hostEntry = z.object({
  host: z.string().min(1),
  port: z.number().int().min(1).max(65535),
  /** Further real names of the same surface (the old loader's host names the frontend too). */
  aliases: z.array(z.string().min(1)).default([]),
});
// The frontend surface came later: hosts files written before it get its default entry.
const DEFAULT_FRONTEND = {
  uat: { host: 'checkout.uat.walleydev.com', port: 4014, aliases: ['checkout-uat.collector.se'] },
  prod: { host: 'checkout.walleypay.com', port: 4024, aliases: ['checkout.collector.se'] },
};
const envHosts = (env: keyof typeof DEFAULT_FRONTEND) =>
  z.object({ auth: hostEntry, api: hostEntry, legacy: hostEntry, retired: hostEntry, frontend: hostEntry.default(DEFAULT_FRONTEND[env]) });
export const hostsSchema = z.object({ uat: envHosts('uat'), prod: envHosts('prod') });
export type HostsConfig = z.infer<typeof hostsSchema>;

export const DEFAULT_HOSTS_FILE = fileURLToPath(new URL('../fixtures/hosts.yaml', import.meta.url));

export function loadHosts(file: string = DEFAULT_HOSTS_FILE): HostsConfig {
  const parsed = hostsSchema.safeParse(readYamlFile(file));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`${file}: ${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'invalid'}`);
  }
  return parsed.data;
}

export interface SurfaceAddress {
  env: EnvName;
  surface: SurfaceName;
}

/** Case-insensitive host name (without port) → the surface it serves. */
export function surfaceByHostName(hosts: HostsConfig): Map<string, SurfaceAddress> {
  const map = new Map<string, SurfaceAddress>();
  for (const env of ENVIRONMENTS) {
    for (const surface of SURFACES) {
      for (const host of [hosts[env][surface].host, ...hosts[env][surface].aliases]) {
        const name = host.toLowerCase();
        // auth and api share a host: the api surface serves both, so it wins.
        if (!map.has(name) || surface === 'api') map.set(name, { env, surface });
      }
    }
  }
  return map;
}

/** Dedicated port → the surface it serves (auth and api share a port, served by api). */
export function surfaceByPort(hosts: HostsConfig): Map<number, SurfaceAddress> {
  const map = new Map<number, SurfaceAddress>();
  for (const env of ENVIRONMENTS) {
    for (const surface of SURFACES) {
      const port = hosts[env][surface].port;
      if (!map.has(port) || surface === 'api') map.set(port, { env, surface });
    }
  }
  return map;
}

export function isEnvName(value: string): value is EnvName {
  return (ENVIRONMENTS as readonly string[]).includes(value);
}

export function isSurfaceName(value: string): value is SurfaceName {
  return (SURFACES as readonly string[]).includes(value);
}

/** Where the emulated hosts are reachable from the caller's side. */
export interface Urls {
  /** Local base URL of a surface, e.g. http://127.0.0.1:4010/uat/api. */
  baseUrl(env: EnvName, surface: SurfaceName): string;
  hosts: HostsConfig;
}
