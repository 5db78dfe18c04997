// `npm run lint`'s contract step: writes the server's OpenAPI document (built in-process from the
// route schemas, apps/server/src/cli/openapi-document.ts) to a temporary file and lints it twice:
// with Spectral's OWASP API ruleset (.spectral.yaml; any error fails and is printed, warnings are
// not) and with Redocly's recommended rules (redocly.yaml; any problem fails). Both always run.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

// The source, run the way the tests load it (Vite's module runner): no build needed to lint.
const moduleRunner = `
import { createServer, createServerModuleRunner, defaultServerConditions } from 'vite';
const conditions = ['source', ...defaultServerConditions];
const server = await createServer({
  configFile: false, appType: 'custom', logLevel: 'error', optimizeDeps: { noDiscovery: true },
  server: { middlewareMode: true, hmr: false, ws: false, watch: null },
  resolve: { conditions }, ssr: { resolve: { conditions, externalConditions: ['source'] } },
});
await createServerModuleRunner(server.environments.ssr, { hmr: false }).import(process.argv[1]);
await server.close();`;

function run(command, args, env = process.env) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', env });
    child.on('error', () => resolve(1));
    child.on('close', (code) => resolve(code ?? 1));
  });
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wallx-openapi-'));
const file = path.join(dir, 'openapi.json');
try {
  const built = await run(process.execPath, [
    '--input-type=module',
    '-e',
    moduleRunner,
    path.join(root, 'apps/server/src/cli/openapi-document.ts'),
    file,
  ]);
  if (built !== 0) {
    console.error('openapi-lint: could not build the OpenAPI document');
    process.exit(1);
  }
  const spectral = await run(path.join(root, 'node_modules/.bin/spectral'), [
    'lint',
    '--ruleset',
    path.join(root, '.spectral.yaml'),
    '--fail-severity',
    'error',
    '--display-only-failures',
    file,
  ]);
  // No "a new version is available" notice: the lint's output is its findings.
  const redocly = await run(
    path.join(root, 'node_modules/.bin/redocly'),
    ['lint', '--config', path.join(root, 'redocly.yaml'), '--format', 'stylish', file],
    { ...process.env, REDOCLY_SUPPRESS_NOTIFICATIONS: 'true' },
  );
  process.exit(spectral || redocly);
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
