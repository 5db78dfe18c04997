// Sweeps and wallets (issue 33) against the chain: every sweep and cold transfer on chain recorded
// once, none sent twice, and where the books say the tokens are is where the chain has them. Sweeps
// anyone else sent through the factory (issue 44) are in the books too, each Swept event once.
import { erc20Abi, parseAbiItem } from 'viem';
import { result, units } from './common.mjs';

const sweptEvent = parseAbiItem(
  'event Swept(bytes32 indexed salt, address indexed forwarder, address indexed token, uint256 amount, bool deployed)',
);
const transferEvent = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)');
const ASSETS = ['USDT', 'WALLX'];
const sumBy = (rows, pick) => rows.reduce((total, row) => total + pick(row), 0n);

/**
 * Each transfer from the hot wallet to cold storage is one confirmed cold transfer of that amount,
 * and each confirmed one is on chain once.
 */
async function checkColdTransfers(chain, colds, assetOf, problems) {
  const toCold = await chain.client.getLogs({
    address: Object.values(chain.tokens),
    event: transferEvent,
    args: { from: chain.hotWallet, to: chain.coldWallet },
    fromBlock: 0n,
    toBlock: 'latest',
  });
  const coldByTx = new Map(colds.map((c) => [c.tx_hash.toLowerCase(), c]));
  const seen = new Set();
  for (const log of toCold) {
    const c = coldByTx.get(log.transactionHash.toLowerCase());
    if (!c) problems.push(`transfer ${log.transactionHash} to cold storage is recorded nowhere`);
    else if (
      c.status !== 'confirmed' ||
      units(c.amount) !== log.args.value ||
      c.asset !== assetOf[log.address.toLowerCase()]
    )
      problems.push(`cold transfer ${c.id}: ${c.status} ${c.amount} ${c.asset}, chain moved ${log.args.value}`);
    else if (seen.has(c.id)) problems.push(`cold transfer ${c.id} on chain twice`);
    else seen.add(c.id);
  }
  for (const c of colds)
    if (c.status === 'confirmed' && !seen.has(c.id)) problems.push(`cold transfer ${c.id} not on chain`);
}

/**
 * Per token, nothing in flight: where the books say the tokens are is where the chain has them, and
 * the chain holds what the books owe. A line of figures per token.
 */
async function checkBalances(chain, { sweeps, items, events, colds, deposits, paid, own }, balanceOf, problems) {
  const figures = [];
  for (const asset of ASSETS) {
    const of = (rows) => rows.filter((r) => r.asset === asset);
    const sweptIn = sumBy(
      of(sweeps).filter((s) => s.status === 'confirmed'),
      (s) => units(s.amount_received ?? '0'),
    );
    const sweptOut = sumBy(
      items.filter((i) => of(sweeps).some((s) => s.id === i.sweep_id && s.status === 'confirmed')),
      (i) => units(i.swept ?? '0'),
    );
    const sweptByOthers = sumBy(
      of(events).filter((e) => e.sweep_id === null),
      (e) => units(e.amount),
    );
    const sentCold = sumBy(
      of(colds).filter((c) => c.status === 'confirmed'),
      (c) => units(c.amount),
    );
    const payouts = sumBy(of(paid), (w) => units(w.amount));
    const creditedOwn = sumBy(
      of(deposits).filter((d) => d.to_address),
      (d) => units(d.amount),
    );
    const creditedShared = sumBy(
      of(deposits).filter((d) => !d.to_address),
      (d) => units(d.amount),
    );
    const books = {
      hot: units(chain.hotStart) + sweptIn + sweptByOthers - payouts - sentCold,
      cold: sentCold,
      unswept: creditedOwn - sweptOut - sweptByOthers,
      shared: creditedShared,
    };
    const addressBalances = await Promise.all(own.map((a) => balanceOf(asset, a)));
    const onChain = {
      hot: await balanceOf(asset, chain.hotWallet),
      cold: await balanceOf(asset, chain.coldWallet),
      unswept: addressBalances.reduce((a, b) => a + b, 0n),
      shared: await balanceOf(asset, chain.depositAddress),
    };
    for (const bucket of Object.keys(books))
      if (books[bucket] !== onChain[bucket])
        problems.push(`${asset} ${bucket}: books ${books[bucket]}, chain ${onChain[bucket]}`);
    const total = sumBy(Object.values(onChain), (v) => v);
    const owedToBeHeld = units(chain.hotStart) + creditedOwn + creditedShared - payouts;
    if (total !== owedToBeHeld) problems.push(`${asset}: chain holds ${total}, books ${owedToBeHeld}`);
    figures.push(
      `${asset} swept by others ${sweptByOthers / 10n ** 18n}, hot ${onChain.hot / 10n ** 18n}, cold ${onChain.cold / 10n ** 18n}, unswept ${onChain.unswept / 10n ** 18n}, shared ${onChain.shared / 10n ** 18n}`,
    );
  }
  return figures;
}

