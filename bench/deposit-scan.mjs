// The deposit scanner against a million users' deposit addresses: blocks of 2,000 Transfer logs of
// the supported tokens, 1 % of them to users' own addresses, on a real anvil chain. The reference is
// a bare `eth_getLogs` of the same blocks with the scanner's own filter, in the same run.
import crypto from 'node:crypto';
import path from 'node:path';
import { createRequire } from 'node:module';
import { createWalletClient, encodeFunctionData, erc20Abi, http, parseUnits } from 'viem';
import { foundry } from 'viem/chains';
import { loadDepositsServer } from './deposits-server.mjs';
import { freshDatabase, percentile, root } from './lib.mjs';

// BENCH_DEPOSIT_USERS: fewer users for a quick look (the target is judged with the million).
const USERS = Number(process.env.BENCH_DEPOSIT_USERS ?? 1_000_000);
const LOGS_PER_BLOCK = 2000;
const USER_LOGS_PER_BLOCK = 20; // 1 %
const BLOCKS = 20; // per round
const ROUNDS = 3;
const WARMUP_BLOCKS = 3;
// Transfers per transaction: a block is several transactions of the batch helper, each well below
// a transaction's gas cap; both tokens in every block.
const PER_TX = 250;

const require = createRequire(path.join(root, 'packages/contracts/package.json'));

/** A bench-only helper, compiled here with solc-js: one transaction makes many token transfers. */
const BATCH_SOURCE = `// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;
interface IToken { function transfer(address to, uint256 value) external returns (bool); }
contract BenchBatchTransfer {
    function send(address token, address[] calldata to, uint256 value) external {
        for (uint256 i = 0; i < to.length; i++) require(IToken(token).transfer(to[i], value + i));
    }
}`;

function compileBatch() {
  const solc = require('solc');
  const output = JSON.parse(
    solc.compile(
      JSON.stringify({
        language: 'Solidity',
        sources: { 'BenchBatchTransfer.sol': { content: BATCH_SOURCE } },
        settings: {
          optimizer: { enabled: true, runs: 200 },
          evmVersion: 'paris',
          outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
        },
      }),
    ),
  );
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length > 0) throw new Error(errors.map((e) => e.formattedMessage).join('\n'));
  const contract = output.contracts['BenchBatchTransfer.sol'].BenchBatchTransfer;
  return { abi: contract.abi, bytecode: /** @type {`0x${string}`} */ (`0x${contract.evm.bytecode.object}`) };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const shuffle = (items) => {
  for (let i = items.length - 1; i > 0; i--) {
    const j = crypto.randomInt(i + 1);
    [items[i], items[j]] = [items[j], items[i]];
  }
  return items;
};
const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
const randomAddress = () => /** @type {`0x${string}`} */ (`0x${crypto.randomBytes(20).toString('hex')}`);

/** An RPC call to the chain's node, as JSON-RPC: its result. */
const rpcOf =
  (rpcUrl) =>
  async (method, params = []) => {
    const body = await (
      await fetch(rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
      })
    ).json();
    if (body.error) throw new Error(`${method}: ${JSON.stringify(body.error)}`);
    return body.result;
  };

/**
 * The users, seeded in bulk, and the users' addresses the blocks will pay, drawn at random.
 * @param {typeof import('kysely').sql} sql
 */
async function seedUsers(sql, db, chain) {
  // 1,000,000 users, their two accounts and their deposit addresses, in bulk. The addresses are
  // deterministic fakes spread over the key space like real CREATE2 addresses (what derives them
  // is not what is measured); the recipients that are users are read back from the table.
  const seedStarted = performance.now();
  const factory = chain.depositFactory.address.toLowerCase();
  await sql`insert into users (address, share_code)
    select '0x' || lpad(to_hex(g), 40, '0'), 'S' || lpad(g::text, 7, '0') from generate_series(1, ${USERS}::int) g`.execute(
    db,
  );
  await sql`insert into accounts (user_id, kind, asset) select id, 'user', a from users, (values ('USDT'), ('WALLX')) v(a)`.execute(
    db,
  );
  await sql`insert into deposit_addresses (address, user_id, factory)
    select '0x' || md5('a' || id) || left(md5('b' || id), 8), id, ${factory} from users`.execute(db);
  await sql`vacuum analyze`.execute(db);
  const seedSeconds = (performance.now() - seedStarted) / 1000;

  const totalBlocks = WARMUP_BLOCKS + ROUNDS * BLOCKS;
  const ids = [
    ...new Set(Array.from({ length: totalBlocks * USER_LOGS_PER_BLOCK * 2 }, () => 1 + crypto.randomInt(USERS))),
  ];
  const { rows: owned } = await /** @type {typeof sql<{ address: string }>} */ (
    sql
  )`select address from deposit_addresses
    where user_id = any(${ids.map(String)}::bigint[])`.execute(db);
  const userAddresses = shuffle(owned.map((r) => /** @type {`0x${string}`} */ (r.address)));
  if (userAddresses.length < totalBlocks * USER_LOGS_PER_BLOCK) throw new Error('too few user addresses drawn');
  return { seedSeconds, userAddresses, totalBlocks };
}

