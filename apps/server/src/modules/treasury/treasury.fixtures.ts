import { encodeAbiParameters, erc20Abi, keccak256, type Address } from 'viem';
import type { ChainContext } from '../../chain/context.js';
import type { Anvil } from '../../test/chain-moves.js';
import type { Session, TestApp } from '../../test/helpers.js';

/** The treasury tests' reads and moves: token balances, a withdrawal, and the hot wallet's balance set by hand. */
export function treasuryHelpers(current: () => { t: TestApp; chain: ChainContext; anvil: Anvil }) {
  const onChain = (address: Address) =>
    current().anvil.readContract({
      address: current().chain.tokens.USDT,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [address],
    });
  const withdraw = (who: Session, amount: string) =>
    current().t.injectAs(who, 'POST /api/funds/withdraw', { asset: 'USDT', amount, fund_password: 'pass-123' });

  /** Sets the hot wallet's USDT balance in the token's storage (balanceOf is slot 3 of TestToken). */
  async function setHotUsdt(value: bigint) {
    const { chain, anvil } = current();
    const slot = keccak256(
      encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [chain.hotWallet.address, 3n]),
    );
    await anvil.setStorageAt({
      address: chain.tokens.USDT,
      index: slot,
      value: `0x${value.toString(16).padStart(64, '0')}`,
    });
  }

  return { onChain, withdraw, setHotUsdt };
}
