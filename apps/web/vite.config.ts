import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defaultServerConditions, type Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { en_US } from '../../packages/shared/src/i18n/en_US.ts';
import { id_ID } from '../../packages/shared/src/i18n/id_ID.ts';
import { ja_JP } from '../../packages/shared/src/i18n/ja_JP.ts';
import { ko_KR } from '../../packages/shared/src/i18n/ko_KR.ts';
import { zh_CN } from '../../packages/shared/src/i18n/zh_CN.ts';
import { pwaBuild } from './pwa/build.ts';
import { routePreloads } from './route-preloads.ts';
import { appPaths } from './src/app/route-access.ts';

const appCore =
  /[\\/](apps[\\/]web[\\/]src|packages[\\/](shared|client)[\\/]src|node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|use-sync-external-store))[\\/]/;

const pwaNotice = /[\\/](app[\\/]pwa-notice\.ts|i18n[\\/]pwa[\\/])/;

/** What /settings shows as the app's version: the package's, and the commit it was built from when git knows it. */
function appVersion(): string {
  const { version } = JSON.parse(readFileSync(new URL('package.json', import.meta.url), 'utf8')) as { version: string };
  try {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
    return commit ? `${version} (${commit})` : version;
  } catch {
    return version;
  }
}

/**
 * The page carries the app's own stylesheet (8.5 KB, 2.6 KB compressed) rather than linking it: a
 * phone paints the splash as soon as the page is in, one round trip sooner, whatever order the
 * scripts then arrive in. Each screen's styles still come as files, with its code.
 */
function inlineEntryCss(): Plugin {
  return {
    name: 'wallx-inline-entry-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        return html.replace(
          /<link rel="stylesheet" crossorigin href="\/(assets\/[\w.-]+\.css)">/g,
          (tag, fileName: string) => {
            const asset = bundle?.[fileName];
            return asset?.type === 'asset' ? `<style>${String(asset.source)}</style>` : tag;
          },
        );
      },
    },
  };
}

/**
 * The tab labels of the shell index.html paints first (decision 131), taken from the catalogs the
 * tab bar reads, so that a renamed tab is renamed there too.
 */
function bootShellLabels(): Plugin {
  const labels = Object.fromEntries(
    Object.entries({ en_US, zh_CN, ko_KR, ja_JP, id_ID }).map(([language, { nav }]) => [
      language,
      [nav.home, nav.mines, nav.trade, nav.me],
    ]),
  );
  const marker = /\/\*wallx-tab-labels\*\/ \{[^}]*\}/;
  return {
    name: 'wallx-boot-shell-labels',
    transformIndexHtml(html) {
      if (!marker.test(html)) throw new Error('index.html: the shell’s tab labels (/*wallx-tab-labels*/) are missing');
      return html.replace(marker, () => JSON.stringify(labels));
    },
  };
}

/**
 * WalletConnect's CommonJS packages require tslib. Its ESM entry, required from CommonJS, would add
 * interop helpers to the runtime chunk every page loads (the home page's budget); its CommonJS build,
 * given to those packages only, needs none. The rest of the app keeps the tree-shaken ESM one.
 */
function walletConnectTslib(): Plugin {
  const commonJs = fileURLToPath(new URL('../../node_modules/tslib/tslib.js', import.meta.url));
  return {
    name: 'wallx-walletconnect-tslib',
    enforce: 'pre',
    resolveId(source, importer) {
      return source === 'tslib' && importer?.includes(`${path.sep}@walletconnect${path.sep}`) ? commonJs : null;
    },
  };
}

export default defineConfig({
  define: { __APP_VERSION__: JSON.stringify(appVersion()) },
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [
    walletConnectTslib(),
    react(),
    inlineEntryCss(),
    bootShellLabels(),
    routePreloads({ router: fileURLToPath(new URL('src/app/router.tsx', import.meta.url)), paths: appPaths }),
    pwaBuild({
      worker: fileURLToPath(new URL('pwa/sw.js', import.meta.url)),
      notice: fileURLToPath(new URL('src/app/pwa-notice.ts', import.meta.url)),
    }),
  ],
  resolve: {
    // 'source' makes @wallx/shared resolve to its TypeScript; setting conditions replaces Vite's
    // defaults, so they are spread back in.
    conditions: ['source', ...defaultClientConditions],
    // antd-mobile's dependencies declare React peer ranges that stop at 18; whatever npm hoists,
    // every library must run on the app's one React 19.
    dedupe: ['react', 'react-dom'],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // Maps are written for debugging a build, never referenced from the bundles (the server keeps them out of production).
    sourcemap: 'hidden',
    rolldownOptions: {
      // The page, and the installed app's notices (decision 163): an entry of their own, loaded by the
      // page's inline script only when there is one to show; its exports are its interface.
      input: {
        index: fileURLToPath(new URL('index.html', import.meta.url)),
        'pwa-notice': fileURLToPath(new URL('src/app/pwa-notice.ts', import.meta.url)),
      },
      preserveEntrySignatures: 'exports-only',
      output: {
        // Seven hash characters (42 bits) are plenty to tell two builds of one file apart, and every
        // lazy file's name is listed in the core chunk the home page loads: one character fewer
        // each are about 100 gzip bytes of its 130 KB.
        entryFileNames: 'assets/[name]-[hash:7].js',
        chunkFileNames: 'assets/[name]-[hash:7].js',
        assetFileNames: 'assets/[name]-[hash:7][extname]',
        codeSplitting: {
          // The app core the entry imports statically ships as one file. Left alone, Rolldown cuts
          // each module that a lazy screen shares with the entry into its own small chunk, and the
          // home page pays for a dozen requests and their per-file overhead. antd-mobile stays out:
          // its index is "initial" but most of what it re-exports is used by lazy screens only.
          groups: [
            // The installed app's notices stay out: they are an entry loaded only when there is one to show.
            { name: 'app', tags: ['$initial'], test: (id: string) => appCore.test(id) && !pwaNotice.test(id) },
            // TanStack Query, which every screen that fetches loads whole: Rolldown would cut it into
            // four files (one of 38 bytes), each a round trip on a phone's first visit.
            { name: 'query', test: /[\\/]node_modules[\\/]@tanstack[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/api': process.env.WALLX_API_PROXY ?? 'http://127.0.0.1:8080' },
  },
  // Vitest runs the web tests through Vite's SSR pipeline, which has its own conditions; without
  // 'source' there, '@wallx/shared' resolves to dist/, which a fresh checkout has not built yet.
  ssr: { resolve: { conditions: ['source', ...defaultServerConditions], externalConditions: ['source'] } },
  test: {
    name: 'web',
    environment: 'node',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test-setup.ts'],
    restoreMocks: true,
  },
});
