// A third-party sweeper (issue 44): anyone may call the deposit factory's sweep (decision 93), so
// during the crash bench a wallet that is no one of ours sweeps users' deposit addresses, racing the
// server's own sweeps. The books must follow: each of its sweeps recorded once from the chain.
import pg from 'pg';
import { createWalletClient, erc20Abi, http as rpcTransport, numberToHex, parseAbi } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { sleep } from '../lib.mjs';

const factoryAbi = parseAbi(['function sweep(bytes32 salt, address token) returns (uint256 moved)']);
const ASSETS = ['USDT', 'WALLX'];
const pickOf = (list) => list[Math.floor(Math.random() * list.length)];

/**
 * Until `until()`: every `intervalMs` or so, one `sweep` of a user's address by the stranger, its
 * receipt awaited. It looks at a few addresses (the latest ones deposited to first) and sweeps one
 * holding tokens when it finds one, else a random one (a sweep that moves nothing, which the books
 * must ignore). Resolves with what it did: sweeps sent, those that moved tokens, the last block.
 * @param {{ chain: Awaited<ReturnType<typeof import('./chain.mjs').startSharedChain>>, databaseUrl: string, until: () => boolean, intervalMs?: number }} options
 */
export async function runStrangerSweeper({ chain, databaseUrl, until, intervalMs = 500 }) {
  // Deployed by startSharedChain before anything runs.
  const factory = /** @type {import('viem').Address} */ (chain.depositFactory);
  const account = privateKeyToAccount(generatePrivateKey());
  await chain.rpc('anvil_setBalance', [account.address, '0x56BC75E2D63100000']);
  const wallet = createWalletClient({ account, chain: chain.chain, transport: rpcTransport(chain.rpcUrl) });
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const done = { sent: 0, moved: 0, failed: 0, lastBlock: 0n, firstError: /** @type {string | null} */ (null) };
  const balanceOf = (asset, owner) =>
    chain.client.readContract({
      address: chain.tokens[asset],
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [owner],
    });
  try {
    while (!until()) {
      // The latest deposits' addresses first: the server sweeps them soon, so the stranger races it.
      const { rows } = await db.query(`
        (select da.user_id::text, da.address from deposits d join deposit_addresses da on da.address = d.to_address
          order by d.id desc limit 5)
        union all (select user_id::text, address from deposit_addresses order by random() limit 3)`);
      if (rows.length === 0) {
        await sleep(intervalMs);
        continue;
      }
      let target = { ...pickOf(rows), asset: pickOf(ASSETS) };
      for (const row of rows) {
        const asset = pickOf(ASSETS);
        if ((await balanceOf(asset, row.address)) > 0n) {
          target = { ...row, asset };
          break;
        }
      }
      try {
        const hash = await wallet.writeContract({
          address: factory,
          abi: factoryAbi,
          functionName: 'sweep',
          args: [numberToHex(BigInt(target.user_id), { size: 32 }), chain.tokens[target.asset]],
        });
        const receipt = await chain.client.waitForTransactionReceipt({ hash });
        done.sent++;
        // A Swept event with a non-zero amount: it moved tokens (its last word of data is `deployed`).
        const swept = receipt.logs.find((log) => log.address.toLowerCase() === factory.toLowerCase());
        if (swept && BigInt(swept.data.slice(0, 66)) > 0n) done.moved++;
        done.lastBlock = receipt.blockNumber;
      } catch (error) {
        done.failed++;
        done.firstError ??= String(error.message ?? error).split('\n')[0];
      }
      await sleep(intervalMs * (0.5 + Math.random()));
    }
    return done;
  } finally {
    await db.end();
  }
}
