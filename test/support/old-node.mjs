// Loaded with --import: this process reports Node.js 20.0.0, so the engines check
// (src/node-version.ts) sees an older Node on whatever Node runs the tests.
Object.defineProperty(process, 'versions', { value: { ...process.versions, node: '20.0.0' } });
