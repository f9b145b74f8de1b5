/**
 * Addresses: dedicated ports follow the main port, public URLs replace the listen address,
 * and the library listens on a free port unless told otherwise.
 */
import { describe, expect, it } from 'vitest';
import { createAddresses } from '../../src/gateway/addresses.js';
import { resolveOptions } from '../../src/config.js';
import { loadHosts } from '../../src/hosts.js';
import { openSandbox } from '../support/sandbox.js';

const hosts = loadHosts();

describe('dedicated ports', () => {
  it('keep their distance from the main port: 4011–4023 for 4010, 5001–5013 for 5000', () => {
    const at = (port: number): number[] =>
      [4011, 4012, 4013, 4021, 4022, 4023].map((p) => createAddresses(resolveOptions({ port }), hosts).dedicatedPortFor(p));
    expect(at(4010)).toEqual([4011, 4012, 4013, 4021, 4022, 4023]);
    expect(at(5000)).toEqual([5001, 5002, 5003, 5011, 5012, 5013]);
  });

  it('are free ports when the main port is 0 or portPerHost is random', () => {
    expect(createAddresses(resolveOptions({ port: 0, portPerHost: true }), hosts).dedicatedPortFor(4012)).toBe(0);
    expect(createAddresses(resolveOptions({ port: 5000, portPerHost: 'random' }), hosts).dedicatedPortFor(4012)).toBe(0);
  });

  it('refuse a main port that pushes them past 65535, saying which ports fit', () => {
    expect(() => createAddresses(resolveOptions({ port: 65530 }), hosts).dedicatedPortFor(4023)).toThrow(
      /--port 65530 puts the dedicated port of fixture port 4023 at 65543, outside 1–65535; choose a --port of at most 65521, or --port 0/,
    );
  });
});

describe('public URL', () => {
  it('replaces the listen address in base URLs and keeps the dedicated ports under the public name', () => {
    const addresses = createAddresses(resolveOptions({ port: 0, publicUrl: 'http://sandbox:4010/' }), hosts);
    addresses.setMainPort(41234);
    addresses.setDedicatedPort('api.checkout.uat.walleydev.com', 4012);
    expect(addresses.baseUrl('uat', 'legacy')).toBe('http://sandbox:4010/uat/legacy');
    expect(addresses.dedicatedUrl('uat', 'legacy')).toBe('http://sandbox:4012');
    expect(addresses.listenUrl()).toBe('http://127.0.0.1:41234');
  });

  it('is refused when it has a path or another scheme', () => {
    expect(() => resolveOptions({ publicUrl: 'http://sandbox:4010/api' })).toThrow(/not an http\(s\) origin/);
    expect(() => resolveOptions({ publicUrl: 'ftp://sandbox' })).toThrow(/not an http\(s\) origin/);
  });
});

describe('listen() without a port', () => {
  it('takes a free port and reports it', async () => {
    const sandbox = await openSandbox();
    const { port, url } = await sandbox.listen();
    expect(port).toBeGreaterThan(0);
    expect(url).toBe(`http://127.0.0.1:${port}`);
    expect(sandbox.baseUrl('uat', 'api')).toBe(`http://127.0.0.1:${port}/uat/api`);
    const health = await fetch(`${url}/__admin/health`);
    expect(health.status).toBe(200);
  });
});
