/**
 * The emulated hosts: what each surface is (one record each, SURFACE_RECORDS) and, in each of
 * the two environments, its real public names. These are loaded from fixtures/hosts.yaml (or a
 * file given in the options) and validated with zod.
 */
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { readYamlFile } from './yaml-file.js';

export const ENVIRONMENTS = ['uat', 'prod'] as const;
export type EnvName = (typeof ENVIRONMENTS)[number];

const hostEntry = z.object({
  host: z.string().min(1),
  port: z.number().int().min(1).max(65535),
  /** Further real names of the same surface (the old loader's host names the frontend too). */
  aliases: z.array(z.string().min(1)).default([]),
});
type HostEntry = z.output<typeof hostEntry>;

/**
 * What one emulated surface is, beside its app. Its table of operations, how its app is made
 * and the dialect it answers in are the other half of its record (src/surfaces/index.ts), kept
 * in the surfaces' layer and typed by these names, so that a surface lacking either half does
 * not compile.
 */
export interface SurfaceRecord {
  /** The API spec's placeholder for its base URL. */
  placeholder: string;
  /** What it serves, as its OpenAPI document says. */
  description: string;
  /** What the dashboard calls it (its request filter, the journal's rows, the migration report). */
  label: string;
  /** Its operations are documented as deprecated (the host is being shut down). */
  deprecated?: boolean;
  /** The entry of a hosts file that does not name the surface (one added after hosts files were in use). */
  defaultHosts?: Record<EnvName, HostEntry>;
}

/** Every surface, one record each; the order is the order they are listed in (banner, hosts, documents). */
const RECORDS = {
  auth: {
    placeholder: '{auth_url}',
    description: "The identity provider: client-credentials tokens, discovery and keys, in Entra's shape.",
    label: 'identity (tokens)',
  },
  api: {
    placeholder: '{base_url}',
    description: 'The current API: new path style, /manage/orders and /purchase with bearer tokens; also the token endpoint (same host).',
    label: 'current API',
  },
  legacy: {
    placeholder: '{legacy_base_url}',
    description: 'The transitional legacy host: SharedKey, both path styles.',
    label: 'legacy host',
  },
  retired: {
    placeholder: '{deprecated_base_url}',
    description: 'The retired host: the legacy behaviour until its shutdown (Deprecation/Sunset headers), then 410 or a closed connection.',
    label: 'retired host',
    deprecated: true,
  },
  frontend: {
    // Not a placeholder of the API spec: the host of the loader scripts and the checkout iframe.
    placeholder: '{frontend_url}',
    description: "The frontend host: the loader scripts and the hosted checkout page (the customer's side).",
    label: 'hosted page',
    // The frontend surface came later: hosts files written before it get these entries.
    defaultHosts: {
      uat: { host: 'checkout.uat.walleydev.com', port: 4014, aliases: ['checkout-uat.collector.se'] },
      prod: { host: 'checkout.walleypay.com', port: 4024, aliases: ['checkout.collector.se'] },
    },
  },
} satisfies Record<string, SurfaceRecord>;

export type SurfaceName = keyof typeof RECORDS;
export const SURFACE_RECORDS: Readonly<Record<SurfaceName, SurfaceRecord>> = RECORDS;
export const SURFACES = Object.keys(RECORDS) as readonly SurfaceName[];

/** One value per surface, in the surfaces' order. */
export function bySurface<T>(value: (surface: SurfaceName) => T): Record<SurfaceName, T> {
  return Object.fromEntries(SURFACES.map((surface) => [surface, value(surface)])) as Record<SurfaceName, T>;
}

const envHosts = (env: EnvName) =>
  z.object(
    bySurface((surface) => {
      const fallback = SURFACE_RECORDS[surface].defaultHosts?.[env];
      return fallback ? hostEntry.default(fallback) : hostEntry;
    }),
  );
const hostsSchema = z.object({ uat: envHosts('uat'), prod: envHosts('prod') });
export type HostsConfig = z.infer<typeof hostsSchema>;

const DEFAULT_HOSTS_FILE = fileURLToPath(new URL('../fixtures/hosts.yaml', import.meta.url));

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

/**
 * Every emulated host name, each surface's host and its aliases in both environments, lower
 * case, with the surface it serves: the one list that routing by Host, the certificates, the
 * /etc/hosts lines and the admin guard's names all derive from.
 */
function hostNameEntries(hosts: HostsConfig): { name: string; address: SurfaceAddress }[] {
  return ENVIRONMENTS.flatMap((env) =>
    SURFACES.flatMap((surface) =>
      [hosts[env][surface].host, ...hosts[env][surface].aliases].map((host) => ({ name: host.toLowerCase(), address: { env, surface } })),
    ),
  );
}

/** Case-insensitive host name (without port) → the surface it serves. */
export function surfaceByHostName(hosts: HostsConfig): Map<string, SurfaceAddress> {
  const map = new Map<string, SurfaceAddress>();
  for (const { name, address } of hostNameEntries(hosts)) {
    // auth and api share a host: the api surface serves both, so it wins.
    if (!map.has(name) || address.surface === 'api') map.set(name, address);
  }
  return map;
}

/** Every emulated host name once, in fixture order (auth and api share one; aliases follow their surface's host). */
export function emulatedHostNames(hosts: HostsConfig): string[] {
  return [...new Set(hostNameEntries(hosts).map((entry) => entry.name))];
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
