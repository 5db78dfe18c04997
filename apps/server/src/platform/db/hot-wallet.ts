import { sql } from 'kysely';
import type { Executor } from './database.js';

/**
 * The hot wallet's next nonce as far as our own signed transactions go: past every payout still in
 * flight and every sweep or cold transfer still unsettled. Payouts, sweeps and cold transfers are all
 * sent from the one hot wallet, by one holder of the hot wallet's lease at a time, so they share one
 * nonce sequence; each is stored before it is broadcast, so none is missed.
 */
export async function nextSignedNonce(db: Executor): Promise<number> {
  const { rows } = await sql<{ next: string | null }>`
    select (max(nonce) + 1)::text as next from (
      select t.nonce from withdrawal_transactions t join withdrawals w on w.id = t.withdrawal_id where w.status = 'broadcast'
      union all select nonce from sweeps where status = 'sent'
      union all select nonce from cold_transfers where status = 'sent'
    ) signed`.execute(db);
  return Number(rows[0]?.next ?? 0);
}

/**
 * Tokens of one asset on their way out of the hot wallet to cold storage, signed and not yet
 * settled: the hot wallet's balance may still show them, so payouts count them as gone.
 */
export async function coldTransfersInFlight(db: Executor, asset: 'USDT' | 'WALLX'): Promise<bigint> {
  const { rows } = await sql<{ wei: string }>`
    select coalesce(sum(amount * 1e18), 0)::numeric(78, 0)::text as wei from cold_transfers
    where asset = ${asset} and status = 'sent'`.execute(db);
  return BigInt(rows[0]?.wei ?? '0');
}

/** Since when the hot wallet's signer has failed to sign, and its last error; null while it signs. */
export type SignerFailure = { since: Date; error: string };

/** A signing failed: kept since its first failure, with the latest error. */
export async function recordSignerFailure(db: Executor, chainId: number, error: string): Promise<void> {
  await sql`
    insert into hot_wallet_signer (chain_id, failing_since, last_error) values (${chainId}, now(), ${error})
    on conflict (chain_id) do update set failing_since = coalesce(hot_wallet_signer.failing_since, now()),
      last_error = excluded.last_error, updated_at = now()`.execute(db);
}

/** A signing succeeded: the failure, if any, is over (writes nothing when there was none). */
export async function recordSignerSuccess(db: Executor, chainId: number): Promise<void> {
  await sql`
    update hot_wallet_signer set failing_since = null, last_error = null, updated_at = now()
    where chain_id = ${chainId} and failing_since is not null`.execute(db);
}

export async function signerFailure(db: Executor, chainId: number): Promise<SignerFailure | null> {
  const { rows } = await sql<{ failing_since: Date | null; last_error: string | null }>`
    select failing_since, last_error from hot_wallet_signer where chain_id = ${chainId}`.execute(db);
  const row = rows[0];
  return row?.failing_since ? { since: new Date(row.failing_since), error: row.last_error ?? '' } : null;
}
