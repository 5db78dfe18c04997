import os from 'node:os';
import { defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

// '@wallx/shared' resolves to its TypeScript source in tests (the "source" export condition).
const resolve = { conditions: ['source', ...defaultServerConditions] };
// Vitest hands these to Node as --conditions too: with "module", Node's require() of a package that
// exports an ESM build under it (prom-client's @opentelemetry/api) loads that build, which Node 20
// cannot. Node itself never uses "module", so the server's tests resolve as `node` would.
const serverResolve = { conditions: resolve.conditions.filter((condition) => condition !== 'module') };

export default defineConfig({
  test: {
    // Vitest's default leaves one core to itself (one worker on a 2-core machine), but its own process
    // is mostly idle while the workers run PGlite and jsdom: both cores are used (issue 28).
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    projects: [
      'apps/web/vite.config.ts',
      'apps/admin/vite.config.ts',
      {
        resolve,
        ssr: { resolve: { conditions: resolve.conditions, externalConditions: ['source'] } },
        test: {
          name: 'client',
          include: ['packages/client/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          restoreMocks: true,
        },
      },
      {
        resolve,
        ssr: { resolve: { conditions: resolve.conditions, externalConditions: ['source'] } },
        test: {
          name: 'shared',
          include: ['packages/shared/src/**/*.test.ts', 'packages/contracts/test/*.test.ts', 'scripts/*.test.mjs'],
          environment: 'node',
        },
      },
      {
        resolve: serverResolve,
        ssr: { resolve: { conditions: serverResolve.conditions, externalConditions: ['source'] } },
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/server/src/test/global-setup.ts'],
          // Every error answer a test sees must be declared by the document (test/declared-errors.ts).
          setupFiles: ['apps/server/src/test/declared-errors.ts'],
          // A worker runs its files one after another in one module graph: the server's modules are
          // loaded once per worker, not once per file. Each file still builds its own app and database.
          isolate: false,
          // PGlite starts a WebAssembly Postgres per test file; give slow machines room.
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Tests of a file run in an order other than written (fixed, so a failure reproduces): a
          // test that leans on the one before it fails here instead of on the day someone reorders.
          sequence: { shuffle: { files: false, tests: true }, seed: 12345 },
        },
      },
    ],
  },
});
