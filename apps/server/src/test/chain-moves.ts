import {
  createTestClient,
  createWalletClient,
  erc20Abi,
  http,
  parseEther,
  parseUnits,
  publicActions,
  type Address,
  type LocalAccount,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { foundry } from 'viem/chains';
import type { ChainContext } from '../platform/chain/context.js';
import { devAccount, LOCAL_ROLES } from '../platform/chain/local-node.js';

export const testClient = (rpcUrl: string) =>
  createTestClient({ chain: foundry, mode: 'anvil', transport: http(rpcUrl), cacheTime: 0 }).extend(publicActions);
export type Anvil = ReturnType<typeof testClient>;

/** The deposit tests' chain moves: token transfers, and fresh wallets funded by the dev account (which acts as no user). */
export function chainMoves(chain: ChainContext, anvil: Anvil) {
  const payer = devAccount(LOCAL_ROLES.firstUser);

  /** `from` an account we hold the key of, or any address anvil impersonates (a contract). */
  async function send(from: LocalAccount | Address, token: Address, to: Address, amount: string) {
    const client = createWalletClient({ account: from, chain: foundry, transport: http(chain.rpcUrl) });
    const hash = await client.writeContract({
      address: token,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [to, parseUnits(amount, 18)],
    });
    await anvil.waitForTransactionReceipt({ hash, pollingInterval: 20 });
    return hash;
  }

  /** A fresh wallet holding 1 BNB of gas and 1,000 test USDT and WALLX. */
  async function funded(): Promise<PrivateKeyAccount> {
    const account = privateKeyToAccount(generatePrivateKey());
    const client = createWalletClient({ account: payer, chain: foundry, transport: http(chain.rpcUrl) });
    await anvil.waitForTransactionReceipt({
      hash: await client.sendTransaction({ to: account.address, value: parseEther('1') }),
      pollingInterval: 20,
    });
    for (const token of [chain.tokens.USDT, chain.tokens.WALLX]) await send(payer, token, account.address, '1000');
    return account;
  }

  return { send, funded };
}