/** The blocks of Transfer logs, mined on the chain: the first one's number. */
async function produceBlocks({ chain, rpc, userAddresses, totalBlocks, devAccount, LOCAL_ROLES }) {
  // The blocks: the batch helper holds both tokens; each block is LOGS_PER_BLOCK / PER_TX of its
  // transactions (half USDT, half WALLX), mined together with automine off.
  const producedStarted = performance.now();
  const deployer = devAccount(LOCAL_ROLES.deployer);
  const wallet = createWalletClient({ account: deployer, chain: foundry, transport: http(chain.rpcUrl) });
  const batch = compileBatch();
  await rpc('evm_setBlockGasLimit', [`0x${(1_000_000_000).toString(16)}`]);
  const deployHash = await wallet.deployContract({ account: deployer, abi: batch.abi, bytecode: batch.bytecode });
  const helper = /** @type {`0x${string}`} */ (
    (await chain.client.waitForTransactionReceipt({ hash: deployHash, pollingInterval: 20 })).contractAddress
  );
  const tokenAbi = [
    ...erc20Abi,
    {
      type: 'function',
      name: 'mint',
      stateMutability: 'nonpayable',
      inputs: [
        { name: 'to', type: 'address' },
        { name: 'value', type: 'uint256' },
      ],
      outputs: [],
    },
  ];
  for (const token of Object.values(chain.tokens)) {
    const hash = await wallet.writeContract({
      account: deployer,
      address: token,
      abi: tokenAbi,
      functionName: 'mint',
      args: [helper, parseUnits('1000000000', 18)],
    });
    await chain.client.waitForTransactionReceipt({ hash, pollingInterval: 20 });
  }
  await rpc('evm_setAutomine', [false]);
  let nonce = await chain.client.getTransactionCount({ address: deployer.address, blockTag: 'pending' });
  const firstBlock = (await chain.client.getBlockNumber()) + 1n;
  const tokens = Object.values(chain.tokens);
  for (let b = 0; b < totalBlocks; b++) {
    const recipients = shuffle([
      ...userAddresses.slice(b * USER_LOGS_PER_BLOCK, (b + 1) * USER_LOGS_PER_BLOCK),
      ...Array.from({ length: LOGS_PER_BLOCK - USER_LOGS_PER_BLOCK }, randomAddress),
    ]);
    const txs = LOGS_PER_BLOCK / PER_TX;
    /** @type {`0x${string}`[]} */
    const hashes = [];
    for (let t = 0; t < txs; t++) {
      hashes.push(
        await wallet.sendTransaction({
          account: deployer,
          to: helper,
          data: encodeFunctionData({
            abi: batch.abi,
            functionName: 'send',
            args: [tokens[t < txs / 2 ? 0 : 1], recipients.slice(t * PER_TX, (t + 1) * PER_TX), parseUnits('1', 18)],
          }),
          gas: BigInt(PER_TX) * 60_000n,
          nonce: nonce++,
        }),
      );
    }
    await rpc('evm_mine');
    for (const hash of hashes) {
      const receipt = await chain.client.getTransactionReceipt({ hash });
      if (receipt.status !== 'success' || receipt.blockNumber !== firstBlock + BigInt(b))
        throw new Error(`block ${b}: transaction ${hash} ${receipt.status} in block ${receipt.blockNumber}`);
    }
  }
  // The last block needs its confirmations.
  await rpc('anvil_mine', [`0x${chain.confirmations.toString(16)}`]);
  await rpc('evm_setAutomine', [true]);
  const produceSeconds = (performance.now() - producedStarted) / 1000;
  return { firstBlock, produceSeconds };
}

