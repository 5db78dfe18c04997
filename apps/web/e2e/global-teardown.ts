import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const run = promisify(execFile);

type LedgerReport = { ok: boolean; problems: unknown[] };

/**
 * How the running server can be reached, as it announces itself in its data dir (server.json,
 * written by apps/server/src/platform/running-server.ts; only with the embedded database).
 */
function announcedServer(dataDir: string): { url: string; adminToken: string; pid: number } | null {
  try {
    return JSON.parse(fs.readFileSync(path.join(dataDir, 'server.json'), 'utf8')) as {
      url: string;
      adminToken: string;
      pid: number;
    };
  } catch {
    return null;
  }
}

async function isAnswering(url: string): Promise<boolean> {
  try {
    return (await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) })).ok;
  } catch {
    return false;
  }
}

/** The server's own check, run inside it: its embedded database is open in one process at a time. Answers the problems, if any. */
async function askServer(server: { url: string; adminToken: string }): Promise<string | null> {
  const response = await fetch(`${server.url}/api/internal/ledger_check`, {
    method: 'POST',
    headers: { 'x-wallx-admin-token': server.adminToken },
  });
  const body = (await response.json()) as { code: number; message: string; data: LedgerReport };
  if (body.code !== 0) throw new Error(`ledger check: the e2e server answered ${body.code} ${body.message}`);
  return body.data.ok ? null : JSON.stringify(body.data.problems, null, 2);
}

/** `npm run ledger:check` on the data dir, for when the server is gone (exit 1 lists the problems). */
async function runCli(dataDir: string): Promise<string | null> {
  try {
    await run('node', ['apps/server/dist/cli/ledger-check.js'], {
      cwd: repoRoot,
      env: { ...process.env, DATA_DIR: dataDir },
    });
    return null;
  } catch (error) {
    const { code, stdout, stderr } = error as { code?: number; stdout?: string; stderr?: string };
    if (code === 1) return stdout ?? 'ledger check failed';
    throw new Error(`ledger check could not run (exit ${code}): ${stderr || stdout || String(error)}`);
  }
}

/**
 * Every test moved money through the one e2e server: its books must still balance. Playwright stops
 * the webServer after the global teardown (its teardown runs last: microsoft/playwright#7604), so
 * the server is normally still up and is asked; if it died during the run, the CLI opens its
 * database instead. The run's data dir is deleted only when the books balance, and kept for a look
 * otherwise.
 */
export default async function globalTeardown(): Promise<void> {
  const dataDir = process.env.WALLX_E2E_DATA_DIR;
  if (!dataDir) return;

  const server = announcedServer(dataDir);
  const isServerUp = server !== null && (await isAnswering(server.url));
  const problems = isServerUp ? await askServer(server) : await runCli(dataDir);
  if (problems !== null) {
    const how = isServerUp ? 'asked the e2e server' : 'ledger:check on its data dir';
    throw new Error(`The books of the e2e server do not balance (${how}); its data is kept in ${dataDir}\n${problems}`);
  }
  // Only a directory the config made: one given by hand is the caller's.
  if (!dataDir.includes('wallx-e2e-')) return;
  // Its jobs still write there (a deletion racing a new file failed with ENOTEMPTY): stop it first.
  if (isServerUp && server) await stopProcess(server.pid);
  fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
}

/** SIGTERM, then wait (at most 15 s) for the process to be gone; Playwright's own stop then finds nothing to do. */
async function stopProcess(pid: number): Promise<void> {
  const alive = () => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  if (!alive()) return;
  process.kill(pid, 'SIGTERM');
  for (let i = 0; i < 150 && alive(); i++) await new Promise((resolve) => setTimeout(resolve, 100));
}
