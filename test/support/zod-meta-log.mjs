// Preloaded with --import by the start-up test (test/e2e/start-schemas.test.ts): zod keeps its
// global registry, where .meta() and .describe() put a schema's description, on
// globalThis.__zod_globalRegistry and takes the one it finds there (zod/v4/core/registries.js),
// also inside the bundle. This one behaves as zod's own and appends, to the file named by
// ZOD_META_LOG, each place in dist/ a schema with metadata was built from (`<file URL>:<line>`,
// every frame of the call, once per place), so a test can ask which modules built schemas when;
// and, to the file named by ZOD_META_READ_LOG, each place metadata was read from (the JSON
// Schema generator reads every schema's), so it can ask which modules generated JSON Schema.
import { appendFileSync } from 'node:fs';

const log = process.env.ZOD_META_LOG;
const readLog = process.env.ZOD_META_READ_LOG;
if (log) {
  const places = (into, seen) => {
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 50;
    const stack = new Error().stack ?? '';
    Error.stackTraceLimit = limit;
    const found = [...stack.matchAll(/(file:\/\/\/\S+?\/dist\/\S+?\.js):(\d+):\d+/g)].map((m) => `${m[1]}:${m[2]}`).filter((place) => !seen.has(place));
    for (const place of found) seen.add(place);
    if (found.length > 0) appendFileSync(into, found.map((place) => `${place}\n`).join(''));
  };
  const built = new Set();
  const read = new Set();
  /** Where in dist/ the call came from: every frame of the stack, not just the nearest (a helper such as generated() calls .meta() for its caller). */
  const record = () => places(log, built);
  const recordRead = () => {
    if (readLog) places(readLog, read);
  };
  class Registry {
    _map = new WeakMap();
    _idmap = new Map();
    add(schema, ...rest) {
      const meta = rest[0];
      record();
      this._map.set(schema, meta);
      if (meta && typeof meta === 'object' && 'id' in meta) this._idmap.set(meta.id, schema);
      return this;
    }
    clear() {
      this._map = new WeakMap();
      this._idmap = new Map();
      return this;
    }
    remove(schema) {
      const meta = this._map.get(schema);
      if (meta && typeof meta === 'object' && 'id' in meta) this._idmap.delete(meta.id);
      this._map.delete(schema);
      return this;
    }
    get(schema) {
      recordRead();
      const parent = schema._zod.parent;
      if (parent) {
        const inherited = { ...(this.get(parent) ?? {}) };
        delete inherited.id;
        const merged = { ...inherited, ...this._map.get(schema) };
        return Object.keys(merged).length ? merged : undefined;
      }
      return this._map.get(schema);
    }
    has(schema) {
      return this._map.has(schema);
    }
  }
  globalThis.__zod_globalRegistry = new Registry();
}
