// What the checks share: amounts in 18-decimal units, the answer { check, ok, detail }, and the
// ledger entries a ref caused.
import { parseUnits } from 'viem';

export const units = (decimal) => parseUnits(String(decimal), 18);
const sum = (/** @type {bigint[]} */ values) => values.reduce((a, b) => a + b, 0n);

export function result(check, problems, figures = '') {
  return {
    check,
    ok: problems.length === 0,
    detail: problems.length === 0 ? figures : `${problems.length} problem(s): ${problems.slice(0, 5).join('; ')}`,
  };
}

/** Entries caused by `refType`, with the owner and kind of their account, grouped by ref id. */
export async function entriesByRef(db, refType) {
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
export const net = (entries, match) => sum(entries.filter(match).map((e) => e.amount));
