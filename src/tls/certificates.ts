/**
 * `checkout-sandbox tls`: a local certificate authority and one certificate per emulated host
 * name (fixtures/hosts.yaml: each surface's host and its aliases), so a client whose base URLs are hard-wired to https://api.uat.walleydev.com
 * works unchanged once the CA is trusted and /etc/hosts points the names at the sandbox.
 *
 * Keys come from node:crypto (native and fast); node-forge builds and signs the X.509
 * certificates, which node:crypto cannot do. Files, in one directory:
 *   ca.crt, ca.key                 the authority (trust ca.crt; keep ca.key to yourself)
 *   <host>.crt, <host>.key         one per real host name, signed by the authority
 */
import { X509Certificate, generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import forge from 'node-forge';
import { OWNER_DIR_MODE, restrictToOwner } from '../store/file-modes.js';
import { Clock } from '../clock.js';
import { type HostsConfig, emulatedHostNames } from '../hosts.js';

export { DEFAULT_TLS_DIR } from './paths.js';
const DAY_MS = 86_400_000;
/** Apple's limit for server certificates (825 days) with some margin; browsers and curl accept it. */
const LEAF_DAYS = 800;
const CA_DAYS = 3650;

export interface HostCertificate {
  host: string;
  cert: string;
  key: string;
}

export interface TlsMaterial {
  dir: string;
  caCert: string;
  hosts: HostCertificate[];
}

/**
 * Creates the authority (unless it exists) and a certificate for every host name that has no
 * current one; `created` lists every file written. A certificate is current when it names
 * exactly its host and is signed by this authority: a folder made before a name was added, or
 * before the authority was made again, gets what it lacks instead of a name mismatch at the client.
 */
export function generateTlsMaterial(dir: string, hosts: HostsConfig): { material: TlsMaterial; created: string[] } {
  mkdirSync(dir, { recursive: true, mode: OWNER_DIR_MODE });
  const created: string[] = [];
  const caCertFile = join(dir, 'ca.crt');
  const caKeyFile = join(dir, 'ca.key');
  if (!existsSync(caCertFile) || !existsSync(caKeyFile)) {
    const ca = createAuthority();
    writeFileSync(caKeyFile, ca.key, { mode: 0o600 });
    writeFileSync(caCertFile, ca.cert);
    created.push(caCertFile, caKeyFile);
  }
  const caCert = forge.pki.certificateFromPem(readFileSync(caCertFile, 'utf8'));
  const caKey = forge.pki.privateKeyFromPem(readFileSync(caKeyFile, 'utf8'));
  const authority = new X509Certificate(readFileSync(caCertFile));
  for (const host of emulatedHostNames(hosts)) {
    const certFile = join(dir, `${host}.crt`);
    if (existsSync(join(dir, `${host}.key`)) && isCurrent(certFile, host, authority)) continue;
    const leaf = createHostCertificate(host, caCert, caKey);
    writeFileSync(join(dir, `${host}.key`), leaf.key, { mode: 0o600 });
    writeFileSync(certFile, leaf.cert);
    created.push(certFile, join(dir, `${host}.key`));
  }
  // Keys written by an earlier start, or copied in, are narrowed on every start too.
  restrictToOwner([caKeyFile, ...emulatedHostNames(hosts).map((host) => join(dir, `${host}.key`))]);
  return { material: loadTlsMaterial(dir, hosts), created };
}

/** Reads what `tls` wrote; the error says which file is missing and how to make it. */
export function loadTlsMaterial(dir: string, hosts: HostsConfig): TlsMaterial {
  const read = (file: string): string => {
    const path = join(dir, file);
    if (!existsSync(path))
      throw new Error(`${path} not found: run \`checkout-sandbox tls --dir ${dir}\` first (it creates the CA and the host certificates)`);
    return readFileSync(path, 'utf8');
  };
  return {
    dir,
    caCert: read('ca.crt'),
    hosts: emulatedHostNames(hosts).map((host) => ({ host, cert: read(`${host}.crt`), key: read(`${host}.key`) })),
  };
}

function isCurrent(certFile: string, host: string, authority: X509Certificate): boolean {
  if (!existsSync(certFile)) return false;
  try {
    const cert = new X509Certificate(readFileSync(certFile));
    return cert.subjectAltName === `DNS:${host}` && cert.checkIssued(authority) && cert.verify(authority.publicKey);
  } catch {
    return false; // not a certificate (a truncated or foreign file): made again
  }
}

function rsaKeyPair(): { publicKey: forge.pki.rsa.PublicKey; privateKey: forge.pki.rsa.PrivateKey; pem: string } {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
  });
  return {
    publicKey: forge.pki.publicKeyFromPem(publicKey) as forge.pki.rsa.PublicKey,
    privateKey: forge.pki.privateKeyFromPem(privateKey) as forge.pki.rsa.PrivateKey,
    pem: privateKey,
  };
}

/** Certificates are checked against the machine's time by the client, never the sandbox clock. */
function validity(cert: forge.pki.Certificate, days: number): void {
  const now = new Clock().nowMs(); // a fresh Clock runs on the machine's time
  cert.validity.notBefore = new Date(now - DAY_MS);
  cert.validity.notAfter = new Date(now + days * DAY_MS);
}

function serial(): string {
  // Positive (high bit clear) and unique, as RFC 5280 asks.
  const bytes = randomBytes(16);
  bytes[0] = (bytes[0] ?? 0) & 0x7f;
  return bytes.toString('hex');
}

function createAuthority(): { cert: string; key: string } {
  const keys = rsaKeyPair();
  const cert = forge.pki.createCertificate();
  cert.publicKey = keys.publicKey;
  cert.serialNumber = serial();
  validity(cert, CA_DAYS);
  const name = [
    { name: 'commonName', value: `checkout-sandbox local CA ${serial().slice(0, 8)}` },
    { name: 'organizationName', value: 'checkout-sandbox (local testing only)' },
  ];
  cert.setSubject(name);
  cert.setIssuer(name);
  cert.setExtensions([
    { name: 'basicConstraints', cA: true, critical: true },
    { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  cert.sign(keys.privateKey, forge.md.sha256.create());
  return { cert: forge.pki.certificateToPem(cert), key: keys.pem };
}

function createHostCertificate(host: string, ca: forge.pki.Certificate, caKey: forge.pki.PrivateKey): { cert: string; key: string } {
  const keys = rsaKeyPair();
  const cert = forge.pki.createCertificate();
  cert.publicKey = keys.publicKey;
  cert.serialNumber = serial();
  validity(cert, LEAF_DAYS);
  cert.setSubject([{ name: 'commonName', value: host }]);
  cert.setIssuer(ca.subject.attributes);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
    { name: 'extKeyUsage', serverAuth: true },
    { name: 'subjectAltName', altNames: [{ type: 2, value: host }] },
    { name: 'subjectKeyIdentifier' },
    // Strict verifiers (Python 3.13, OpenSSL's X509_STRICT) want the issuer's key id in the leaf.
    { name: 'authorityKeyIdentifier', keyIdentifier: ca.generateSubjectKeyIdentifier().getBytes() },
  ]);
  cert.sign(caKey as forge.pki.rsa.PrivateKey, forge.md.sha256.create());
  return { cert: forge.pki.certificateToPem(cert), key: keys.pem };
}
