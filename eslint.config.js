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
);
