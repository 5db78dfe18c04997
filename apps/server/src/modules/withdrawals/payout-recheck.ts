import type { PayoutFate } from './payout-fate.js';
import type { PayoutContext } from './payout-context.js';

/** recheckHeld's question (whether a held payout was made), asked of the quorum. */
export function createHeldRecheck({ db, chain, repository }: PayoutContext, fate: PayoutFate) {
  return async function recheck(id: string): Promise<'paid' | 'not_paid' | 'undetermined'> {
    const w = await repository.one(db, id);
    if (!w || w.nonce === null) return 'undetermined';
    const sent = await repository.sentTransactions(db, w.id);
    const rpc = await chain.rpc.quorum();
    const { head, settledBlock, settledNonce } = await fate.settled(rpc);
    const receipt = await fate.firstReceipt(rpc, sent);
    if (receipt?.status === 'success') return 'paid';
    if (receipt) return head - receipt.blockNumber + 1n >= BigInt(chain.confirmations) ? 'not_paid' : 'undetermined';
    if (Number(w.nonce) >= settledNonce) return 'undetermined';
    const verdict = await fate.spenderOfNonce(rpc, w, sent, settledBlock);
    if (verdict.isOurs) return 'paid';
    if (!verdict.isOther) return 'undetermined';
    return (await fate.firstReceipt(rpc, sent))?.status === 'success' ? 'paid' : 'not_paid';
  };
}
