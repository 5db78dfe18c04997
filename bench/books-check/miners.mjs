// Miner purchases and collections, and the pick-up point's write-offs.
import { entriesByRef, net, result, units } from './common.mjs';

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
