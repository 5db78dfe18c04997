// Idempotency keys after the load: one effect per key, the stored answer the one sent, replays alike.
import { result } from './common.mjs';

/** JSON with sorted keys: the same value whatever order jsonb kept its keys in. */
const canonical = (value) =>
  JSON.stringify(value, (_k, v) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );

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
  'POST /api/staking/stakes': { ids: (d) => [d.stake.id], sql: `select id::text from stakes` },
  // Only flexible stakes are withdrawn (a 30-day one cannot end during the load).
  'POST /api/staking/stakes/:id/unstake': {
    ids: (d) => [d.stake.id],
    sql: `select id::text from stakes where status = 'withdrawn'`,
  },
  'POST /api/aid-fund/donations': { ids: (d) => [d.donation.id], sql: `select id::text from aid_donations` },
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
    (select count(*) from mtrade_orders)::int as mtrade, (select count(*) from c2c_orders)::int as c2c, (select count(*) from miner_orders)::int as miner_orders,
    (select count(*) from stakes)::int as stakes, (select count(*) from stakes where status = 'active')::int as active_stakes,
    (select count(*) from aid_donations)::int as donations`);
  return rows[0];
}
