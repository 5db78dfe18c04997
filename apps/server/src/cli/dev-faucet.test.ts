import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { createPublicClient, erc20Abi, http, parseUnits, type Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../platform/db/database.js';
import { createTestDatabase, newWallet } from '../test/helpers.js';
import { runSource, startSource, type Finished } from '../test/run-source.js';

/**
 * `npm start` and `npm run dev:faucet` as two processes, on the database the suite runs on:
 * PostgreSQL (this file's own schema) when TEST_DB=postgres, else the embedded PGlite.
 */
describe('npm run dev:faucet beside a running server', () => {
  let dataDir: string;
  let env: Record<string, string>;
  let database: DatabaseHandle | null = null;
  let server: ReturnType<typeof startSource>;
  let early: Finished | null = null;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wallx-faucet-'));
    env = { DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', DEMO_CATALOG: 'false' };
    if (process.env.TEST_DB === 'postgres') {
      database = await createTestDatabase();
      const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(database.db);
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.searchParams.set('options', `-c search_path=${rows[0]!.schema}`);
      env.DATABASE_URL = url.toString();
    }
    server = startSource(new URL('../server.ts', import.meta.url), [], env);
    void server.finished.then((result) => (early = result));
    const announced = path.join(dataDir, 'server.json');
    for (let waited = 0; !fs.existsSync(announced); waited += 100) {
      if (early) throw new Error(`the server stopped: ${early.stderr}`);
      if (waited > 60_000) throw new Error('the server did not start within 60 s');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }, 90_000);
  afterAll(async () => {
    server.child.kill('SIGTERM');
    await server.finished;
    await database?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 30_000);

  it('gives test tokens to any address', async () => {
    const address = newWallet().address;
    const result = await runSource(new URL('./dev-faucet.ts', import.meta.url), [address, '25'], env);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('USDT: minted 25');
    const { url } = JSON.parse(fs.readFileSync(path.join(dataDir, 'server.json'), 'utf8')) as { url: string };
    const settings = (await (await fetch(`${url}/api/funds/recharge/config`)).json()) as {
      data: { rpc_url: string; tokens: Record<'USDT' | 'WALLX', { address: Address }> };
    };
    const client = createPublicClient({ transport: http(settings.data.rpc_url) });
    for (const asset of ['USDT', 'WALLX'] as const) {
      const balance = await client.readContract({
        address: settings.data.tokens[asset].address,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [address],
      });
      expect(balance, asset).toBe(parseUnits('25', 18));
    }
  }, 60_000);
});
