#!/usr/bin/env node
// prepack / postpack: the package.json inside a tarball has no `prepare` script. npm runs a
// tarball dependency's `prepare` when it installs it (a tarball is not a registry source), and
// there it has nothing to do: dist/ is built already. So installing a release runs no script
// of this package and npm has none to ask approval for. (A git install still needs `prepare`:
// it builds dist/ in the clone npm makes; docs/add-to-your-project.md says so.)
//   node scripts/pack-manifest.mjs strip     prepack: package.json kept aside, written without prepare
//   node scripts/pack-manifest.mjs restore   postpack: package.json put back, byte for byte
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const manifest = fileURLToPath(new URL('../package.json', import.meta.url));
const aside = `${manifest}.packing`;

function restore() {
  if (existsSync(aside)) renameSync(aside, manifest);
}

const mode = process.argv[2];
if (mode === 'restore') {
  restore();
} else if (mode === 'strip') {
  // A pack that failed before its postpack left the original aside: put it back first.
  restore();
  const text = readFileSync(manifest, 'utf8');
  writeFileSync(aside, text);
  const pkg = JSON.parse(text);
  delete pkg.scripts.prepare;
  writeFileSync(manifest, `${JSON.stringify(pkg, null, 2)}\n`);
} else {
  process.stderr.write('usage: node scripts/pack-manifest.mjs strip|restore\n');
  process.exit(2);
}
