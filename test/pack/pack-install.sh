#!/usr/bin/env bash
# The package as a stranger gets it: `npm pack`, install the tarball into an empty project,
# then use it the three ways the README promises:
#   1. the CLI: `npx checkout-sandbox --help`, and a start (port 0, --memory) that answers
#      200 on /__admin/health;
#   2. the library from plain Node: import { createSandbox } from 'checkout-sandbox';
#   3. the library from TypeScript: a .ts file type-checked with tsc against the installed types,
#      with @types/node and in a project without it;
# 4. and installed from the git repository instead, as docs/add-to-your-project.md shows.
# And what the package must not bring: an install-time script (a tarball's `prepare` would run
# in the consumer's install), a lifecycle script that needs a file the tarball lacks, a word
# from npm beyond "added N packages" at install, or swagger-ui-dist's install-time telemetry
# (@scarf/scarf).
# Needs only the npm registry (or its cache) for the package's dependencies.
# Prints "pack-install: ok" and exits 0, or names the failing step and exits 1.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
WORK="$(mktemp -d "${TMPDIR:-/tmp}/checkout-sandbox-pack.XXXXXX")"
SERVER_PID=""
cleanup() {
  if [ -n "$SERVER_PID" ]; then kill "$SERVER_PID" 2>/dev/null || true; fi
  rm -rf "$WORK"
}
trap cleanup EXIT
fail() { echo "pack-install: FAILED: $*" >&2; exit 1; }
step() { echo "-- pack-install: $*"; }

cd "$ROOT"
step "build (if stale) and npm pack"
node scripts/build.mjs --if-stale
# With its scripts: prepack writes the packed package.json without `prepare`, postpack puts it back.
MANIFEST_BEFORE="$(cksum <package.json)"
TARBALL="$(npm pack --silent --pack-destination "$WORK" | tail -n 1)"
[ -f "$WORK/$TARBALL" ] || fail "npm pack produced no tarball"
[ "$(cksum <package.json)" = "$MANIFEST_BEFORE" ] && [ ! -e package.json.packing ] || fail "npm pack left package.json changed"

step "tarball contents: built JavaScript with types, no sources or tests"
CONTENTS="$(tar -tzf "$WORK/$TARBALL")"
for f in package/dist/index.js package/dist/index.d.ts package/dist/main.js package/bin/checkout-sandbox.mjs \
  package/fixtures/hosts.yaml package/fixtures/keys/uat.key.pem package/scenarios/default.yaml \
  package/dist/admin/swagger-ui/swagger-ui-bundle.js package/dist/admin/swagger-ui/LICENSE; do
  grep -qx "$f" <<<"$CONTENTS" || fail "$f missing from $TARBALL"
done
if grep -E '^package/(src|test|bench|docs/examples)/|\.tsbuildinfo$|^package/dist/.*\.ts$' <<<"$CONTENTS" | grep -v '\.d\.ts$'; then
  fail "the tarball ships files it should not (above)"
fi

step "every page and image the packed README links to is in the tarball"
tar -xzf "$WORK/$TARBALL" -C "$WORK" package/README.md
# A link with a scheme (a public page) is not a file: only the links that end at ")" or "#" are.
MISSING="$(grep -oE '\]\([^)#: ]+[)#]' "$WORK/package/README.md" | cut -c3- | sed 's/.$//' | sort -u | while read -r link; do
  grep -qx "package/$link" <<<"$CONTENTS" || echo "$link"
done)"
[ -z "$MISSING" ] || fail "the README links to files the package does not ship: $MISSING"

