import {
  createClient,
  http,
  isAddressEqual,
  numberToHex,
  parseTransaction,
  recoverTransactionAddress,
  type Address,
  type Hex,
  type LocalAccount,
} from 'viem';
import { SPAN_KIND, withSpan } from '../tracing/tracing.js';

/** What the payout and treasury workers ask to have signed: a legacy transaction from the hot wallet. */
export type SignRequest = {
  to: Address;
  data: Hex;
  nonce: number;
  gas: bigint;
  gasPrice: bigint;
  chainId: number;
};

/**
 * Who signs for the hot wallet: a key held by this process (development, or HOT_WALLET_PRIVATE_KEY)
 * or an external JSON-RPC signer (SIGNER_URL) holding the key elsewhere. Either way the raw
 * transaction comes back checked against the request, so nothing else is ever stored or broadcast.
 */
export type HotWalletSigner = {
  address: Address;
  kind: 'key' | 'external';
  signTransaction(request: SignRequest): Promise<Hex>;
};

/** The signer, each signature a span (issue 51): a slow or refusing signer shows in the pass's trace. */
export function tracedSigner(signer: HotWalletSigner): HotWalletSigner {
  return {
    ...signer,
    signTransaction: (request) =>
      withSpan(
        `signer ${signer.kind}`,
        { 'wallx.signer.kind': signer.kind, 'wallx.tx.nonce': request.nonce, 'wallx.tx.chain_id': request.chainId },
        () => signer.signTransaction(request),
        { kind: signer.kind === 'external' ? SPAN_KIND.client : SPAN_KIND.internal },
      ),
  };
}

/**
 * The signer could not sign: `unavailable` when it did not answer, timed out or answered an error;
 * `mismatch` when it returned a transaction other than the one asked for (another key, another
 * field). Payouts and sweeps wait on either; neither fails a user's withdrawal.
 */
export class SignerError extends Error {
  override name = 'SignerError';
  constructor(
    readonly reason: 'unavailable' | 'mismatch',
    readonly shortMessage: string,
    options?: { cause?: unknown },
  ) {
    super(shortMessage, options);
  }
}

/**
 * Throws unless `raw` is exactly `request`, signed by `address` for the request's chain: a signer
 * that signs something else (another nonce, recipient, amount or key) must never get it broadcast.
 */
export async function verifySigned(raw: Hex, request: SignRequest, address: Address): Promise<void> {
  let from: Address;
  let tx: ReturnType<typeof parseTransaction>;
  try {
    tx = parseTransaction(raw);
    from = await recoverTransactionAddress({ serializedTransaction: raw as never });
  } catch (cause) {
    throw new SignerError('mismatch', 'the signer returned no signed transaction', { cause });
  }
  const differences = [
    !isAddressEqual(from, address) && `signed by ${from}, not ${address}`,
    tx.type !== 'legacy' && `type ${tx.type}`,
    tx.chainId !== request.chainId && `chain ${tx.chainId ?? 'none'}`,
    (!tx.to || !isAddressEqual(tx.to, request.to)) && `to ${tx.to ?? 'none'}`,
    (tx.value ?? 0n) !== 0n && `value ${tx.value}`,
    (tx.data ?? '0x').toLowerCase() !== request.data.toLowerCase() && 'other data',
    tx.nonce !== request.nonce && `nonce ${tx.nonce}`,
    tx.gas !== request.gas && `gas ${tx.gas}`,
    tx.gasPrice !== request.gasPrice && `gas price ${tx.gasPrice}`,
  ].filter(Boolean);
  if (differences.length > 0)
    throw new SignerError('mismatch', `the signer returned another transaction: ${differences.join(', ')}`);
}

/** A key in this process (the local chain's dev account, or HOT_WALLET_PRIVATE_KEY). */
export function keySigner(account: LocalAccount): HotWalletSigner {
  return {
    address: account.address,
    kind: 'key',
    async signTransaction(request) {
      const raw = await account.signTransaction({ ...request, type: 'legacy' });
      await verifySigned(raw, request, account.address);
      return raw;
    },
  };
}

export type ExternalSignerOptions = {
  url: string;
  /** `eth_signTransaction` (Web3Signer, a node) or `account_signTransaction` (Clef's external API). */
  method?: 'eth_signTransaction' | 'account_signTransaction';
  address: Address;
  /** Sent with every call, e.g. `{ Authorization: 'Bearer …' }`. */
  headers: Record<string, string>;
  timeoutMs: number;
};

/**
 * A JSON-RPC signer answering `eth_signTransaction` for the hot wallet (Web3Signer, or a node with the
 * account unlocked), or Clef's `account_signTransaction`. Geth-style signers answer `{ raw, tx }`,
 * others the raw bytes alone.
 */
export function externalSigner({
  url,
  method = 'eth_signTransaction',
  address,
  headers,
  timeoutMs,
}: ExternalSignerOptions): HotWalletSigner {
  // No retries here: a pass that cannot sign waits and tries again at its next pass.
  const rpc = createClient({ transport: http(url, { timeout: timeoutMs, retryCount: 0, fetchOptions: { headers } }) });
  return {
    address,
    kind: 'external',
    async signTransaction(request) {
      let result: unknown;
      try {
        result = await rpc.request({
          method,
          params: [
            {
              from: address,
              to: request.to,
              data: request.data,
              value: '0x0',
              nonce: numberToHex(request.nonce),
              gas: numberToHex(request.gas),
              gasPrice: numberToHex(request.gasPrice),
              chainId: numberToHex(request.chainId),
            },
          ],
        } as never);
      } catch (cause) {
        const detail = (cause as { shortMessage?: string }).shortMessage ?? (cause as Error).message;
        throw new SignerError('unavailable', `the signer did not sign: ${detail.split('\n')[0]}`, { cause });
      }
      const raw = typeof result === 'string' ? result : (result as { raw?: unknown } | null)?.raw;
      if (typeof raw !== 'string' || !/^0x[0-9a-fA-F]+$/.test(raw))
        throw new SignerError('mismatch', 'the signer answered without a raw transaction');
      await verifySigned(raw as Hex, request, address);
      return raw as Hex;
    },
  };
}
