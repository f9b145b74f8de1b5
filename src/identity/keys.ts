/**
 * The token signing keys of each environment, loaded from fixtures/keys/ once per process,
 * on first use (keyRingsOnDemand): a start that never issues or verifies a token never
 * imports jose nor parses a PEM.
 *
 * Fixed keys (sandbox keys are not secrets) let a token issued before a restart verify after
 * it. Like Entra, each environment publishes more than one key (`{env}.*` signs,
 * `{env}-next.*` is only published), and `kid` = `x5t` = base64url SHA-1 thumbprint of the
 * key's certificate, with the certificate itself in `x5c`.
 */
import { X509Certificate, createHash, createPrivateKey } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CryptoKey, JWK } from 'jose';
import type { EnvName } from '../hosts.js';
import { loadJose } from './jose.js';

export const DEFAULT_KEY_DIR = fileURLToPath(new URL('../../fixtures/keys/', import.meta.url));

export const SIGNING_ALG = 'RS256';

/** One published key: what the JWKS lists and what verification needs. */
interface PublishedKey {
  kid: string;
  x5t: string;
  /** Base64 (not base64url) DER of the certificate, as `x5c` carries it. */
  x5c: string;
  publicKey: CryptoKey;
  /** The RSA public JWK (kty, n, e). */
  jwk: JWK;
}

interface SigningKey extends PublishedKey {
  privateKey: CryptoKey;
}

export interface KeyRing {
  env: EnvName;
  /** The key new tokens are signed with. */
  signing: SigningKey;
  /** Every key the JWKS publishes (the signing key first). */
  published: PublishedKey[];
  byKid(kid: string): PublishedKey | undefined;
}

export class KeyFileError extends Error {
  override name = 'KeyFileError';
}

/** Where the identity provider gets an environment's keys: loaded when first asked for. */
export interface KeyRingSource {
  ring(env: EnvName): Promise<KeyRing>;
}

/**
 * Each environment's ring loaded on its first use and kept (a UAT token never loads PROD's
 * keys). Shared by every world of a process: the keys are fixed and read-only.
 */
export function keyRingsOnDemand(dir: string = DEFAULT_KEY_DIR): KeyRingSource {
  const loaded = new Map<EnvName, Promise<KeyRing>>();
  return {
    ring(env) {
      let ring = loaded.get(env);
      if (!ring) {
        ring = loadKeyRing(env, dir);
        loaded.set(env, ring);
        // A failed load (a key file removed or broken) is tried again on the next use.
        ring.catch(() => loaded.delete(env));
      }
      return ring;
    },
  };
}

/** `{env}.key.pem` + `{env}.cert.pem` sign; any further `{env}-*.cert.pem` is published too. */
export async function loadKeyRing(env: EnvName, dir: string = DEFAULT_KEY_DIR): Promise<KeyRing> {
  const signing = await loadSigningKey(dir, env);
  const extraNames = readdirSync(dir)
    .filter((f) => f.startsWith(`${env}-`) && f.endsWith('.cert.pem'))
    .sort()
    .map((f) => f.slice(0, -'.cert.pem'.length));
  const published: PublishedKey[] = [signing];
  for (const name of extraNames) published.push(await loadPublishedKey(dir, name));
  const index = new Map(published.map((k) => [k.kid, k]));
  return { env, signing, published, byKid: (kid) => index.get(kid) };
}

async function loadSigningKey(dir: string, name: string): Promise<SigningKey> {
  const keyFile = join(dir, `${name}.key.pem`);
  if (!existsSync(keyFile)) throw new KeyFileError(`signing key not found: ${keyFile} (see fixtures/keys/README.md)`);
  const keyPem = readFileSync(keyFile, 'utf8');
  const published = await loadPublishedKey(dir, name);
  // A key that does not belong to its certificate would mint tokens no client can verify.
  const modulus = createPrivateKey(keyPem).export({ format: 'jwk' }).n;
  if (modulus !== published.jwk.n) throw new KeyFileError(`${keyFile} does not belong to ${name}.cert.pem`);
  const { importPKCS8 } = await loadJose();
  return { ...published, privateKey: await importPKCS8(keyPem, SIGNING_ALG) };
}

async function loadPublishedKey(dir: string, name: string): Promise<PublishedKey> {
  const certFile = join(dir, `${name}.cert.pem`);
  if (!existsSync(certFile)) throw new KeyFileError(`certificate not found: ${certFile} (see fixtures/keys/README.md)`);
  const certPem = readFileSync(certFile, 'utf8');
  const der = new X509Certificate(certPem).raw;
  const thumbprint = createHash('sha1').update(der).digest('base64url');
  const { importX509, exportJWK } = await loadJose();
  const publicKey = await importX509(certPem, SIGNING_ALG, { extractable: true });
  const { kty, n, e } = await exportJWK(publicKey);
  return { kid: thumbprint, x5t: thumbprint, x5c: der.toString('base64'), publicKey, jwk: { kty, n, e } };
}
