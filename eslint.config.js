import path from 'node:path';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** Features never import each other; routes in src/app compose them (bulletproof-react's rule). */
const featureBoundaries = {
  meta: { type: 'problem', messages: { cross: 'Feature "{{from}}" must not import feature "{{to}}"; compose them in src/app.' } },
  create(context) {
    const file = context.filename;
    const own = /[\\/]src[\\/]features[\\/]([^\\/]+)[\\/]/.exec(file)?.[1];
    if (!own) return {};
    return {
      ImportDeclaration(node) {
        const source = node.source.value;
        if (typeof source !== 'string' || !source.startsWith('.')) return;
        const target = path.resolve(path.dirname(file), source);
        const other = /[\\/]src[\\/]features[\\/]([^\\/]+)/.exec(target)?.[1];
        if (other && other !== own) context.report({ node, messageId: 'cross', data: { from: own, to: other } });
      },
    };
  },
};

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '**/test-results/**', '**/playwright-report/**', 'packages/contracts/artifacts/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/config.ts', 'apps/server/src/**/*.test.ts', 'apps/server/src/test/**'],
    rules: {
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Read configuration in src/config.ts only.' }],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, wallx: { rules: { 'feature-boundaries': featureBoundaries } } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'wallx/feature-boundaries': 'error',
    },
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly', setTimeout: 'readonly', fetch: 'readonly', Buffer: 'readonly', performance: 'readonly' } },
  },
);
