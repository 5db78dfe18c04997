import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../platform/db/database.js';
import { migrate } from '../platform/db/migrate.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated, empty PGlite database as a tarball: each test file's database starts from it. */
    pgliteSnapshot: string | null;
  }
}

/**
 * Once per run: PGlite's initdb and our migrations take ~4 s, loading their result ~1 s, and the
 * server's test files open ~50 databases (issue 28). On PostgreSQL each file migrates a schema of
 * its own, which is fast there.
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DB === 'postgres') {
    project.provide('pgliteSnapshot', null);
    return;
  }
  const handle = await openDatabase({ kind: 'pglite', dataDir: null });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wallx-pglite-'));
  const file = path.join(dir, 'migrated.tar');
  try {
    await migrate(handle.db);
    fs.writeFileSync(file, Buffer.from(await (await handle.snapshot!()).arrayBuffer()));
  } finally {
    await handle.close();
  }
  project.provide('pgliteSnapshot', file);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
