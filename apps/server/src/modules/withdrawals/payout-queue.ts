import { erc20Abi, type PublicClient } from 'viem';
import { coldTransfersInFlight } from '../../platform/db/hot-wallet.js';
import type { PayoutSender } from './payout-send.js';
import type { Unmined } from './payout-settle.js';
import type { PassOutcome, PayoutContext } from './payout-context.js';
import { units } from './postings.js';

/** Paying queued withdrawals, while the hot wallet can cover them beside what is already on its way. */
export function createQueuedPayouts({ db, chain, repository }: PayoutContext, sender: PayoutSender) {
  return async function payQueued(
    rpc: PublicClient,
    head: bigint,
    { isSignerDown, unmined }: { isSignerDown: boolean; unmined: Unmined },
    outcome: PassOutcome,
  ): Promise<void> {
    // Tokens on their way to cold storage may still show in the hot wallet's balance.
    const toCold = { USDT: await coldTransfersInFlight(db, 'USDT'), WALLX: await coldTransfersInFlight(db, 'WALLX') };
    for (const w of isSignerDown ? [] : await repository.pickableQueued(db, 20)) {
      const balance = await chain.client.readContract({
        address: chain.tokens[w.asset],
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [chain.hotWallet.address],
      });
      // Below the low-water mark payouts wait (they stay queued) until an operator tops the hot
      // wallet up from cold storage; the console names the reason (hot_wallet_low).
      if (balance < chain.treasury.hot[w.asset].low) continue;
      // The hot wallet cannot cover it beside what is already on its way: it stays queued, nothing is
      // lost and no gas is spent on a payout bound to revert; an operator tops up.
      const available = balance - unmined[w.asset] - toCold[w.asset];
      if (available < units(w.amount) || !(await sender.canPayGas(unmined.count))) continue;
      const result = await sender.pay(rpc, w, head);
      // A payout the signer did not sign stays queued (users see it processing; operators see signer_unavailable).
      if (result === 'unsigned') break;
      if (result === 'sent') {
        outcome.paid++;
        unmined[w.asset] += units(w.amount);
        unmined.count++;
      }
    }
  };
}
