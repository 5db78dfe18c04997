// The chain against the books: payouts out of the hot wallet and transfers to the deposit addresses.
import { parseAbiItem } from 'viem';
import { result, units } from './common.mjs';

const transferEvent = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)');

/**
 * No payout made twice: each transfer out of the hot wallet belongs to one withdrawal's signed
 * transaction, a withdrawal was paid at most once (exactly once when completed, to its address, its
 * amount), and per asset the chain paid what the books debited for completed withdrawals. Deposits:
 * every transfer to the deposit address credited once, for its amount.
 */
export async function checkChain(db, chain) {
  const problems = [];
  const assetOf = Object.fromEntries(
    Object.entries(chain.tokens).map(([asset, address]) => [address.toLowerCase(), asset]),
  );
  const logs = async (args) =>
    chain.client.getLogs({
      address: Object.values(chain.tokens),
      event: transferEvent,
      args,
      fromBlock: 0n,
      toBlock: 'latest',
    });
  const paidOut = await logs({ from: chain.hotWallet });
  const withdrawals = await db.query(
    `select id::text, asset, amount::text, to_address, status, tx_hash from withdrawals`,
  );
  const signed = await db.query(`select tx_hash, withdrawal_id::text from withdrawal_transactions`);
  const withdrawalOfTx = new Map(signed.rows.map((r) => [r.tx_hash.toLowerCase(), r.withdrawal_id]));
  // Transfers to cold storage leave the hot wallet too; books-check/treasury.mjs checks them.
  const cold = await db.query(`select tx_hash from cold_transfers`);
  const coldTxs = new Set(cold.rows.map((r) => r.tx_hash.toLowerCase()));
  const payouts = new Map();
  for (const log of paidOut) {
    const id = withdrawalOfTx.get(log.transactionHash.toLowerCase());
    if (!id && coldTxs.has(log.transactionHash.toLowerCase())) continue;
    if (!id) {
      problems.push(`transfer ${log.transactionHash} out of the hot wallet belongs to no withdrawal`);
      continue;
    }
    if (!payouts.has(id)) payouts.set(id, []);
    payouts.get(id).push(log);
  }
  const onChain = { USDT: 0n, WALLX: 0n };
  const books = { USDT: 0n, WALLX: 0n };
  for (const w of withdrawals.rows) {
    const paid = payouts.get(w.id) ?? [];
    for (const log of paid) onChain[assetOf[log.address.toLowerCase()]] += log.args.value;
    if (paid.length > 1) problems.push(`withdrawal ${w.id} paid ${paid.length} times`);
    if (w.status === 'completed') {
      books[w.asset] += units(w.amount);
      const [log] = paid;
      if (!log) problems.push(`withdrawal ${w.id} completed without a transfer on chain`);
      else if (
        log.args.value !== units(w.amount) ||
        log.args.to.toLowerCase() !== w.to_address ||
        assetOf[log.address.toLowerCase()] !== w.asset ||
        log.transactionHash.toLowerCase() !== w.tx_hash?.toLowerCase()
      ) {
        problems.push(
          `withdrawal ${w.id}: paid ${log.args.value} to ${log.args.to} in ${log.transactionHash}, books say ${w.amount} ${w.asset} to ${w.to_address} in ${w.tx_hash}`,
        );
      }
    } else if (paid.length > 0) problems.push(`withdrawal ${w.id} is ${w.status} but was paid on chain`);
  }
  // What the ledger debited the users (withdraw entries, fee apart) for the completed ones.
  const debited = await db.query(`select w.asset, coalesce(-sum(e.amount), 0)::text as amount from withdrawals w
    join ledger_entries e on e.ref_type = 'withdrawal' and e.ref_id = w.id::text and e.type = 'withdrawal' and e.amount < 0 where w.status = 'completed' group by w.asset`);
  const ledger = { USDT: 0n, WALLX: 0n };
  for (const r of debited.rows) ledger[r.asset] = units(r.amount);
  for (const asset of ['USDT', 'WALLX']) {
    if (onChain[asset] !== books[asset] || books[asset] !== ledger[asset])
      problems.push(
        `${asset}: chain paid ${onChain[asset]}, completed withdrawals ${books[asset]}, ledger debited ${ledger[asset]}`,
      );
  }
  const open = withdrawals.rows.filter((w) => w.status !== 'completed').map((w) => `${w.id}:${w.status}`);
  if (open.length > 0) problems.push(`withdrawals not completed: ${open.slice(0, 10).join(', ')}`);

  // To the shared deposit address, and to users' own (issue 33).
  const own = await db.query(`select address from deposit_addresses`);
  const received = await logs({ to: [chain.depositAddress, ...own.rows.map((r) => r.address)] });
  const deposits = await db.query(`select tx_hash, log_index, amount::text, asset from deposits`);
  const credited = new Map(deposits.rows.map((d) => [`${d.tx_hash}:${d.log_index}`, d]));
  let creditedOnChain = 0;
  for (const log of received) {
    const d = credited.get(`${log.transactionHash.toLowerCase()}:${log.logIndex}`);
    if (!d) problems.push(`deposit ${log.transactionHash}:${log.logIndex} not credited`);
    else if (units(d.amount) !== log.args.value || d.asset !== assetOf[log.address.toLowerCase()])
      problems.push(`deposit ${log.transactionHash} credited ${d.amount} ${d.asset}`);
    else creditedOnChain++;
  }
  if (deposits.rows.length !== received.length)
    problems.push(`${deposits.rows.length} deposits credited for ${received.length} transfers on chain`);
  const depositPostings = await db.query(
    `select count(distinct ref_id)::int as n from ledger_entries where ref_type = 'deposit'`,
  );
  if (depositPostings.rows[0].n !== deposits.rows.length)
    problems.push(`${depositPostings.rows[0].n} deposit postings for ${deposits.rows.length} deposits`);
  const count = (status) => withdrawals.rows.filter((w) => w.status === status).length;
  return result(
    'no payout made twice; deposits credited once',
    problems,
    `${withdrawals.rows.length} withdrawals, ${count('completed')} completed, ${paidOut.length} payouts on chain (USDT ${onChain.USDT / 10n ** 18n}, WALLX ${onChain.WALLX / 10n ** 18n} = withdrawals completed = ledger debits); ${received.length} deposits on chain, ${creditedOnChain} credited once`,
  );
}