/** The three ways to read a run of blocks: the bare read, the node alone, the scanner. */
function passesOf({ chain, rpc, sql, db, deposits, cursorName, transferEvent }) {
  /** The reference: one bare getLogs per block, the scanner's filter. */
  async function readBlocks(from, count) {
    const times = [];
    let logs = 0;
    for (let b = from; b < from + BigInt(count); b++) {
      const started = performance.now();
      const found = await chain.client.getLogs({
        address: Object.values(chain.tokens),
        event: transferEvent,
        fromBlock: b,
        toBlock: b,
      });
      times.push(performance.now() - started);
      if (found.length !== LOGS_PER_BLOCK) throw new Error(`block ${b}: ${found.length} logs`);
      logs += found.length;
    }
    return { times, logs, ms: times.reduce((a, t) => a + t, 0) };
  }
  /** What the node alone costs: the same eth_getLogs as JSON-RPC, answer parsed, no viem (shown, not judged). */
  async function rawBlocks(from, count) {
    const times = [];
    for (let b = from; b < from + BigInt(count); b++) {
      const started = performance.now();
      const found = await rpc('eth_getLogs', [
        {
          address: Object.values(chain.tokens),
          topics: [TRANSFER_TOPIC],
          fromBlock: `0x${b.toString(16)}`,
          toBlock: `0x${b.toString(16)}`,
        },
      ]);
      times.push(performance.now() - started);
      if (found.length !== LOGS_PER_BLOCK) throw new Error(`block ${b}: ${found.length} logs`);
    }
    return { times, ms: times.reduce((a, t) => a + t, 0) };
  }
  /** The scanner over the same blocks from a cursor set just before them: one pass per block. */
  async function scanBlocks(from, count) {
    await sql`insert into chain_cursors (name, block_number) values (${cursorName}, ${(from - 1n).toString()})
      on conflict (name) do update set block_number = excluded.block_number`.execute(db);
    const times = [];
    let credited = 0;
    for (let b = 0; b < count; b++) {
      const started = performance.now();
      const result = await deposits.scanOnce();
      times.push(performance.now() - started);
      if (!result || result.from !== from + BigInt(b) || result.to !== result.from)
        throw new Error(`pass ${b}: ${JSON.stringify(result, (_, v) => (typeof v === 'bigint' ? String(v) : v))}`);
      credited += result.credited;
    }
    if (credited !== count * USER_LOGS_PER_BLOCK)
      throw new Error(`credited ${credited}, expected ${count * USER_LOGS_PER_BLOCK}`);
    return { times, ms: times.reduce((a, t) => a + t, 0) };
  }
  return { readBlocks, rawBlocks, scanBlocks };
}

/** A warm-up, then the rounds, alternating which goes first. */
async function measureRounds({ readBlocks, rawBlocks, scanBlocks }, firstBlock) {
  await readBlocks(firstBlock, WARMUP_BLOCKS);
  await rawBlocks(firstBlock, WARMUP_BLOCKS);
  await scanBlocks(firstBlock, WARMUP_BLOCKS);
  const rounds = [];
  const passTimes = [];
  const readTimes = [];
  for (let round = 0; round < ROUNDS; round++) {
    // Fresh blocks for the scanner each round (every deposit in them new), the same ones for the
    // reference; which goes first alternates.
    const from = firstBlock + BigInt(WARMUP_BLOCKS + round * BLOCKS);
    let ref;
    let scan;
    if (round % 2 === 0) {
      ref = await readBlocks(from, BLOCKS);
      scan = await scanBlocks(from, BLOCKS);
    } else {
      scan = await scanBlocks(from, BLOCKS);
      ref = await readBlocks(from, BLOCKS);
    }
    const raw = await rawBlocks(from, BLOCKS);
    rounds.push({ reference: ref.ms, scanner: scan.ms, raw: raw.ms });
    passTimes.push(...scan.times);
    readTimes.push(...ref.times);
  }
  return { rounds, passTimes, readTimes };
}

