// The browsers' form rules, read off the shared zod schemas (packages/shared/src/forms/derive-rules.ts)
// and written to packages/shared/src/forms/rules.generated.ts, which the app and the console import
// without zod. `node scripts/field-rules.mjs` writes the file; `--check` (in `npm run lint`) fails
// when it is not what the schemas say, so a schema changed without regenerating is caught.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';

const root = fileURLToPath(new URL('..', import.meta.url));
const target = `${root}packages/shared/src/forms/rules.generated.ts`;

// The source, run the way the tests load it (Vite's module runner), as scripts/openapi-lint.mjs does.
const moduleRunner = `
import { createServer, createServerModuleRunner, defaultServerConditions } from 'vite';
const conditions = ['source', ...defaultServerConditions];
const server = await createServer({
  configFile: false, appType: 'custom', logLevel: 'error', optimizeDeps: { noDiscovery: true },
  server: { middlewareMode: true, hmr: false, ws: false, watch: null },
  resolve: { conditions }, ssr: { resolve: { conditions, externalConditions: ['source'] } },
});
const { rulesModule } = await createServerModuleRunner(server.environments.ssr, { hmr: false }).import(process.argv[1]);
process.stdout.write(rulesModule());
await server.close();`;

const derived = spawnSync(
  process.execPath,
  ['--input-type=module', '-e', moduleRunner, `${root}packages/shared/src/forms/derive-rules.ts`],
  { cwd: root, encoding: 'utf8' },
);
if (derived.status !== 0) {
  process.stderr.write(derived.stderr);
  process.exit(1);
}
const options = await prettier.resolveConfig(target);
const text = await prettier.format(derived.stdout, { ...options, filepath: target });

if (process.argv.includes('--check')) {
  const current = fs.existsSync(target) ? fs.readFileSync(target, 'utf8') : '';
  if (current !== text) {
    console.error(
      'packages/shared/src/forms/rules.generated.ts is not what the schemas say: run node scripts/field-rules.mjs',
    );
    process.exit(1);
  }
} else {
  fs.writeFileSync(target, text);
}
