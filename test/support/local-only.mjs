// Preloaded with --import into the sandboxes the end-to-end tests spawn (test/support/spawn.ts):
// a name other than a local one is not looked up but refused, and the refusal is written to
// stderr, where the spawning test finds it (the in-process tests' guard is test/setup/local-only.ts).
import dns from 'node:dns';
import { isIP } from 'node:net';

export const MARK = 'local-only: refused to look up';
const local = (name) => isIP(String(name).replace(/^\[|\]$/g, '')) !== 0 || /^(.+\.)?localhost\.?$/i.test(String(name));
const original = dns.lookup;
dns.lookup = function (hostname, ...rest) {
  if (local(hostname)) return original.call(this, hostname, ...rest);
  process.stderr.write(`${MARK} ${hostname}\n`);
  const callback = rest.at(-1);
  const error = Object.assign(new Error(`${MARK} ${hostname}`), { code: 'ENOTFOUND', hostname });
  process.nextTick(() => callback(error));
};
