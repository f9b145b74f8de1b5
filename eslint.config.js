// Lint rules. The one project-specific rule: time is read only through src/clock.ts, so that
// moving the sandbox clock moves every time-dependent decision.
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
 * auth → routes → services → domain; only services touch the store; the domain imports no
 * HTTP and no framework. Each rule names the folders a layer may not import.
 */
const FRAMEWORKS = ['hono', 'hono/*', '@hono/*', 'lowdb', 'lowdb/*', 'pino'];
const layer = (files, folders, extra = []) => ({
  files,
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          ...(extra.length ? [{ group: extra, message: 'This layer does not use this framework (see docs/architecture.md).' }] : []),
          {
            regex: `^(\\.\\./)+(${folders.join('|')})(/|\\.js$)`,
            message: 'This import runs against the layers (docs/architecture.md): go through the layer in between.',
          },
        ],
      },
    ],
  },
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
  // Scripts served to browsers (loader, hosted checkout page, dashboard): browser globals.
  {
    files: ['src/**/assets/*.js'],
    languageOptions: {
      sourceType: 'script',
      globals: Object.fromEntries(
        ['window', 'document', 'location', 'fetch', 'FormData', 'URLSearchParams', 'CustomEvent', 'ResizeObserver', 'EventSource', 'setTimeout', 'clearTimeout', 'setInterval', 'performance', 'Intl'].map((name) => [name, 'readonly']),
      ),
    },
  },
  // The domain: pure rules. No HTTP, no framework, no state, no other layer.
  layer(['src/domain/**'], ['http', 'store', 'services', 'routes', 'admin', 'surfaces', 'auth', 'simulation', 'identity', 'control', 'fake', 'gateway', 'sandbox', 'server', 'log', 'cli', 'config'], FRAMEWORKS),
  // The store: the snapshot and the change log. Below the services; knows no HTTP.
  layer(['src/store/**'], ['http', 'services', 'routes', 'admin', 'surfaces', 'auth', 'simulation', 'identity', 'control', 'gateway', 'sandbox', 'server'], ['hono', 'hono/*', '@hono/*']),
  // Services: the only owners of state. No HTTP above them.
  layer(['src/services/**'], ['http', 'routes', 'admin', 'surfaces', 'auth', 'simulation', 'gateway', 'sandbox', 'server'], ['hono', 'hono/*', '@hono/*']),
  // Everything that serves HTTP or plays the other side goes through services, never the store.
  layer(['src/routes/**', 'src/auth/**', 'src/http/**', 'src/identity/**'], ['store', 'admin', 'simulation', 'frontend'], ['lowdb', 'lowdb/*']),
  // Surfaces: the frontend surface plays the customer (simulation), like the admin does.
  layer(['src/surfaces/**', 'src/frontend/**'], ['store', 'admin'], ['lowdb', 'lowdb/*']),
  layer(['src/admin/**'], ['store'], ['lowdb', 'lowdb/*']),
  layer(['src/simulation/**'], ['store', 'admin', 'routes', 'surfaces', 'auth'], ['hono', 'hono/*', '@hono/*', 'lowdb', 'lowdb/*']),
);
