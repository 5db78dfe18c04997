// The markets' books: machine orders, C2C orders, their escrow and the miners they sold.
import { formatUnits } from 'viem';
import { entriesByRef, net, result, units } from './common.mjs';

/**
 * The staking pool's share of a fee (decision 143): `fee × fee_share` rounded down to 18 decimals,
 * moved from `fees` to `staking_pool` with the fee (the default share, 0.2: the bench changes no setting).
 */
const poolShare = (fee) => (fee * 2n) / 10n;

/**
 * No order half filled. A filled machine order: the buyer paid the price, the seller got the price
 * less the fee, the platform the fee (of which the staking pool its share), and the miner went to the buyer; an order not filled moved no
 * money. A C2C order: amount and fee went to escrow when published; filled, the buyer paid the total
 * to the seller and got the amount, the platform the fee, and the escrow is empty; cancelled, the
 * seller got amount and fee back; pending, the escrow holds them. Miners: each order's seller owned
 * the miner then, the last buyer owns it now, and it is `selling` exactly while an order is pending.
 */
export async function checkMarkets(db) {
  const problems = [];
  /** What the fees of filled orders sent on to the staking pool, per asset. */
  const poolShares = { USDT: 0n, WALLX: 0n };
  const mtrade = await db.query(
    `select id::text, seller_id::text, buyer_id::text, miner_id::text, status, unit_price::text, fee::text, cancel_reason from mtrade_orders o order by o.id`,
  );
  const mtradeEntries = await entriesByRef(db, 'mtrade_order');
  for (const o of mtrade.rows) {
    const entries = mtradeEntries.get(o.id) ?? [];
    const isFilled = o.status === 'filled';
    const [price, fee] = [units(o.unit_price), units(o.fee)];
    const buyerPaid = -net(entries, (e) => e.user_id === o.buyer_id && e.asset === 'USDT');
    const sellerNet = net(entries, (e) => e.user_id === o.seller_id && e.asset === 'USDT');
    const fees = net(entries, (e) => e.kind === 'fees');
    const pool = net(entries, (e) => e.kind === 'staking_pool');
    const share = poolShare(fee);
    const expected = isFilled
      ? {
          buyerPaid: price,
          sellerNet: price - fee,
          fees: fee - share,
          pool: share,
          n: 2 + (fee > 0n ? 2 : 0) + (share > 0n ? 2 : 0),
        }
      : { buyerPaid: 0n, sellerNet: 0n, fees: 0n, pool: 0n, n: 0 };
    if (isFilled) poolShares.USDT += share;
    if (
      buyerPaid !== expected.buyerPaid ||
      sellerNet !== expected.sellerNet ||
      fees !== expected.fees ||
      pool !== expected.pool ||
      entries.length !== expected.n
    ) {
      problems.push(
        `mtrade order ${o.id} (${o.status}): buyer paid ${buyerPaid}, seller net ${sellerNet}, fees ${fees}, pool ${pool}, ${entries.length} entries`,
      );
    }
  }
  const miners = await db.query(
    `select m.id::text, m.user_id::text as owner, m.state, mo.user_id::text as first_owner,
       (select count(*) from miner_transfers t where t.miner_id = m.id)::int as gifts
     from miners m join miner_orders mo on mo.id = m.order_id where exists (select 1 from mtrade_orders o where o.miner_id = m.id)`,
  );
  const ordersOf = new Map();
  for (const o of mtrade.rows) {
    if (!ordersOf.has(o.miner_id)) ordersOf.set(o.miner_id, []);
    ordersOf.get(o.miner_id).push(o);
  }
  for (const m of miners.rows) {
    if (m.gifts > 0) continue;
    let owner = m.first_owner;
    for (const o of ordersOf.get(m.id)) {
      if (o.seller_id !== owner)
        problems.push(`mtrade order ${o.id}: seller ${o.seller_id} did not own miner ${m.id} (owner ${owner})`);
      if (o.status === 'filled') owner = o.buyer_id;
    }
    if (m.owner !== owner) problems.push(`miner ${m.id} is owned by ${m.owner}, its last buyer is ${owner}`);
    const isSelling = ordersOf.get(m.id).some((o) => o.status === 'pending');
    if ((m.state === 'selling') !== isSelling)
      problems.push(`miner ${m.id} is ${m.state} with ${isSelling ? 'a' : 'no'} pending order`);
  }

  const c2c = await db.query(
    `select id::text, seller_id::text, buyer_id::text, status, amount::text, total::text, fee::text from c2c_orders o order by o.id`,
  );
  const c2cEntries = await entriesByRef(db, 'c2c_order');
  let escrowOwed = 0n;
  for (const o of c2c.rows) {
    const entries = c2cEntries.get(o.id) ?? [];
    const [amount, total, fee] = [units(o.amount), units(o.total), units(o.fee)];
    const got = {
      sellerWallx: net(entries, (e) => e.user_id === o.seller_id && e.asset === 'WALLX'),
      sellerUsdt: net(entries, (e) => e.user_id === o.seller_id && e.asset === 'USDT'),
      buyerWallx: o.buyer_id ? net(entries, (e) => e.user_id === o.buyer_id && e.asset === 'WALLX') : 0n,
      buyerUsdt: o.buyer_id ? net(entries, (e) => e.user_id === o.buyer_id && e.asset === 'USDT') : 0n,
      escrow: net(entries, (e) => e.kind === 'escrow'),
      fees: net(entries, (e) => e.kind === 'fees'),
      pool: net(entries, (e) => e.kind === 'staking_pool'),
    };
    const want = {
      pending: {
        sellerWallx: -(amount + fee),
        sellerUsdt: 0n,
        buyerWallx: 0n,
        buyerUsdt: 0n,
        escrow: amount + fee,
        fees: 0n,
        pool: 0n,
      },
      filled: {
        sellerWallx: -(amount + fee),
        sellerUsdt: total,
        buyerWallx: amount,
        buyerUsdt: -total,
        escrow: 0n,
        fees: fee - poolShare(fee),
        pool: poolShare(fee),
      },
      cancelled: { sellerWallx: 0n, sellerUsdt: 0n, buyerWallx: 0n, buyerUsdt: 0n, escrow: 0n, fees: 0n, pool: 0n },
    }[o.status];
    const wrong = Object.keys(want).filter((k) => got[k] !== want[k]);
    if (wrong.length > 0)
      problems.push(`c2c order ${o.id} (${o.status}): ${wrong.map((k) => `${k} ${got[k]} ≠ ${want[k]}`).join(', ')}`);
    if (o.status === 'pending') escrowOwed += amount + fee;
    if (o.status === 'filled') poolShares.WALLX += poolShare(fee);
  }
  const escrow = await db.query(
    `select coalesce(sum(e.amount), 0)::text as balance from ledger_entries e join accounts a on a.id = e.account_id where a.kind = 'escrow' and a.asset = 'WALLX'`,
  );
  if (units(escrow.rows[0].balance) !== escrowOwed)
    problems.push(`escrow holds ${escrow.rows[0].balance}, pending orders owe ${escrowOwed}`);
  const filled = {
    mtrade: mtrade.rows.filter((o) => o.status === 'filled').length,
    c2c: c2c.rows.filter((o) => o.status === 'filled').length,
  };
  const expired = mtrade.rows.filter((o) => o.cancel_reason === 'expired').length;
  return result(
    'no order half filled',
    problems,
    `${mtrade.rows.length} machine orders (${filled.mtrade} filled, ${expired} expired), ${c2c.rows.length} C2C orders (${filled.c2c} filled); fee shares to the staking pool: USDT ${formatUnits(poolShares.USDT, 18)}, WALLX ${formatUnits(poolShares.WALLX, 18)}`,
  );
}