step "every file a lifecycle script or a file: dependency names is in the tarball"
tar -xzf "$WORK/$TARBALL" -C "$WORK" package/package.json
node -e '
  const pkg = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
  const shipped = new Set(process.argv[2].split("\n"));
  const has = (path) => shipped.has(`package/${path}`) || [...shipped].some((f) => f.startsWith(`package/${path}/`));
  const problems = [];
  // What npm would run by itself when a consumer installs the tarball: nothing.
  for (const name of ["preinstall", "install", "postinstall", "prepare"]) if (pkg.scripts?.[name]) problems.push(`${name}: an install-time script in the packed package.json`);
  // What `npm start` runs in the installed package.
  for (const name of ["prestart", "start"]) {
    const script = pkg.scripts?.[name];
    if (!script) continue;
    for (const [, file] of script.matchAll(/\bnode\s+(\S+\.m?js)\b/g)) if (!has(file)) problems.push(`${name}: ${script} needs ${file}`);
  }
  // A local path npm would install from, were the package installed as a project itself.
  for (const [name, spec] of Object.entries({ ...pkg.dependencies, ...pkg.devDependencies, ...pkg.overrides })) {
    if (String(spec).startsWith("file:") && !has(String(spec).slice(5).replace(/^\.\//, ""))) problems.push(`${name}: ${spec} is not shipped`);
  }
  if (problems.length) { console.error(problems.join("\n")); process.exit(1); }
' "$WORK/package/package.json" "$CONTENTS" || fail "the packed package.json names files it does not ship (above)"

step "install the tarball into an empty project"
mkdir "$WORK/app"
cd "$WORK/app"
printf '{ "name": "pack-check", "version": "1.0.0", "private": true, "type": "module" }\n' >package.json
TYPES_NODE="$(node -p "require('$ROOT/package.json').devDependencies['@types/node']")"
npm install --no-audit --no-fund --prefer-offline "$WORK/$TARBALL" "@types/node@$TYPES_NODE" >"$WORK/install.log" 2>&1 \
  || { cat "$WORK/install.log" >&2; fail "npm install of the tarball"; }
# A quiet install: npm's own summary and nothing else (no warning, no script to approve).
if grep -v -E '^(added [0-9]+ packages? in .*)?$' "$WORK/install.log"; then fail "npm install of the tarball printed more than its summary (above)"; fi

step "no telemetry: neither swagger-ui-dist nor @scarf/scarf is installed with it"
for pkg in swagger-ui-dist @scarf/scarf; do
  [ ! -e "node_modules/$pkg" ] || fail "$pkg was installed with the package"
done

step "npm start -- --help in the installed package (its prestart finds dist/ built)"
(cd node_modules/checkout-sandbox && npm start --silent -- --help | grep -q -- '--scenario') \
  || fail "npm start in the installed package failed"

step "npx checkout-sandbox --help"
HELP="$(npx --no-install checkout-sandbox --help)" || fail "npx checkout-sandbox --help exited non-zero"
grep -q -- '--scenario' <<<"$HELP" || fail "--help does not describe --scenario"

step "npx checkout-sandbox --port 0 --memory → GET /__admin/health"
LOG="$WORK/server.log"
node_modules/.bin/checkout-sandbox --port 0 --memory --log-level warn >"$LOG" 2>&1 &
SERVER_PID=$!
URL=""
for _ in $(seq 1 100); do
  URL="$(grep -oE 'ready on http://[0-9.]+:[0-9]+' "$LOG" | head -n 1 | cut -d' ' -f3 || true)"
  [ -n "$URL" ] && break
  kill -0 "$SERVER_PID" 2>/dev/null || { cat "$LOG" >&2; fail "the installed CLI exited before it was ready"; }
  sleep 0.1
done
[ -n "$URL" ] || { cat "$LOG" >&2; fail "no 'ready on' banner in 10 s"; }
STATUS="$(node -e "fetch(process.argv[1] + '/__admin/health').then((r) => console.log(r.status), () => console.log('refused'))" "$URL")"
[ "$STATUS" = "200" ] || fail "/__admin/health answered $STATUS"
kill "$SERVER_PID"
wait "$SERVER_PID" 2>/dev/null || true
SERVER_PID=""

step "import { createSandbox } from 'checkout-sandbox' in plain Node"
cat >library.mjs <<'JS'
import { createSandbox } from 'checkout-sandbox';

const sandbox = await createSandbox({ port: 0, logLevel: 'silent' });
const health = await sandbox.fetch('/__admin/health');
if (health.status !== 200) throw new Error(`in-process /__admin/health answered ${health.status}`);
const { url } = await sandbox.listen();
const overSocket = await fetch(`${url}/__admin/health`);
if (overSocket.status !== 200) throw new Error(`${url}/__admin/health answered ${overSocket.status}`);
// The API reference's renderer ships inside the package (dist/admin/swagger-ui/).
for (const asset of ['swagger-ui-bundle.js', 'swagger-ui.css']) {
  const response = await fetch(`${url}/__admin/docs/${asset}`);
  if (response.status !== 200) throw new Error(`${url}/__admin/docs/${asset} answered ${response.status}`);
}
await sandbox.close();
console.log('library ok');
JS
node library.mjs | grep -qx 'library ok' || fail "plain Node import of the library"

step "the same from TypeScript, type-checked against the installed declarations"
cat >library.ts <<'TS'
import { createSandbox, type Sandbox, type SandboxOptions } from 'checkout-sandbox';

const options: SandboxOptions = { port: 0, logLevel: 'silent', now: '2026-06-01T00:00:00Z', scenario: 'minimal' };
// @ts-expect-error -- the shipped types refuse a log level pino does not know
const wrong: SandboxOptions = { logLevel: 'verbose' };
void wrong;
const sandbox: Sandbox = await createSandbox(options);
const response: Response = await sandbox.fetch('/__admin/health');
const body = (await response.json()) as { status: string };
const listening: { port: number; url: string } = await sandbox.listen();
console.log(body.status, listening.port > 0);
await sandbox.close();
TS
cat >tsconfig.json <<'JSON'
{
  "compilerOptions": {
    "target": "ES2022",
    "module": "NodeNext",
    "moduleResolution": "NodeNext",
    "lib": ["ES2023"],
    "types": ["node"],
    "strict": true,
    "noEmit": true
  },
  "files": ["library.ts"]
}
JSON
# skipLibCheck off: the shipped .d.ts files themselves must type-check for a consumer.
node "$ROOT/node_modules/typescript/bin/tsc" -p tsconfig.json || fail "tsc against the installed types"

step "and from a TypeScript project without @types/node, on TypeScript's defaults (no types, no lib)"
mkdir "$WORK/no-node-types"
cd "$WORK/no-node-types"
printf '{ "name": "types-check", "version": "1.0.0", "private": true, "type": "module" }\n' >package.json
npm install --no-audit --no-fund --prefer-offline --loglevel=error "$WORK/$TARBALL" >/dev/null || fail "npm install of the tarball (no @types/node)"
[ ! -e node_modules/@types/node ] || fail "@types/node came with the package"
cp "$WORK/app/library.ts" library.ts
printf '{ "compilerOptions": { "target": "ES2022", "module": "NodeNext", "strict": true, "noEmit": true }, "files": ["library.ts"] }\n' >tsconfig.json
node "$ROOT/node_modules/typescript/bin/tsc" -p tsconfig.json || fail "tsc without @types/node: the package's typings need Node's types"
cd "$WORK/app"

step "install from the git clone, as docs/add-to-your-project.md shows (git+file:)"
if COMMIT="$(git -C "$ROOT" rev-parse HEAD 2>/dev/null)"; then
  mkdir "$WORK/from-git"
  cd "$WORK/from-git"
  printf '{ "name": "git-check", "version": "1.0.0", "private": true, "type": "module" }\n' >package.json
  # npm clones the commit, installs its dev dependencies, runs prepare (the build) and installs the result.
  npm install --no-audit --no-fund --prefer-offline --loglevel=error --save-dev "git+file://$ROOT#$COMMIT" >/dev/null \
    || fail "npm install of git+file://$ROOT#$COMMIT"
  npx --no-install checkout-sandbox --help | grep -q -- '--scenario' || fail "the CLI installed from git does not run"
  node --input-type=module -e "import { createSandbox } from 'checkout-sandbox'; const s = await createSandbox(); const r = await s.fetch('/__admin/docs/swagger-ui-bundle.js'); await s.close(); process.exit(r.status === 200 ? 0 : 1);" \
    || fail "the library installed from git does not serve its API reference"
  [ ! -e node_modules/@scarf/scarf ] || fail "@scarf/scarf came with the git install"
else
  echo "   (not a git checkout: skipped)"
fi

echo "pack-install: ok"
