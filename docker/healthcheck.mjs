// The image's HEALTHCHECK: GET /__admin/health on the port the sandbox was started with,
// found in the order the CLI itself uses (a flag wins over its variable): `--port N` /
// `--port=N` on the sandbox's own command line (CMD, compose `command:`, `docker run … --port N`),
// else $PORT, else 4010; the address likewise from --host, else $HOST. So overriding the port
// either way never leaves a healthcheck probing the old one.
/* global fetch, AbortSignal */
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

// The sandbox beside this file (/app/dist/main.js in the image), however its command named it.
const MAIN = fileURLToPath(new URL('../dist/main.js', import.meta.url));

function sandboxArgv() {
  for (const pid of ['1', ...readdirSync('/proc').filter((p) => /^\d+$/.test(p))]) {
    try {
      const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      const cwd = readlinkSync(`/proc/${pid}/cwd`);
      if (argv.some((a) => a.endsWith('main.js') && resolve(cwd, a) === MAIN)) return argv;
    } catch {
      // a process that ended meanwhile
    }
  }
  return [];
}

function flag(argv, name) {
  const i = argv.indexOf(name);
  if (i >= 0) return argv[i + 1];
  return argv.find((a) => a.startsWith(`${name}=`))?.slice(name.length + 1);
}

const argv = sandboxArgv();
const port = flag(argv, '--port') || process.env.PORT || '4010';
const bound = flag(argv, '--host') || process.env.HOST || '127.0.0.1';
const host = ['0.0.0.0', '::', '[::]'].includes(bound) ? '127.0.0.1' : bound;

fetch(`http://${host.includes(':') ? `[${host}]` : host}:${port}/__admin/health`, { signal: AbortSignal.timeout(2500) }).then(
  (r) => process.exit(r.ok ? 0 : 1),
  () => process.exit(1),
);
