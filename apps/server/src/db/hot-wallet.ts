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
