import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Where a running server tells the project's commands how to reach it; the admin token only with the embedded database. */
const fileOf = (dataDir: string) => path.join(dataDir, 'server.json');

export type RunningServer = { url: string; adminToken: string | null; pid: number };

export function newAdminToken(): string {
  return crypto.randomBytes(24).toString('base64url');
}

export function announceServer(dataDir: string, url: string, adminToken: string | null): RunningServer {
  const server = { url, adminToken, pid: process.pid };
  fs.writeFileSync(fileOf(dataDir), JSON.stringify(server), { mode: 0o600 });
  return server;
}

export function withdrawServer(dataDir: string) {
  fs.rmSync(fileOf(dataDir), { force: true });
}

/** The server announced in the data dir, if its process is still alive. */
export function runningServer(dataDir: string): RunningServer | null {
  try {
    const server = JSON.parse(fs.readFileSync(fileOf(dataDir), 'utf8')) as RunningServer;
    process.kill(server.pid, 0);
    return server;
  } catch {
    return null;
  }
}
