// Deposits: time from the block that brings the Nth confirmation to the credit, with the scanner at
// its default pace; and scanner throughput over 10,000 blocks holding 1,000 deposits.
import path from 'node:path';
import { createWalletClient, erc20Abi, http, parseUnits } from 'viem';
import { foundry } from 'viem/chains';
import pino from 'pino';
import { loadDepositsServer } from './deposits-server.mjs';
import { freshDatabase, percentile, root } from './lib.mjs';

const dist = (p) => path.join(root, 'apps/server/dist', p);
const rpc = async (url, method, params = []) =>
  (
    await (
      await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
      })
    ).json()
  ).result;

export async function benchChain() {
  const { openDatabase, migrate, loadConfig, openChain, devAccount, LOCAL_ROLES, depositsService } =
    await loadDepositsServer();
  const { repeat } = /** @type {typeof import('../apps/server/src/platform/jobs/repeat.js')} */ (
    await import(dist('platform/jobs/repeat.js'))
  );
  const { sql } = await import('kysely');

  const database = await freshDatabase('wallx_bench_chain');
  const handle = await openDatabase({ kind: 'postgres', url: database.url, poolSize: 4 });
  const config = loadConfig({});
  const chain = await openChain(config.chain);
  try {
    await migrate(handle.db);
    const senders = Array.from({ length: 5 }, (_, i) => devAccount(LOCAL_ROLES.firstUser + i));
    for (const [i, account] of senders.entries()) {
      await sql`insert into users (address, share_code) values (${account.address.toLowerCase()}, ${`C${String(i).padStart(7, '0')}`})`.execute(
        handle.db,
      );
    }
    await sql`insert into accounts (user_id, kind, asset) select id, 'user', a from users, (values ('USDT'), ('WALLX')) v(a)`.execute(
      handle.db,
    );
    const deposits = depositsService(handle.db, chain);
    const wallets = senders.map((account) =>
      createWalletClient({ account, chain: foundry, transport: http(chain.rpcUrl) }),
    );
    const send = (wallet) =>
      wallet.writeContract({
        address: chain.tokens.USDT,
        abi: erc20Abi,
        functionName: 'transfer',
        args: [chain.depositAddress, parseUnits('1', 18)],
      });
    const credited = async () =>
      Number(
        /** @type {{ n: number }} */ ((await sql`select count(*)::int as n from deposits`.execute(handle.db)).rows[0])
          .n,
      );

    // 1) Latency, scanner running at its default pace.
    const job = repeat('scanner', () => deposits.scanOnce(), {
      intervalMs: chain.scanIntervalMs,
      log: pino({ level: 'silent' }),
    });
    const latencies = [];
    for (let i = 0; i < 10; i++) {
      const before = await credited();
      await send(wallets[i % wallets.length]); // mined at once: its first confirmation
      await rpc(chain.rpcUrl, 'anvil_mine', [`0x${(chain.confirmations - 2).toString(16)}`]);
      await new Promise((r) => setTimeout(r, Math.random() * chain.scanIntervalMs));
      await rpc(chain.rpcUrl, 'anvil_mine', ['0x1']); // the Nth confirmation
      const started = performance.now();
      while ((await credited()) === before) await new Promise((r) => setTimeout(r, 10));
      latencies.push(performance.now() - started);
    }
    await job.stop();
    latencies.sort((a, b) => a - b);
    const slowest = /** @type {number} */ (latencies.at(-1));

    // 2) Throughput: 1,000 deposits spread over 10,000 blocks, read from a reset cursor.
    for (let i = 0; i < 1000; i++) await send(wallets[i % wallets.length]);
    const head = Number(await rpc(chain.rpcUrl, 'eth_blockNumber'));
    if (head < 10_000)
      await rpc(chain.rpcUrl, 'anvil_mine', [`0x${(10_000 - head + chain.confirmations).toString(16)}`]);
    await sql`delete from chain_cursors`.execute(handle.db);
    const before = await credited();
    const started = performance.now();
    let passes = 0;
    for (;;) {
      const result = await deposits.scanOnce();
      passes++;
      if (!result || result.to < result.from) break;
    }
    const seconds = (performance.now() - started) / 1000;
    const newlyCredited = (await credited()) - before;
    const blocks = Number(await rpc(chain.rpcUrl, 'eth_blockNumber'));

    console.log(
      `\nDeposits on the local chain (anvil), PostgreSQL, ${chain.confirmations} confirmations, scanner every ${chain.scanIntervalMs} ms`,
    );
    console.table([
      {
        measure: 'Nth confirmation block → credited, p50 (10 deposits)',
        value: `${percentile(latencies, 50).toFixed(0)} ms`,
        target: '< 2000 ms',
      },
      { measure: 'Nth confirmation block → credited, max', value: `${slowest.toFixed(0)} ms`, target: '' },
      {
        measure: `scan of ${blocks} blocks (${passes} passes of ≤ ${chain.scanBlockRange})`,
        value: `${seconds.toFixed(2)} s`,
        target: '',
      },
      { measure: 'deposits credited by that scan', value: String(newlyCredited), target: '1000' },
      {
        measure: 'scanner throughput',
        value: `${Math.round(blocks / seconds)} blocks/s, ${Math.round(newlyCredited / seconds)} deposits/s`,
        target: '',
      },
    ]);
    const pass = slowest < 2000 && newlyCredited === 1000;
    console.log(`latency max ${slowest.toFixed(0)} ms, ${newlyCredited} of 1000 credited → ${pass ? 'PASS' : 'FAIL'}`);
    return pass;
  } finally {
    await chain.stop();
    await handle.close();
    await database.drop();
  }
}
