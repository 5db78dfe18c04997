import { sql } from 'kysely';
import type { Asset } from '@wallx/shared';
import type { Executor } from '../../platform/db/database.js';

export type MoveStatus = 'sent' | 'confirmed' | 'reverted' | 'dropped';

/** A sweep or cold transfer as the worker settles it. */
export type OpenMove = {
  id: string;
  asset: Asset;
  nonce: string;
  /** The latest signed; `replaced_tx_hashes` the earlier ones at the same nonce, any of which may still be mined. */
  tx_hash: string;
  raw_tx: string;
  gas_price: string;
  replaced_tx_hashes: string[];
  signed_at: Date;
};
/** The two tables of moves between the platform's own addresses. */
export type MoveTable = 'sweeps' | 'cold_transfers';
export const openColumns = [
  'id',
  'asset',
  'nonce',
  'tx_hash',
  'raw_tx',
  'gas_price',
  'replaced_tx_hashes',
  'signed_at',
] as const;

/** What one signed transaction's row is stored with, before it is broadcast. */
export type Signed = { nonce: number; txHash: string; raw: string; gasPrice: bigint };

/** How a mined transaction ended, for the record. */
export type Settlement = {
  status: Exclude<MoveStatus, 'sent'>;
  /** The hash that was mined (null: dropped, none was). */
  txHash: string | null;
  gasUsed: bigint | null;
  gasCost: bigint | null;
  blockNumber: bigint | null;
};

/** An amount column as text: trailing zeros trimmed, none as 0. */
export const text = (column: string) => sql.raw(`coalesce(trim_scale(${column}), 0)::text`);

/**
 * A mined move keeps the hash that was mined as its `tx_hash` (the console links it), the others it
 * was signed as among the replaced ones; a dropped one keeps its hashes as they were.
 */
export function minedHash(settlement: Settlement) {
  if (!settlement.txHash) return {};
  return {
    tx_hash: settlement.txHash,
    replaced_tx_hashes: sql<string[]>`array_remove(array_append(replaced_tx_hashes, tx_hash), ${settlement.txHash})`,
  };
}

/** What sweeps and cold transfers share: their replacement at the same nonce, and what they move in flight. */
export function createMovesRepository() {
  return {
    /**
     * Stores a replacement of the move's latest transaction (same nonce, more gas), keeping the one it
     * replaces among those that may still be mined. False when the move was settled or replaced meanwhile.
     */
    async replaceMove(trx: Executor, table: MoveTable, id: string, replaced: string, signed: Signed): Promise<boolean> {
      const updated = await trx
        .updateTable(table)
        .set({
          tx_hash: signed.txHash,
          raw_tx: signed.raw,
          gas_price: signed.gasPrice.toString(),
          replaced_tx_hashes: sql<string[]>`array_append(replaced_tx_hashes, tx_hash)`,
          signed_at: new Date(),
        })
        .where('id', '=', id)
        .where('status', '=', 'sent')
        .where('tx_hash', '=', replaced)
        .where('nonce', '=', String(signed.nonce))
        .executeTakeFirst();
      return updated.numUpdatedRows === 1n;
    },

    /** What sweeps and cold transfers of `asset` not yet settled are moving. */
    async inFlight(db: Executor, asset: Asset): Promise<{ sweeps: string; cold: string }> {
      const { rows } = await sql<{ sweeps: string; cold: string }>`
        select
          (select ${text('sum(sa.expected)')} from sweep_addresses sa join sweeps s on s.id = sa.sweep_id
            where s.status = 'sent' and s.asset = ${asset}) as sweeps,
          (select ${text('sum(amount)')} from cold_transfers where status = 'sent' and asset = ${asset}) as cold`.execute(
        db,
      );
      return rows[0]!;
    },
  };
}
