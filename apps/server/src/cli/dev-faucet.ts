import { createPublicClient, createWalletClient, erc20Abi, http, isAddress, parseEther, parseUnits } from 'viem';
import { foundry } from 'viem/chains';
import { loadConfig } from '../platform/config/config.js';
import { devAccount, LOCAL_ROLES, testTokenArtifact } from '../platform/chain/local-node.js';
import { runningServer } from '../platform/running-server.js';

/**
 * `npm run dev:faucet -- <address> [amount]`: test USDT, WALLX and BNB on the local chain of the
 * running `npm start`, for trying a deposit from a wallet of your own.
 */
async function main() {
  const [address, amount = '1000'] = process.argv.slice(2);
  if (!address || !isAddress(address))
    throw new Error('usage: npm run dev:faucet -- <0x address> [amount, default 1000]');
  if (!/^\d{1,12}(\.\d{1,18})?$/.test(amount)) throw new Error(`amount must be a decimal number, got ${amount}`);
  const config = loadConfig();
  if (config.chain.kind !== 'local')
    throw new Error(`the faucet is for the local chain only (CHAIN=${config.chain.kind})`);
  const server = runningServer(config.dataDir);
  if (!server) throw new Error(`no running server found in ${config.dataDir}; start it with npm start first`);
  const settings = (await (await fetch(`${server.url}/api/funds/recharge/config`)).json()) as {
    data: { rpc_url: string; tokens: Record<'USDT' | 'WALLX', { address: `0x${string}` }> };
  };
  const transport = http(settings.data.rpc_url);
  const deployer = createWalletClient({ account: devAccount(LOCAL_ROLES.deployer), chain: foundry, transport });
  const client = createPublicClient({ chain: foundry, transport, cacheTime: 0 });
  const { abi } = testTokenArtifact();
  for (const symbol of ['USDT', 'WALLX'] as const) {
    const hash = await deployer.writeContract({
      address: settings.data.tokens[symbol].address,
      abi,
      functionName: 'mint',
      args: [address, parseUnits(amount, 18)],
    });
    await client.waitForTransactionReceipt({ hash });
    const balance = await client.readContract({
      address: settings.data.tokens[symbol].address,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [address],
    });
    console.log(`${symbol}: minted ${amount}, balance now ${balance / 10n ** 18n}`);
  }
  const hash = await deployer.sendTransaction({ to: address, value: parseEther('10') });
  await client.waitForTransactionReceipt({ hash });
  console.log(`BNB: sent 10 for gas to ${address}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
