// After a mixed load (bench/mixed-load/): the books, the markets, the chain and the idempotency
// keys, each checked against the others. Every check answers { check, ok, detail }.
import { execFileSync } from 'node:child_process';
import pg from 'pg';
import { parseAbiItem, parseUnits } from 'viem';
import { root } from './lib.mjs';

const transferEvent = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)');
const units = (decimal) => parseUnits(String(decimal), 18);
const sum = (/** @type {bigint[]} */ values) => values.reduce((a, b) => a + b, 0n);
/** JSON with sorted keys: the same value whatever order jsonb kept its keys in. */
const canonical = (value) =>
  JSON.stringify(value, (_k, v) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );

function result(check, problems, figures = '') {
  return {
    check,
    ok: problems.length === 0,
    detail: problems.length === 0 ? figures : `${problems.length} problem(s): ${problems.slice(0, 5).join('; ')}`,
  };
}

/** `npm run ledger:check` on the database: every transaction balances, balances equal entries, withdrawals agree with their entries. */
export function ledgerCheck(databaseUrl) {
  try {
    const out = execFileSync(process.execPath, ['apps/server/dist/cli/ledger-check.js'], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: databaseUrl, CHAIN: 'local' },
      encoding: 'utf8',
      stdio: 'pipe',
    });
    return { check: 'ledger:check', ok: true, detail: out.trim().split('\n').join(' · ') };
  } catch (error) {
    return {
      check: 'ledger:check',
      ok: false,
      detail: `exit ${error.status}: ${String(error.stdout ?? '').slice(0, 600)}`,
    };
  }
}

/** Entries caused by `refType`, with the owner and kind of their account, grouped by ref id. */
async function entriesByRef(db, refType) {
  const { rows } = await db.query(
    `select e.ref_id, e.type, e.amount::text as amount, a.user_id::text as user_id, a.kind, a.asset
     from ledger_entries e join accounts a on a.id = e.account_id where e.ref_type = $1`,
    [refType],
  );
  const byRef = new Map();
  for (const r of rows) {
    if (!byRef.has(r.ref_id)) byRef.set(r.ref_id, []);
    byRef.get(r.ref_id).push({ ...r, amount: units(r.amount) });
  }
  return byRef;
}
const net = (entries, match) => sum(entries.filter(match).map((e) => e.amount));

/**
 * No order half filled. A filled machine order: the buyer paid the price, the seller got the price
 * less the fee, the platform the fee, and the miner went to the buyer; an order not filled moved no
 * money. A C2C order: amount and fee went to escrow when published; filled, the buyer paid the total
 * to the seller and got the amount, the platform the fee, and the escrow is empty; cancelled, the
 * seller got amount and fee back; pending, the escrow holds them. Miners: each order's seller owned
 * the miner then, the last buyer owns it now, and it is `selling` exactly while an order is pending.
 */
export async function checkMarkets(db) {
  const problems = [];
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
    const expected = isFilled
      ? { buyerPaid: price, sellerNet: price - fee, fees: fee, n: fee > 0n ? 4 : 2 }
      : { buyerPaid: 0n, sellerNet: 0n, fees: 0n, n: 0 };
    if (
      buyerPaid !== expected.buyerPaid ||
      sellerNet !== expected.sellerNet ||
      fees !== expected.fees ||
      entries.length !== expected.n
    ) {
      problems.push(
        `mtrade order ${o.id} (${o.status}): buyer paid ${buyerPaid}, seller net ${sellerNet}, fees ${fees}, ${entries.length} entries`,
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
    };
    const want = {
      pending: {
        sellerWallx: -(amount + fee),
        sellerUsdt: 0n,
        buyerWallx: 0n,
        buyerUsdt: 0n,
        escrow: amount + fee,
        fees: 0n,
      },
      filled: {
        sellerWallx: -(amount + fee),
        sellerUsdt: total,
        buyerWallx: amount,
        buyerUsdt: -total,
        escrow: 0n,
        fees: fee,
      },
      cancelled: { sellerWallx: 0n, sellerUsdt: 0n, buyerWallx: 0n, buyerUsdt: 0n, escrow: 0n, fees: 0n },
    }[o.status];
    const wrong = Object.keys(want).filter((k) => got[k] !== want[k]);
    if (wrong.length > 0)
      problems.push(`c2c order ${o.id} (${o.status}): ${wrong.map((k) => `${k} ${got[k]} ≠ ${want[k]}`).join(', ')}`);
    if (o.status === 'pending') escrowOwed += amount + fee;
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
    `${mtrade.rows.length} machine orders (${filled.mtrade} filled, ${expired} expired), ${c2c.rows.length} C2C orders (${filled.c2c} filled)`,
  );
}

