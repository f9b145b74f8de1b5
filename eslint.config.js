// Lint rules. The one project-specific rule: time is read only through src/clock.ts, so that
// moving the sandbox clock moves every time-dependent decision.
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const noWallClock = {
  'no-restricted-syntax': [
    'error',
    {
      selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']",
      message: 'Read time from the sandbox clock (src/clock.ts), not Date.now().',
    },
    {
      selector: "NewExpression[callee.name='Date'][arguments.length=0]",
      message: 'Read time from the sandbox clock (src/clock.ts), not new Date().',
    },
  ],
};

/**
 * Layers that hold (docs/architecture.md): a request flows listener → gateway → surface →
 * auth → routes → services → domain, and so do imports. Every folder of src/ (and every file
 * at its top) has a place in this order, highest first; a module may import its own folder
 * and anything below it, never anything above. No folder is left out and there is no
 * exception list: a new folder fails lint until it is given its place here.
 */
export const LAYERS = [
  'main',
  'index', // the process entry and the library entry
  'cli', // the command line: flags, subcommands, banner
  'fidelity', // record through the sandbox, replay against a world, diff: proof against the real service
  'sandbox', // the process shell: options, keys, listeners, worlds
  'library', // what a library user's createSandbox() hands back: the public typings, free of Node's types
  'world', // one world's composition root; the registry of isolated worlds
  'gateway', // listeners, the world router, (env, surface) resolution, the journal hook
  'tls', // the local CA and host certificates of the HTTPS drop-in
  'admin', // /__admin over services and control
  'surfaces', // one app per emulated host
  'openapi', // the documents, generated from the tables
  'hosted-page', // the hosted checkout page, served on the frontend host
  'auth', // who is calling: bearer, SharedKey
  'routes', // HTTP <-> services
  'customer', // the customer's side of a checkout: identify, commit, purchase
  'outbox', // the calls the sandbox makes to the shop, and the worker that delivers them
  'journal', // what was asked and answered, and what is read from it: filters, traffic, report, events
  'faults', // fault rules and what a fired rule answers
  'services', // the only owners of state
  'store', // memory and disk
  'identity', // the identity provider: keys, tokens, AADSTS errors
  'fake', // fake people
  'http', // the HTTP edge: envelopes, body reading, routing helpers
  'domain', // pure rules
  'node-version', // the Node.js engines names, and the sentence when an older one runs
  'config',
  'log-lines',
  'log',
  'log-level',
  'hosts',
  'yaml-file',
  'clock',
  'spelling', // foundations every layer may use
];

const unitOf = (file) => {
  const parts = file
    .split(/[\\/]src[\\/]/)
    .pop()
    .split(/[\\/]/);
  return parts.length === 1 ? parts[0].replace(/\.(ts|js)$/, '') : parts[0];
};

const layersPlugin = {
  rules: {
    order: {
      meta: {
        type: 'problem',
        messages: {
          upward:
            '{{from}} may not import {{to}}: {{to}} is above {{from}} in the layers (LAYERS in eslint.config.js, docs/architecture.md).',
          unplaced: '{{unit}} has no place in LAYERS (eslint.config.js): give the new folder its layer.',
        },
      },
      create(context) {
        const file = context.filename;
        const from = unitOf(file);
        const rank = LAYERS.indexOf(from);
        const check = (node, spec) => {
          if (typeof spec !== 'string' || !spec.startsWith('.')) return;
          const target = path.resolve(path.dirname(file), spec);
          const srcRoot = file.slice(0, file.lastIndexOf(`${path.sep}src${path.sep}`) + 5);
          if (!target.startsWith(srcRoot)) return;
          const to = unitOf(target);
          if (to === from) return;
          const targetRank = LAYERS.indexOf(to);
          if (targetRank === -1) context.report({ node, messageId: 'unplaced', data: { unit: to } });
          else if (targetRank < rank) context.report({ node, messageId: 'upward', data: { from, to } });
        };
        return {
          Program(node) {
            if (rank === -1) context.report({ node, messageId: 'unplaced', data: { unit: from } });
          },
          ImportDeclaration: (node) => check(node, node.source.value),
          ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
          ExportAllDeclaration: (node) => check(node, node.source.value),
          ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
        };
      },
    },
  },
};

/** Frameworks a layer does not use. */
const FRAMEWORKS = ['hono', 'hono/*', '@hono/*', 'lowdb', 'lowdb/*', 'pino'];
const without = (files, packages, message) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { patterns: [{ group: packages, message }] }] },
});

export default tseslint.config(
  { ignores: ['node_modules/', '.sandbox/', 'dist/', 'coverage/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { process: 'readonly', console: 'readonly', Buffer: 'readonly', URL: 'readonly' } },
    rules: {
      ...noWallClock,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  { files: ['src/clock.ts'], rules: { 'no-restricted-syntax': 'off' } },
  // Scripts served to browsers as they are (the hosted checkout page's loader and script): browser globals.
  {
    files: ['src/**/assets/*.js'],
    languageOptions: {
      sourceType: 'script',
      globals: Object.fromEntries(
        [
          'window',
          'document',
          'location',
          'fetch',
          'FormData',
          'URLSearchParams',
          'CustomEvent',
          'ResizeObserver',
          'EventSource',
          'setTimeout',
          'clearTimeout',
          'setInterval',
          'performance',
          'Intl',
        ].map((name) => [name, 'readonly']),
      ),
    },
  },
  // Every module of src/ keeps to the layers.
  { files: ['src/**/*.ts'], plugins: { layers: layersPlugin }, rules: { 'layers/order': 'error' } },
  // Frameworks by layer (one entry per file set: a later no-restricted-imports entry would replace an earlier one).
  without(['src/domain/**'], FRAMEWORKS, 'The domain uses no framework (docs/architecture.md).'),
  without(['src/store/**'], ['hono', 'hono/*', '@hono/*'], 'The store speaks no HTTP (docs/architecture.md).'),
  without(
    ['src/services/**', 'src/customer/**', 'src/outbox/**'],
    ['hono', 'hono/*', '@hono/*', 'lowdb', 'lowdb/*'],
    'Services speak no HTTP, and only src/store/ uses lowdb (docs/architecture.md).',
  ),
  {
    ...without(['src/**'], ['lowdb', 'lowdb/*'], 'Only src/store/ uses lowdb (docs/architecture.md).'),
    ignores: ['src/domain/**', 'src/store/**', 'src/services/**', 'src/customer/**', 'src/outbox/**'],
  },
);
