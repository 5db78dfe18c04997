import { sql } from 'kysely';
import { createTestClient, http, publicActions, type Address } from 'viem';
import { foundry } from 'viem/chains';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config.js';
import type { DatabaseHandle } from '../db/database.js';
import { createTestDatabase } from '../../test/helpers.js';
import { openChain, type ChainContext } from './context.js';
import { verifyChain } from './verify.js';

describe('the chain checks at start', () => {
  let chain: ChainContext;
  let database: DatabaseHandle;
  let anvil: ReturnType<typeof testClient>;
  const testClient = (rpcUrl: string) =>
    createTestClient({ chain: foundry, mode: 'anvil', transport: http(rpcUrl), cacheTime: 0 }).extend(publicActions);
  beforeAll(async () => {
    chain = await openChain(loadConfig({}).chain);
    anvil = testClient(chain.rpcUrl);
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
    await chain.stop();
  });

  it('pass on the right chain and tokens, and the database remembers the chain it was created on', async () => {
    await verifyChain(chain, database.db);
    await verifyChain(chain, database.db);
    const stored = await database.db
      .selectFrom('platform_settings')
      .select('value')
      .where('name', '=', 'chain_id')
      .executeTakeFirstOrThrow();
    expect(stored.value).toBe('31337');
  });

  it('refuse a database created on another chain', async () => {
    const other = await createTestDatabase();
    try {
      await sql`insert into platform_settings (name, value) values ('chain_id', '56')`.execute(other.db);
      await expect(verifyChain(chain, other.db)).rejects.toThrow(
        /created on chain 56 and the server is configured for chain 31337/,
      );
    } finally {
      await other.close();
    }
  });

  it('refuse an RPC that serves another chain than configured', async () => {
    await expect(verifyChain({ ...chain, chainId: 56, kind: 'bsc' }, database.db)).rejects.toThrow(
      /serves chain 31337, but CHAIN=bsc is chain 56/,
    );
  });

  it('refuse a token with other decimals, or an address that is no token', async () => {
    // Runtime code that answers 6 to any call: a 6-decimal token's decimals().
    const sixDecimals = '0x0000000000000000000000000000000000006666' as Address;
    await anvil.setCode({ address: sixDecimals, bytecode: '0x600660005260206000f3' });
    await expect(
      verifyChain({ ...chain, tokens: { ...chain.tokens, USDT: sixDecimals } }, database.db),
    ).rejects.toThrow(`USDT_ADDRESS ${sixDecimals} has 6 decimals; WALLX counts USDT with 18`);
    const nobody = '0x0000000000000000000000000000000000007777' as Address;
    await expect(verifyChain({ ...chain, tokens: { ...chain.tokens, WALLX: nobody } }, database.db)).rejects.toThrow(
      /WALLX_ADDRESS .* answers no decimals\(\)/,
    );
  });
});
