import type { Hex } from 'viem';
import type { Db } from '../db/database.js';
import { recordSignerFailure, recordSignerSuccess } from '../db/hot-wallet.js';
import type { ChainContext } from './context.js';
import { SignerError, type SignRequest } from './hot-wallet-signer.js';

/**
 * Signs for the hot wallet and records whether the signer signs (read by the console and the metrics
 * as `signer_unavailable`). Null when it did not, or signed something else: the caller leaves the
 * payout or sweep where it is, to be signed at a later pass; nothing was stored, so its nonce is free.
 */
export async function signForHotWallet(
  db: Db,
  chain: Pick<ChainContext, 'chainId' | 'hotWallet'>,
  request: SignRequest,
): Promise<Hex | null> {
  try {
    const raw = await chain.hotWallet.signTransaction(request);
    await recordSignerSuccess(db, chain.chainId);
    return raw;
  } catch (error) {
    if (!(error instanceof SignerError)) throw error;
    await recordSignerFailure(db, chain.chainId, error.shortMessage);
    return null;
  }
}
