import { encodeFunctionData, erc20Abi, numberToHex, type Hex } from 'viem';
import type { DepositConfig } from '@wallx/shared';
import type { Eip1193Provider } from '../../lib/ethereum';
import { walletErrorCode, walletErrorKey } from '../../lib/wallet-errors';
import type { MessageKey } from '../../lib/message-key';
import { knownNetworks, networkName } from './network-name';

/** EIP-3085/3326: the wallet does not know the chain yet. */
export const UNKNOWN_CHAIN = 4902;

type ChainSettings = Pick<DepositConfig, 'chain_id' | 'rpc_url' | 'explorer_url'>;

/** The wallet cannot switch networks when asked (no EIP-3326): the user is told to switch it by hand. */
export class ChainSwitchUnsupportedError extends Error {
  override name = 'ChainSwitchUnsupportedError';
}

/** EIP-1193: the wallet has no such method (4200), or the node behind it has none (-32601). */
const UNSUPPORTED = new Set([4200, -32601]);

/**
 * Asks the wallet for the deposit chain; a wallet that does not know it is first told of it. One that
 * cannot switch at all gets ChainSwitchUnsupportedError: the screen then gives the manual steps.
 */
export async function switchToChain(provider: Eip1193Provider, config: ChainSettings): Promise<void> {
  const chainId = numberToHex(config.chain_id);
  const current = await provider.request({ method: 'eth_chainId' }).catch(() => null);
  if (typeof current === 'string' && current.toLowerCase() === chainId) return;
  const switchChain = () => provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId }] });
  try {
    await switchChain();
  } catch (error) {
    if (UNSUPPORTED.has(walletErrorCode(error) ?? 0))
      throw new ChainSwitchUnsupportedError('The wallet cannot switch networks', { cause: error });
    if (walletErrorCode(error) !== UNKNOWN_CHAIN) throw error;
    const network = knownNetworks[config.chain_id];
    await provider.request({
      method: 'wallet_addEthereumChain',
      params: [
        {
          chainId,
          chainName: networkName(config.chain_id),
          nativeCurrency: { name: network?.symbol ?? 'ETH', symbol: network?.symbol ?? 'ETH', decimals: 18 },
          rpcUrls: [config.rpc_url],
          ...(config.explorer_url !== null && { blockExplorerUrls: [config.explorer_url] }),
        },
      ],
    });
    await switchChain();
  }
}

/**
 * Adds a token to the wallet's list (EIP-747 `wallet_watchAsset`) on the deposit chain: 'added', or
 * 'unsupported' when the wallet cannot (the button then goes). A refusal by the user is thrown.
 */
export async function watchToken(
  provider: Eip1193Provider,
  config: ChainSettings,
  token: { address: string; symbol: string; decimals: number },
): Promise<'added' | 'unsupported'> {
  try {
    await switchToChain(provider, config);
    await provider.request({ method: 'wallet_watchAsset', params: { type: 'ERC20', options: token } });
    return 'added';
  } catch (error) {
    if (UNSUPPORTED.has(walletErrorCode(error) ?? 0)) return 'unsupported';
    throw error;
  }
}

const txHashPattern = /^0x[0-9a-fA-F]{64}$/;

/** Sends a BEP-20 `transfer(to, amount)` from the user's wallet; answers the transaction hash. */
export async function sendTokenTransfer(
  provider: Eip1193Provider,
  { from, token, to, amount }: { from: string; token: string; to: string; amount: bigint },
): Promise<Hex> {
  const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to as Hex, amount] });
  const hash = await provider.request({
    method: 'eth_sendTransaction',
    params: [{ from, to: token, data, value: '0x0' }],
  });
  if (typeof hash !== 'string' || !txHashPattern.test(hash)) throw new Error('The wallet answered no transaction hash');
  return hash as Hex;
}

/** A failed wallet transfer in words: what the wallet said (lib/wallet-errors), or a generic failure. */
export function transferErrorKey(error: unknown): MessageKey {
  return walletErrorKey(error, 'chain.deposit_failed');
}

/** The explorer page of a transaction, when the chain has an explorer. */
export function explorerTxUrl(explorerUrl: string | null | undefined, hash: string): string | null {
  return explorerUrl ? `${explorerUrl.replace(/\/+$/, '')}/tx/${hash}` : null;
}
