import { encodeFunctionData, erc20Abi, parseUnits } from 'viem';
import type { Asset } from '@wallx/shared';
import type { ChainContext } from '../../platform/chain/context.js';
import type { Db } from '../../platform/db/database.js';
import { transaction } from '../../platform/db/transaction.js';
import { tokenUnits, type MoveOutcome, type Moves } from './moves.js';
import type { TreasuryRepository } from './repository.js';

/** An ERC-20 transfer's gas, as the payout worker signs it. */
const TRANSFER_GAS = 120_000n;

export type ColdOutcome = MoveOutcome;

type Deps = { db: Db; chain: ChainContext; repository: TreasuryRepository; moves: Moves };

/** The cold job's own steps: settling the cold transfers stored, and a new one of a token's excess. */
export function createColdTransfers({ db, chain, repository, moves }: Deps) {
  const hot = chain.hotWallet.address;

  return {
    async settleColdTransfers(outcome: ColdOutcome): Promise<Set<Asset>> {
      const at = await moves.settled();
      const busy = new Set<Asset>();
      for (const move of await repository.openColdTransfers(db)) {
        const state = await moves.check('cold_transfers', move, at, outcome);
        if (state === 'unsettled') {
          busy.add(move.asset);
          continue;
        }
        const settlement = moves.settlementOf(state);
        if (await transaction(db, (trx) => repository.settleColdTransfer(trx, move.id, settlement)))
          outcome[settlement.status]++;
      }
      return busy;
    },

    /** Above the high-water mark (payouts in flight counted as gone), the excess down to the target goes cold. */
    async coolAsset(asset: Asset): Promise<boolean> {
      const { target, high } = chain.treasury.hot[asset];
      const balance = await moves.balanceOf(asset, hot);
      const held = balance - parseUnits(await repository.payoutsInFlight(db, asset), 18);
      if (held <= high) return false;
      const amount = held - target;
      if (!(await moves.canPayGas(TRANSFER_GAS))) return false;
      const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [chain.coldWallet, amount] });
      return moves.send(chain.tokens[asset], data, TRANSFER_GAS, (trx, signed) =>
        repository.recordColdTransfer(trx, asset, tokenUnits(amount), chain.coldWallet, signed),
      );
    },
  };
}
