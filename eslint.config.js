import path from 'node:path';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/**
 * Features never import each other; the app composes them (bulletproof-react's rule). Used for the
 * web's features and the server's modules. `folder` matches a path into one and captures its name;
 * `shared` lists the files (without their ending) one may import from another.
 */
function boundaries({ folder, kind, composer, shared = [] }) {
  const ending = /\.[cm]?[jt]sx?$/;
  const toPosix = (p) => p.split(path.sep).join('/');
  return {
    meta: {
      type: 'problem',
      messages: {
        cross: `The ${kind} "{{from}}" must not import the ${kind} "{{to}}"; move what both need out of the ${kind}s, or compose them in ${composer}.`,
      },
    },
    create(context) {
      const file = toPosix(context.filename);
      const own = folder.exec(file)?.[1];
      if (!own) return {};
      const check = (node) => {
        const source = node.source?.value;
        if (typeof source !== 'string' || !source.startsWith('.')) return;
        const target = toPosix(path.resolve(path.dirname(context.filename), source));
        const other = folder.exec(`${target}/`)?.[1];
        if (!other || other === own) return;
        if (shared.some((allowed) => target.replace(ending, '').endsWith(allowed))) return;
        context.report({ node, messageId: 'cross', data: { from: own, to: other } });
      };
      return {
        ImportDeclaration: check,
        ExportNamedDeclaration: check,
        ExportAllDeclaration: check,
        ImportExpression: check,
      };
    },
  };
}

/**
 * The server's three layers (docs/server-layout.md): platform/ imports nothing above it, kernel/ only
 * the platform, a module only the kernel and the platform (other modules reach it through app/ports.ts).
 * app/, cli/ and server.ts compose them and may import any layer. Tests and fixtures may reach up to
 * build the app they test.
 */
function layers() {
  const SRC = /\/apps\/server\/src\//;
  const rank = { platform: 0, kernel: 1, modules: 2 };
  const layerOf = (file) => {
    const rest = file.split(SRC)[1];
    if (rest === undefined) return undefined;
    const top = rest.split('/')[0];
    return top in rank ? top : 'composition';
  };
  const toPosix = (p) => p.split(path.sep).join('/');
  return {
    meta: {
      type: 'problem',
      messages: {
        up: 'The {{from}} layer must not import from {{to}}/ ({{source}}): platform/ imports nothing above it, kernel/ only platform/, modules/ only kernel/ and platform/. Move what both need down a layer, or hand it in through app/.',
      },
    },
    create(context) {
      const file = toPosix(context.filename);
      if (/\.(test|fixtures)\.tsx?$/.test(file) || /\/src\/test\//.test(file)) return {};
      const from = layerOf(file);
      if (!from || from === 'composition') return {};
      const check = (node) => {
        const source = node.source?.value;
        if (typeof source !== 'string' || !source.startsWith('.')) return;
        const to = layerOf(toPosix(path.resolve(path.dirname(context.filename), source)));
        if (!to) return;
        if (to === 'composition' || rank[to] > rank[from]) {
          context.report({ node, messageId: 'up', data: { from, to: to === 'composition' ? 'app' : to, source } });
        }
      };
      return {
        ImportDeclaration: check,
        ExportNamedDeclaration: check,
        ExportAllDeclaration: check,
        ImportExpression: check,
      };
    },
  };
}

const wallx = {
  rules: {
    'feature-boundaries': boundaries({ folder: /\/src\/features\/([^/]+)\//, kind: 'feature', composer: 'src/app' }),
    // The ledger is the accounting core every money module posts to; nothing else is shared.
    'module-boundaries': boundaries({
      folder: /\/apps\/server\/src\/modules\/([^/]+)\//,
      kind: 'module',
      composer: 'src/app (app/ports.ts)',
    }),
    'server-layers': layers(),
  },
};

const webNoZod = { name: 'zod', message: 'Use the rules in @wallx/shared (constants), not zod, in the web app.' };

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'packages/contracts/artifacts/**',
    ],
  },
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
    ignores: ['apps/server/src/platform/config/config.ts', 'apps/server/src/**/*.test.ts', 'apps/server/src/test/**'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration in src/platform/config/config.ts only.' },
      ],
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    plugins: { wallx },
    rules: { 'wallx/module-boundaries': 'error', 'wallx/server-layers': 'error' },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, wallx },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'wallx/feature-boundaries': 'error',
      // The app checks forms with the zod-free rules of @wallx/shared; zod would cost a screen 24 KB gzip.
      // antd-mobile serves only the imperative toast and confirm dialog (lib/antd-setup.ts): they
      // follow the language without a ConfigProvider, which a component in the app's tree would need.
      'no-restricted-imports': [
        'error',
        {
          paths: [webNoZod],
          patterns: [
            {
              group: ['antd-mobile', 'antd-mobile/*'],
              message: 'antd-mobile is for lib/toast-impl.ts and lib/confirm-dialog-impl.ts (see lib/antd-setup.ts).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/lib/{antd-setup,toast-impl,confirm-dialog-impl}.ts', 'apps/web/src/**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { paths: [webNoZod] }] },
  },
  {
    // The console follows the app's rules: features never import each other, and no zod in the browser.
    files: ['apps/admin/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, wallx },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'wallx/feature-boundaries': 'error',
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'zod', message: 'Use the rules in @wallx/shared (constants), not zod, in the console.' }] },
      ],
    },
  },
  {
    // What the app and the console share is browser code too: no zod (it would cost each a screen's budget).
    files: ['packages/client/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'zod', message: 'Use the rules in @wallx/shared (constants), not zod, in browser code.' }] },
      ],
    },
  },
  {
    // A function a newcomer can read at once: a factory grown past this is split by use case
    // (docs/server-layout.md). Tests and their fixtures are long lists of cases, and are left out.
    files: ['**/*.{ts,tsx,mjs,js}'],
    ignores: ['**/*.test.{ts,tsx,mjs}', '**/e2e/**', 'apps/server/src/test/**', '**/*.fixtures.ts'],
    rules: { 'max-lines-per-function': ['error', { max: 150 }] },
  },
  {
    // A focused or skipped test silently shrinks the suite; a skip for a missing service is a
    // condition (runIf) that npm test lists by name in its closing lines.
    files: ['**/*.test.{ts,tsx}', 'apps/web/e2e/**/*.ts', 'apps/admin/e2e/**/*.ts', 'packages/contracts/test/**/*.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...['describe', 'it', 'test'].flatMap((object) =>
          ['only', 'skip', 'todo'].map((property) => ({
            object,
            property,
            message: `No ${object}.${property} in a committed test.`,
          })),
        ),
      ],
    },
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        URL: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        setInterval: 'readonly',
        clearInterval: 'readonly',
        fetch: 'readonly',
        Buffer: 'readonly',
        performance: 'readonly',
        AbortSignal: 'readonly',
      },
    },
  },
);