/**
 * Sweeps: each transaction of ours with Swept events is one recorded, confirmed sweep whose addresses
 * and amounts match them; each recorded sweep's receipt agrees with its status; no nonce used twice.
 * Every Swept event that moved tokens from a user's address is recorded once (`swept_events`), with
 * our sweep when it is one of ours, with none when someone else sent it; no other event is recorded,
 * and no recorded one is missing from the chain.
 * Cold transfers: each transfer from the hot wallet to cold storage is one confirmed cold transfer of
 * that amount, and each confirmed one is on chain once. Then per token, nothing in flight:
 * hot = start + swept into it (by us and by others) − payouts − sent cold; cold = sent cold; users'
 * deposit addresses = credited there − swept by us − swept by others; the shared address = credited
 * there; their sum = start + deposits − payouts.
 */
export async function checkTreasury(db, chain) {
  const problems = [];
  const hot = chain.hotWallet.toLowerCase();
  const assetOf = Object.fromEntries(Object.entries(chain.tokens).map(([asset, a]) => [a.toLowerCase(), asset]));
  const balanceOf = (asset, owner) =>
    chain.client.readContract({
      address: chain.tokens[asset],
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [owner],
    });

  const sweeps = (
    await db.query(`select id::text, asset, status, tx_hash, nonce::text, amount_received::text from sweeps`)
  ).rows;
  const items = (await db.query(`select sweep_id::text, address, swept::text, deployed from sweep_addresses`)).rows;
  const colds = (
    await db.query(`select id::text, asset, status, tx_hash, nonce::text, amount::text from cold_transfers`)
  ).rows;
  const byTx = new Map(sweeps.map((s) => [s.tx_hash.toLowerCase(), s]));
  const events = (
    await db.query(
      `select tx_hash, log_index, address, asset, amount::text, deployed, sweep_id::text from swept_events`,
    )
  ).rows;
  const eventAt = new Map(events.map((e) => [`${e.tx_hash}:${e.log_index}`, e]));
  const own = (await db.query(`select address from deposit_addresses`)).rows.map((r) => r.address);
  const isOwn = new Set(own);
  const onChainEvents = new Set();
  // How far the server's reader has read: an event of our own sweep past it is not recorded yet (the
  // sweep's books do not need it); one of someone else's must be (the crash bench waits for it).
  const readThrough = BigInt(
    (await db.query(`select coalesce(max(block_number), -1)::text as b from chain_cursors where name like 'swept:%'`))
      .rows[0].b,
  );
  let strangerSweeps = 0;

  const sweptLogs = await chain.client.getLogs({
    address: chain.depositFactory,
    event: sweptEvent,
    fromBlock: 0n,
    toBlock: 'latest',
  });
  const logsByTx = new Map();
  for (const log of sweptLogs) {
    const tx = log.transactionHash.toLowerCase();
    if (!logsByTx.has(tx)) logsByTx.set(tx, []);
    logsByTx.get(tx).push(log);
  }
  for (const [tx, logs] of logsByTx) {
    const sweep = byTx.get(tx);
    for (const log of logs) {
      const key = `${tx}:${log.logIndex}`;
      onChainEvents.add(key);
      const row = eventAt.get(key);
      const isCounted = log.args.amount > 0n && isOwn.has(log.args.forwarder.toLowerCase());
      if (!isCounted) {
        if (row) problems.push(`Swept ${key} moved nothing of a user's address, yet is recorded`);
        continue;
      }
      if (!row && sweep && log.blockNumber > readThrough) continue;
      if (
        !row ||
        row.sweep_id !== (sweep?.id ?? null) ||
        units(row.amount) !== log.args.amount ||
        row.address !== log.args.forwarder.toLowerCase() ||
        row.asset !== assetOf[log.args.token.toLowerCase()]
      )
        problems.push(
          `Swept ${key} (${sweep ? `sweep ${sweep.id}` : 'by someone else'}): books ${JSON.stringify(row)}`,
        );
    }
    if (!sweep) {
      strangerSweeps++;
      continue;
    }
    if (sweep.status !== 'confirmed') problems.push(`sweep ${sweep.id} moved tokens on chain but is ${sweep.status}`);
    const mine = items.filter((i) => i.sweep_id === sweep.id);
    for (const log of logs) {
      const item = mine.find((i) => i.address === log.args.forwarder.toLowerCase());
      if (!item || units(item.swept ?? '0') !== log.args.amount || item.deployed !== log.args.deployed)
        problems.push(`sweep ${sweep.id}: ${log.args.forwarder} moved ${log.args.amount}, books say ${item?.swept}`);
    }
  }
  for (const sweep of sweeps) {
    const receipt = await chain.client.getTransactionReceipt({ hash: sweep.tx_hash }).catch(() => null);
    const onChain = receipt ? (receipt.status === 'success' ? 'confirmed' : 'reverted') : 'dropped';
    if (sweep.status !== onChain) problems.push(`sweep ${sweep.id} is ${sweep.status}, the chain says ${onChain}`);
    if (receipt?.status === 'success') {
      const received = receipt.logs
        .filter((l) => l.address.toLowerCase() === chain.tokens[sweep.asset].toLowerCase())
        .filter((l) => l.topics[2] && `0x${l.topics[2].slice(26)}` === hot)
        .reduce((total, l) => total + BigInt(l.data), 0n);
      if (received !== units(sweep.amount_received ?? '0'))
        problems.push(`sweep ${sweep.id}: hot wallet received ${received}, books say ${sweep.amount_received}`);
    }
  }
  for (const key of eventAt.keys()) if (!onChainEvents.has(key)) problems.push(`Swept ${key} recorded, not on chain`);
  const nonces = [...sweeps, ...colds].filter((m) => m.status !== 'dropped').map((m) => m.nonce);
  if (new Set(nonces).size !== nonces.length) problems.push('two sweeps or cold transfers share a nonce');

  await checkColdTransfers(chain, colds, assetOf, problems);

  const open = [...sweeps, ...colds].filter((m) => m.status === 'sent').length;
  if (open > 0) problems.push(`${open} sweeps or cold transfers still in flight`);

  const deposits = (await db.query(`select asset, amount::text, to_address from deposits`)).rows;
  const paid = (await db.query(`select asset, amount::text from withdrawals where status = 'completed'`)).rows;
  const records = { sweeps, items, events, colds, deposits, paid, own };
  const figures = await checkBalances(chain, records, balanceOf, problems);
  const count = (rows, status) => rows.filter((r) => r.status === status).length;
  return result(
    'sweeps and cold transfers recorded once; books match chain',
    problems,
    `${sweeps.length} sweeps (${count(sweeps, 'confirmed')} confirmed, ${count(sweeps, 'reverted')} reverted, ${count(sweeps, 'dropped')} dropped), ${strangerSweeps} by someone else (${events.filter((e) => e.sweep_id === null).length} Swept events recorded), ${colds.length} cold transfers (${count(colds, 'confirmed')} confirmed); ${figures.join('; ')}`,
  );
}
