/**
 * vitest setupFiles: the suite sends nothing off the machine. Every name the tests' processes
 * ask a resolver for is noted; a test during which a name other than a local one was looked
 * up fails, naming it. The sandbox never looks up names reserved for examples
 * (src/domain/reserved-names.ts), and the shops tests stand up listen on local addresses, so a
 * name here is a test (or a sandbox change) that would reach the network.
 */
import dns from 'node:dns';
import { isIP } from 'node:net';
import { afterEach, expect } from 'vitest';

/** What needs no resolver: an address as such (a lookup of one asks nobody), localhost and the names under it. */
const local = (name: string): boolean => isIP(name.replace(/^\[|\]$/g, '')) !== 0 || /^(.+\.)?localhost\.?$/i.test(name);
const looked: string[] = [];

const original = dns.lookup;
// One wrapper for every overload: the arguments are passed on as given.
dns.lookup = function (this: unknown, hostname: string, ...rest: unknown[]) {
  if (!local(hostname)) looked.push(hostname);
  return (original as (...args: unknown[]) => unknown).call(this, hostname, ...rest);
} as typeof dns.lookup;

/** The names looked up since the last test (for a test that checks a call made none). */
export function namesLookedUp(): readonly string[] {
  return looked;
}

afterEach(() => {
  const names = looked.splice(0);
  expect(names, 'names looked up on the network: point the call at a local address, or at a name reserved for examples').toEqual([]);
});