/** Prints the figures beside the reference's: whether the targets are met. */
function report({ rounds, passTimes, readTimes, seedSeconds, produceSeconds, totalBlocks }) {
  const refMs = median(rounds.map((r) => r.reference));
  const rawMs = median(rounds.map((r) => r.raw));
  const scanMs = median(rounds.map((r) => r.scanner));
  const refPerBlock = refMs / BLOCKS;
  const scanPerBlock = scanMs / BLOCKS;
  const ratio = scanMs / refMs;
  const logsPerSecond = (ms) => Math.round((BLOCKS * LOGS_PER_BLOCK) / (ms / 1000));
  console.log(
    `\nDeposit scanner, PostgreSQL, ${USERS.toLocaleString('en-US')} users with deposit addresses (seeded in ${seedSeconds.toFixed(1)} s); ` +
      `anvil blocks of ${LOGS_PER_BLOCK.toLocaleString('en-US')} Transfer logs (USDT and WALLX), ${USER_LOGS_PER_BLOCK} of them to users' ` +
      `deposit addresses (${totalBlocks} blocks produced in ${produceSeconds.toFixed(1)} s); one block per pass, ` +
      `${BLOCKS} blocks per round, ${ROUNDS} alternating rounds (medians)`,
  );
  console.table([
    {
      path: 'shown: the node alone (raw JSON-RPC eth_getLogs)',
      'ms/block': (rawMs / BLOCKS).toFixed(1),
      'p95 ms': '',
      'max ms': '',
      'logs/s': logsPerSecond(rawMs),
      'rounds ms': rounds.map((r) => r.raw.toFixed(0)).join(' / '),
    },
    {
      path: 'reference: bare getLogs, same filter, same blocks',
      'ms/block': refPerBlock.toFixed(1),
      'p95 ms': percentile(readTimes, 95).toFixed(1),
      'max ms': Math.max(...readTimes).toFixed(1),
      'logs/s': logsPerSecond(refMs),
      'rounds ms': rounds.map((r) => r.reference.toFixed(0)).join(' / '),
    },
    {
      path: 'scanner: scanOnce (getLogs + owners + credits + cursor)',
      'ms/block': scanPerBlock.toFixed(1),
      'p95 ms': percentile(passTimes, 95).toFixed(1),
      'max ms': Math.max(...passTimes).toFixed(1),
      'logs/s': logsPerSecond(scanMs),
      'rounds ms': rounds.map((r) => r.scanner.toFixed(0)).join(' / '),
    },
  ]);
  const pass = ratio <= 1.5 && scanPerBlock < 100;
  console.log(
    `scanner ${(ratio * 100).toFixed(0)} % of the bare read (target ≤ 150 %), ${scanPerBlock.toFixed(1)} ms per block of ` +
      `${LOGS_PER_BLOCK.toLocaleString('en-US')} logs (target < 100 ms) → ${pass ? 'PASS' : 'FAIL'}`,
  );
  return pass;
}

export async function benchDepositScan() {
  const { openDatabase, migrate, loadConfig, openChain, devAccount, LOCAL_ROLES, depositsService } =
    await loadDepositsServer();
  const { sql } = await import('kysely');

  const database = await freshDatabase('wallx_bench_deposit_scan');
  const handle = await openDatabase({ kind: 'postgres', url: database.url, poolSize: 4 });
  // One block per scanner pass, so that a pass's time is a block's.
  const config = loadConfig({ SCAN_BLOCK_RANGE: '1' });
  const chain = await openChain(config.chain);
  const rpc = rpcOf(chain.rpcUrl);
  try {
    await migrate(handle.db);
    const { seedSeconds, userAddresses, totalBlocks } = await seedUsers(sql, handle.db, chain);
    const produced = await produceBlocks({ chain, rpc, userAddresses, totalBlocks, devAccount, LOCAL_ROLES });
    const { firstBlock, produceSeconds } = produced;
    const deposits = depositsService(handle.db, chain);
    const cursorName = `deposits:${chain.chainId}:${chain.depositAddress.toLowerCase()}`;
    const transferEvent = erc20Abi.find((item) => item.type === 'event' && item.name === 'Transfer');
    const passes = passesOf({ chain, rpc, sql, db: handle.db, deposits, cursorName, transferEvent });
    const { rounds, passTimes, readTimes } = await measureRounds(passes, firstBlock);
    const { rows: counts } = await /** @type {typeof sql<{ deposits: number; own: number }>} */ (
      sql
    )`select (select count(*)::int from deposits) as deposits,
      (select count(*)::int from deposits where to_address is not null) as own`.execute(handle.db);
    const expected = (WARMUP_BLOCKS + ROUNDS * BLOCKS) * USER_LOGS_PER_BLOCK;
    if (counts[0].deposits !== expected || counts[0].own !== expected)
      throw new Error(`deposits rows ${JSON.stringify(counts[0])}, expected ${expected}`);

    return report({ rounds, passTimes, readTimes, seedSeconds, produceSeconds, totalBlocks });
  } finally {
    await chain.stop();
    await handle.close();
    await database.drop();
  }
}
