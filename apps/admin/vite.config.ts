import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  // The server mounts the console under /admin, beside the phone app at the root.
  base: '/admin/',
  plugins: [react()],
  resolve: {
    // 'source' makes @wallx/shared resolve to its TypeScript; setting conditions replaces Vite's defaults.
    conditions: ['source', ...defaultClientConditions],
    dedupe: ['react', 'react-dom'],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: 'hidden',
  },
  server: {
    proxy: { '/api': process.env.WALLX_API_PROXY ?? 'http://127.0.0.1:8080' },
  },
  ssr: { resolve: { conditions: ['source', ...defaultServerConditions], externalConditions: ['source'] } },
  test: {
    name: 'admin',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
  },
});
