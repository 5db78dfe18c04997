// The staking pool and the aid fund (issue 48): each stake, each reward and each donation against
// the ledger entries it caused. `ledger:check` covers the totals (the `stakes` account = the active
// stakes, the pool never negative, each day's distribution = its entries, the fund = its donations,
// shares and grants); these look one row at a time.
import { formatUnits } from 'viem';
import { entriesByRef, net, result, units } from './common.mjs';

/**
 * Every stake left its owner's balance once, for its amount; a closed one came back once, an open
 * one did not; what each user's stakes say they earned is what the distributions credited them,
 * per asset; when the load made days due (`distributed`), a day was paid to stakes.
 */
export async function checkStaking(db, { distributed = false } = {}) {
  const problems = [];
  const stakes = await db.query(`select id::text, user_id::text, amount::text, status, term from stakes order by id`);
  const moves = await entriesByRef(db, 'stake');
  const counts = { active: 0, withdrawn: 0, returned: 0 };
  for (const s of stakes.rows) {
    counts[s.status]++;
    const entries = moves.get(s.id) ?? [];
    const out = entries.filter((e) => e.type === 'stake');
    const back = entries.filter((e) => e.type === 'unstake');
    const left = -net(out, (e) => e.user_id === s.user_id);
    const returned = net(back, (e) => e.user_id === s.user_id);
    const closed = s.status !== 'active';
    if (
      out.length !== 2 ||
      left !== units(s.amount) ||
      back.length !== (closed ? 2 : 0) ||
      returned !== (closed ? units(s.amount) : 0n)
    )
      problems.push(
        `stake ${s.id} (${s.status}, ${s.amount}): ${out.length} stake entries taking ${left}, ${back.length} unstake entries returning ${returned}`,
      );
  }
  if (moves.size !== stakes.rows.length)
    problems.push(`${moves.size} stakes with entries, ${stakes.rows.length} stakes`);

  // What the stakes record as earned, per user and asset, against the rewards credited.
  // (Derived from the days distributed, as every read does: migration 042, decision 148.)
  const earned =
    await db.query(`select s.user_id::text, sum(e.earned_wallx)::text as wallx, sum(e.earned_usdt)::text as usdt
    from stakes s cross join lateral stake_earnings(s) e group by s.user_id`);
  const rewards = await entriesByRef(db, 'staking_day');
  const credited = new Map();
  for (const entries of rewards.values())
    for (const e of entries)
      if (e.type === 'staking_reward' && e.user_id !== null) {
        const k = `${e.user_id}:${e.asset}`;
        credited.set(k, (credited.get(k) ?? 0n) + e.amount);
      }
  let rewarded = 0;
  for (const u of earned.rows)
    for (const [asset, value] of [
      ['WALLX', u.wallx],
      ['USDT', u.usdt],
    ]) {
      const got = credited.get(`${u.user_id}:${asset}`) ?? 0n;
      credited.delete(`${u.user_id}:${asset}`);
      if (got > 0n) rewarded++;
      if (got !== units(value)) problems.push(`user ${u.user_id}: stakes earned ${value} ${asset}, credited ${got}`);
    }
  for (const [k, v] of credited) problems.push(`rewards of ${v} to ${k}, who has no stake`);

  const days =
    await db.query(`select day::text, asset, trim_scale(proceeds)::text as proceeds, trim_scale(aid)::text as aid,
    trim_scale(paid)::text as paid, trim_scale(kept)::text as kept, stakes from staking_distributions order by day, asset`);
  const paying = days.rows.filter((d) => d.stakes > 0);
  if (distributed && paying.length === 0) problems.push('no day distributed to any stake during the load');
  return result(
    'stakes moved once each; rewards = what stakes earned',
    problems,
    `${stakes.rows.length} stakes (${counts.active} active, ${counts.withdrawn} withdrawn, ${counts.returned} returned); ` +
      `days distributed: ${days.rows.map((d) => `${d.day} ${d.asset} ${d.proceeds} = aid ${d.aid} + paid ${d.paid} + kept ${d.kept} (${d.stakes} stakes)`).join(', ') || 'none'}; ` +
      `${rewarded} user-asset rewards equal to their stakes' earnings`,
  );
}

/** Every donation is one posting from its donor to the aid fund, of its amount and asset; no posting without its donation. */
export async function checkDonations(db) {
  const problems = [];
  const donations = await db.query(
    `select id::text, user_id::text, asset, amount::text, shown, transaction_id::text from aid_donations order by id`,
  );
  const entries =
    await db.query(`select e.transaction_id::text, e.type, e.amount::text, a.user_id::text, a.kind, a.asset
    from ledger_entries e join accounts a on a.id = e.account_id where e.type = 'donation'`);
  const byTx = new Map();
  for (const e of entries.rows) {
    if (!byTx.has(e.transaction_id)) byTx.set(e.transaction_id, []);
    byTx.get(e.transaction_id).push({ ...e, amount: units(e.amount) });
  }
  const sums = { USDT: 0n, WALLX: 0n };
  for (const d of donations.rows) {
    const tx = byTx.get(d.transaction_id) ?? [];
    byTx.delete(d.transaction_id);
    const fromDonor = -net(tx, (e) => e.user_id === d.user_id && e.asset === d.asset);
    const toFund = net(tx, (e) => e.kind === 'aid_fund' && e.user_id === null && e.asset === d.asset);
    if (tx.length !== 2 || fromDonor !== units(d.amount) || toFund !== units(d.amount))
      problems.push(
        `donation ${d.id} of ${d.amount} ${d.asset}: ${tx.length} entries, donor −${fromDonor}, fund +${toFund}`,
      );
    sums[d.asset] += units(d.amount);
  }
  for (const tx of byTx.keys()) problems.push(`donation posting ${tx} has no donation`);
  const shown = donations.rows.filter((d) => d.shown).length;
  return result(
    'donations posted once each',
    problems,
    `${donations.rows.length} donations (${shown} shown by address): USDT ${formatUnits(sums.USDT, 18)}, WALLX ${formatUnits(sums.WALLX, 18)}`,
  );
}
