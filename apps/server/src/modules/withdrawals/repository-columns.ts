import { sql } from 'kysely';

/** What every query of a withdrawal returns: a `WithdrawalRow`, amounts as exact decimal strings. */
export const columns = [
  'id',
  'user_id',
  'asset',
  sql<string>`trim_scale(amount)::text`.as('amount'),
  sql<string>`trim_scale(fee)::text`.as('fee'),
  'to_address',
  'status',
  'nonce',
  'broadcast_block',
  'tx_hash',
  'created_at',
  'updated_at',
] as const;
