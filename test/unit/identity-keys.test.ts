/**
 * The fixed signing keys: loaded from fixtures/keys, thumbprints as Entra computes them, and
 * a signing key that matches its certificate.
 */
import { X509Certificate, createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compactVerify, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { DEFAULT_KEY_DIR, KeyFileError, keyRingsOnDemand, loadKeyRing } from '../../src/identity/keys.js';

describe('loadKeyRing', () => {
  it('gives each environment a signing key plus a published next key, all distinct', async () => {
    const rings = { uat: await loadKeyRing('uat'), prod: await loadKeyRing('prod') };
    for (const env of ['uat', 'prod'] as const) {
      const ring = rings[env];
      expect(ring.published).toHaveLength(2);
      expect(ring.published[0]?.kid).toBe(ring.signing.kid);
      expect(ring.byKid(ring.signing.kid)).toBe(ring.published[0]);
      expect(ring.byKid('nope')).toBeUndefined();
    }
    const kids = [...rings.uat.published, ...rings.prod.published].map((k) => k.kid);
    expect(new Set(kids).size).toBe(4);
  });

  it('kid = x5t = base64url SHA-1 of the certificate DER, which x5c carries', async () => {
    const ring = await loadKeyRing('uat');
    const der = new X509Certificate(readFileSync(join(DEFAULT_KEY_DIR, 'uat.cert.pem'))).raw;
    expect(ring.signing.x5t).toBe(createHash('sha1').update(der).digest('base64url'));
    expect(ring.signing.kid).toBe(ring.signing.x5t);
    expect(ring.signing.x5c).toBe(der.toString('base64'));
    expect(ring.signing.jwk).toMatchObject({ kty: 'RSA', e: 'AQAB' });
  });

  it('the signing key signs what its published public key verifies, and loads the same every time', async () => {
    const [a, b] = [await loadKeyRing('prod'), await loadKeyRing('prod')];
    expect(a.signing.kid).toBe(b.signing.kid);
    const jwt = await new SignJWT({ x: 1 }).setProtectedHeader({ alg: 'RS256' }).sign(a.signing.privateKey);
    await expect(compactVerify(jwt, b.signing.publicKey)).resolves.toBeTruthy();
  });

  it('refuses a key that does not belong to its certificate, naming the files', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'keys-'));
    try {
      writeFileSync(join(dir, 'uat.key.pem'), readFileSync(join(DEFAULT_KEY_DIR, 'prod.key.pem')));
      writeFileSync(join(dir, 'uat.cert.pem'), readFileSync(join(DEFAULT_KEY_DIR, 'uat.cert.pem')));
      await expect(loadKeyRing('uat', dir)).rejects.toThrow(/uat\.key\.pem does not belong to uat\.cert\.pem/);
      await expect(loadKeyRing('prod', dir)).rejects.toBeInstanceOf(KeyFileError);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('keyRingsOnDemand', () => {
  it('loads a ring on its first use, once, with the same keys as loadKeyRing', async () => {
    const source = keyRingsOnDemand();
    const first = await source.ring('uat');
    expect(await source.ring('uat')).toBe(first);
    expect(first.published.map((k) => k.kid)).toEqual((await loadKeyRing('uat')).published.map((k) => k.kid));
    expect((await source.ring('prod')).signing.kid).not.toBe(first.signing.kid);
  });

  it('a failed load is reported to the caller and tried again on the next use', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'keys-'));
    try {
      const source = keyRingsOnDemand(dir);
      await expect(source.ring('uat')).rejects.toBeInstanceOf(KeyFileError);
      for (const file of ['uat.key.pem', 'uat.cert.pem']) writeFileSync(join(dir, file), readFileSync(join(DEFAULT_KEY_DIR, file)));
      expect((await source.ring('uat')).signing.kid).toBe((await loadKeyRing('uat')).signing.kid);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