/** Purchases paid once for their units, stock taken once per unit, placed orders each one miner, collections paid what they collected. */
export async function checkMiners(db, world) {
  const problems = [];
  const purchases = await db.query(
    `select purchase_id::text, user_id::text, pay_asset, sum(price)::text as price, count(*)::int as units from miner_orders where not gift group by purchase_id, user_id, pay_asset`,
  );
  const paid = await entriesByRef(db, 'miner_purchase');
  for (const p of purchases.rows) {
    const entries = paid.get(p.purchase_id) ?? [];
    const debited = -net(entries, (e) => e.user_id === p.user_id && e.asset === p.pay_asset);
    if (entries.length !== 2 || debited !== units(p.price))
      problems.push(
        `purchase ${p.purchase_id}: ${p.units} units for ${p.price}, debited ${debited} in ${entries.length} entries`,
      );
  }
  if (paid.size !== purchases.rows.length)
    problems.push(`${paid.size} purchase postings for ${purchases.rows.length} purchases`);
  const stock = await db.query(
    `select p.id::text, p.stock, (select count(*) from miner_orders o where o.product_id = p.id)::int as out from miner_products p`,
  );
  for (const p of stock.rows)
    if (p.stock + p.out !== world.productStock)
      problems.push(`product ${p.id}: stock ${p.stock} + ${p.out} units out ≠ ${world.productStock}`);
  const placed = await db.query(
    `select (select count(*) from miner_orders where status = 'used')::int as used, (select count(*) from miners)::int as miners`,
  );
  if (placed.rows[0].used !== placed.rows[0].miners)
    problems.push(`${placed.rows[0].used} orders used, ${placed.rows[0].miners} miners`);
  const collections = await db.query(
    `select collection_id::text, user_id::text, sum(amount)::text as amount, count(*)::int as n from miner_outputs where collection_id is not null group by collection_id, user_id`,
  );
  const credited = await entriesByRef(db, 'output_collection');
  for (const c of collections.rows) {
    const entries = credited.get(c.collection_id) ?? [];
    const got = net(entries, (e) => e.user_id === c.user_id);
    if (got !== units(c.amount))
      problems.push(`collection ${c.collection_id}: ${c.n} outputs of ${c.amount}, credited ${got}`);
  }
  if (credited.size !== collections.rows.filter((c) => units(c.amount) > 0n).length)
    problems.push(`${credited.size} collection postings for ${collections.rows.length} collections`);
  const outputs = await db.query(
    `select count(*)::int as n, count(*) filter (where status = 'collected')::int as collected from miner_outputs`,
  );
  return result(
    'purchases, stock, collections',
    problems,
    `${purchases.rows.length} purchases, ${placed.rows[0].miners} miners, ${outputs.rows[0].n} outputs (${outputs.rows[0].collected} collected in ${collections.rows.length} collections)`,
  );
}

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
  const payouts = new Map();
  for (const log of paidOut) {
    const id = withdrawalOfTx.get(log.transactionHash.toLowerCase());
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

  const received = await logs({ to: chain.depositAddress });
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

/** A voucher is written off once, taking one unit of the point's stock. */
export async function checkWriteoffs(db, world) {
  const problems = [];
  const { rows } = await db.query(
    `select i.quantity, (select count(*) from shipping_requests r where r.point_id = i.point_id and r.product_id = i.product_id and r.status = 'written_off')::int as written_off,
       (select count(*) from shipping_requests r where r.point_id = i.point_id and r.status = 'pending')::int as pending
     from pickup_inventory i where i.point_id = $1 and i.product_id = $2`,
    [world.point, world.catalog.pickup],
  );
  const r = rows[0];
  if (r.quantity + r.written_off !== world.pickupStock)
    problems.push(`stock ${r.quantity} + ${r.written_off} written off ≠ ${world.pickupStock}`);
  // Adding an address takes no Idempotency-Key: a retry after a lost answer adds it again (not money; reported, not failed).
  const twice = await db.query(
    `select count(*)::int as n from (select user_id from addresses group by user_id having count(*) > 1) u`,
  );
  return result(
    'write-offs take one unit each',
    problems,
    `${r.written_off} vouchers written off, ${r.pending} pending; ${twice.rows[0].n} newcomer(s) with their address added twice by a retry`,
  );
}

/** What a keyed request's effect is in the database: the ids its answer names must be exactly the rows there are. */
const EFFECTS = {
  'POST /api/funds/transfer': {
    ids: (d) => [d.transfer.id],
    sql: `select distinct transaction_id::text as id from ledger_entries where type = 'transfer_out'`,
  },
  'POST /api/miners/buy': {
    ids: (d) => d.orders.map((o) => o.id),
    sql: `select id::text from miner_orders where not gift`,
  },
  'POST /api/miners/outputs/collect_all': {
    ids: () => [],
    count: `select count(distinct collection_id)::int as n from miner_outputs where collection_id is not null`,
  },
  'POST /api/mtrade/orders': { ids: (d) => [d.order.id], sql: `select id::text from mtrade_orders` },
  'POST /api/mtrade/orders/:id/buy': {
    ids: (d) => [d.order.id],
    sql: `select id::text from mtrade_orders where status = 'filled'`,
  },
  'POST /api/mtrade/orders/:id/cancel': {
    ids: (d) => [d.order.id],
    sql: `select id::text from mtrade_orders where cancel_reason = 'seller'`,
  },
  'POST /api/c2c/orders': { ids: (d) => [d.order.id], sql: `select id::text from c2c_orders` },
  'POST /api/c2c/orders/:id/buy': {
    ids: (d) => [d.order.id],
    sql: `select id::text from c2c_orders where status = 'filled'`,
  },
  'POST /api/c2c/orders/:id/cancel': {
    ids: (d) => [d.order.id],
    sql: `select id::text from c2c_orders where cancel_reason = 'seller'`,
  },
  'POST /api/funds/withdraw': { ids: (d) => [d.withdrawal.id], sql: `select id::text from withdrawals` },
};

/**
 * Each key's effect applied exactly once: per kind of request, the rows in the database are exactly
 * those the successful answers name (no duplicate, none missing); every key the server stored holds
 * the answer the client got; and the same request sent again with its key answers the same.
 */
export async function checkIdempotency(db, http) {
  const problems = [];
  const keyed = http.records.filter((r) => r.key);
  const figures = [];
  for (const [route, effect] of Object.entries(EFFECTS)) {
    const done = keyed.filter((r) => r.route === route && r.outcome === 'ok');
    const answered = done.flatMap((r) => effect.ids(r.answer.data));
    if (effect.count) {
      const { rows } = await db.query(effect.count);
      if (rows[0].n !== done.length) problems.push(`${route}: ${done.length} answered, ${rows[0].n} in the database`);
    } else {
      const { rows } = await db.query(effect.sql);
      const inDb = new Set(rows.map((r) => r.id));
      const dupes = answered.length - new Set(answered).size;
      const missing = answered.filter((id) => !inDb.has(id));
      const extra = [...inDb].filter((id) => !answered.includes(id));
      if (dupes || missing.length || extra.length)
        problems.push(
          `${route}: ${answered.length} answered, ${inDb.size} in the database (${dupes} repeated, missing ${missing.slice(0, 3)}, unanswered ${extra.slice(0, 3)})`,
        );
    }
    figures.push(done.length);
  }
  // Every key the server stored holds exactly the answer its client got.
  const stored = await db.query(
    `select u.address, k.key, k.response from idempotency_keys k join users u on u.id = k.user_id`,
  );
  const storedByKey = new Map(stored.rows.map((r) => [r.key, r.response]));
  let compared = 0;
  for (const r of keyed) {
    const response = storedByKey.get(r.key);
    if (r.outcome === 'ok') {
      if (response === undefined) problems.push(`key ${r.key} answered but not stored`);
      else if (canonical(response) !== canonical(r.answer.data))
        problems.push(`key ${r.key}: stored answer differs from the one sent`);
      else compared++;
    } else if (response !== undefined && response !== null)
      problems.push(`key ${r.key} was refused (${r.answer.key}) yet stored an answer`);
  }
  // The same request again, with its key: the first answer, nothing moved (the counts above are taken before).
  let replayed = 0;
  const successes = keyed.filter((r) => r.outcome === 'ok');
  http.state.recording = false;
  for (let i = 0; i < successes.length; i += 16) {
    await Promise.all(
      successes.slice(i, i + 16).map(async (r) => {
        const again = await http.send(`${r.route} (replay)`, r.method, r.path, {
          auth: r.auth,
          body: r.body,
          key: r.key,
        });
        if (again.outcome !== 'ok' || canonical(again.answer.data) !== canonical(r.answer.data))
          problems.push(`replay of ${r.key} (${r.route}) answered ${JSON.stringify(again.answer).slice(0, 200)}`);
        else replayed++;
      }),
    );
  }
  return {
    ...result(
      'retries converge: one effect per key, same answer',
      problems,
      `${keyed.length} keyed requests, ${successes.length} succeeded; rows = answers for ${Object.keys(EFFECTS).length} kinds; ${compared} stored answers equal; ${replayed} replays equal`,
    ),
    replayed,
  };
}

/** Row counts of effects, taken before replays so a replay that moved something shows up on a second look. */
export async function effectCounts(db) {
  const { rows } = await db.query(`select
    (select count(*) from ledger_entries)::int as entries, (select count(*) from withdrawals)::int as withdrawals,
    (select count(*) from mtrade_orders)::int as mtrade, (select count(*) from c2c_orders)::int as c2c, (select count(*) from miner_orders)::int as miner_orders`);
  return rows[0];
}

export async function checkAll({ databaseUrl, chain, world, http }) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const checks = [
      ledgerCheck(databaseUrl),
      await checkMarkets(db),
      await checkMiners(db, world),
      await checkChain(db, chain),
      await checkWriteoffs(db, world),
    ];
    const before = await effectCounts(db);
    checks.push(await checkIdempotency(db, http));
    const after = await effectCounts(db);
    const moved = Object.keys(before).filter((k) => before[k] !== after[k]);
    checks.push(
      result(
        'replays moved nothing',
        moved.map((k) => `${k}: ${before[k]} → ${after[k]}`),
        `ledger entries, withdrawals, orders unchanged (${before.entries} entries)`,
      ),
    );
    return checks;
  } finally {
    await db.end();
  }
}
