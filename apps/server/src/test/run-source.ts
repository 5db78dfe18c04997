import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../../../', import.meta.url));

// The project's commands run built files; tests run their source the way vitest loads it, through
// Vite's module runner, so they check the code under test without a build.
const moduleRunner = `
import { createServer, createServerModuleRunner, defaultServerConditions } from 'vite';
const conditions = ['source', ...defaultServerConditions];
const server = await createServer({
  configFile: false, appType: 'custom', logLevel: 'error', optimizeDeps: { noDiscovery: true },
  server: { middlewareMode: true, hmr: false, ws: false, watch: null },
  resolve: { conditions }, ssr: { resolve: { conditions, externalConditions: ['source'] } },
});
await createServerModuleRunner(server.environments.ssr, { hmr: false }).import(process.argv[1]);`;

export type Finished = { code: number | null; stdout: string; stderr: string };

/**
 * Starts a source file of the server (`../cli/ledger-check.ts`, `../server.ts`) as its own process.
 * `detached`: in a process group of its own, which a test can kill whole (a server and its chain node).
 */
export function startSource(
  file: URL,
  args: string[],
  env: Record<string, string>,
  options: { detached?: boolean } = {},
): { child: ChildProcess; finished: Promise<Finished> } {
  // Only what the test gives: the suite's own DATABASE_URL must not leak into the command.
  const { DATABASE_URL: _, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--input-type=module', '-e', moduleRunner, fileURLToPath(file), ...args], {
    cwd: root,
    env: { ...inherited, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: options.detached ?? false,
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk) => (stdout += chunk));
  child.stderr?.on('data', (chunk) => (stderr += chunk));
  const finished = new Promise<Finished>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
  return { child, finished };
}

export const runSource = (file: URL, args: string[], env: Record<string, string>) =>
  startSource(file, args, env).finished;
