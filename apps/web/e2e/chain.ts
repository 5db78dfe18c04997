import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  createWalletClient,
  defineChain,
  erc20Abi,
  http,
  parseEther,
  parseUnits,
  publicActions,
  type Address,
  type Hex,
} from 'viem';
import {
  generatePrivateKey,
  mnemonicToAccount,
  privateKeyToAccount,
  type HDAccount,
  type LocalAccount,
  type PrivateKeyAccount,
} from 'viem/accounts';
import type { Asset, DepositConfig } from '@wallx/shared';
import { authOf } from './helpers';

/** anvil's development mnemonic: public test keys, never real funds. */
const DEV_MNEMONIC = 'test test test test test test test test test test test junk';

/** The server's local chain gives dev accounts 3..7 test USDT, WALLX and BNB. */
const FIRST_FUNDED = 3;
const FUNDED_COUNT = 5;

/**
 * The dev account that pays for the running test's wallets: one per worker, so that no two tests
 * send from one account at once (two transactions sent together from one account race for its
 * nonce). Tests never act as a dev account themselves: each gets fresh wallets (fundedAccount), so a
 * test run again (`--repeat-each`, or beside itself on another worker) starts from the same state.
 */
export function payer(): HDAccount {
  const worker = test.info().parallelIndex;
  if (worker >= FUNDED_COUNT)
    throw new Error(`${FUNDED_COUNT} funded dev accounts pay for at most ${FUNDED_COUNT} workers`);
  return mnemonicToAccount(DEV_MNEMONIC, { addressIndex: FIRST_FUNDED + worker });
}

export async function depositConfig(request: APIRequestContext): Promise<DepositConfig> {
  const body = (await (await request.get('/api/funds/recharge/config')).json()) as { data: DepositConfig };
  return body.data;
}

/** A client of the local chain that signs as `account` and reads too. */
export function chainClient(config: DepositConfig, account: LocalAccount) {
  const chain = defineChain({
    id: config.chain_id,
    name: 'local',
    nativeCurrency: { name: 'BNB', symbol: 'BNB', decimals: 18 },
    rpcUrls: { default: { http: [config.rpc_url] } },
  });
  return createWalletClient({ account, chain, transport: http(config.rpc_url) }).extend(publicActions);
}

/** The local chain mines a block per transaction only; confirmations need blocks of their own. */
export async function mine(rpcUrl: string, blocks: number): Promise<void> {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'anvil_mine', params: [`0x${blocks.toString(16)}`] }),
  });
  expect(response.ok).toBe(true);
}

/**
 * A token transfer from `account` to the shared deposit address (or to `to`: a user's own), once
 * mined (not yet confirmed: callers mine what they need).
 */
export async function transferToDeposit(
  config: DepositConfig,
  account: LocalAccount,
  asset: Asset,
  amount: string,
  to: string = config.deposit_address,
): Promise<Hex> {
  const client = chainClient(config, account);
  const token = config.tokens[asset];
  const hash = await client.writeContract({
    address: token.address as Address,
    abi: erc20Abi,
    functionName: 'transfer',
    args: [to as Address, parseUnits(amount, token.decimals)],
  });
  await client.waitForTransactionReceipt({ hash });
  return hash;
}

/**
 * Money enters from the chain: a real token transfer from the logged-in user's own wallet to the
 * deposit address, given its confirmations, then reported the way the deposit screen does. The
 * server must credit it at once.
 */
export async function deposit(
  page: Page,
  account: LocalAccount,
  config: DepositConfig,
  asset: Asset,
  amount: string,
): Promise<Hex> {
  const hash = await transferToDeposit(config, account, asset, amount);
  await mine(config.rpc_url, config.confirmations);
  const reported = await page.request.post('/api/funds/recharge', {
    headers: await authOf(page),
    data: { asset, tx_hash: hash },
  });
  expect(await reported.json()).toMatchObject({ data: { status: 'credited' } });
  return hash;
}

/** A new wallet holding these test tokens and 1 BNB of gas, sent by the worker's dev account. */
export async function fundedAccount(
  config: DepositConfig,
  tokens: Partial<Record<Asset, string>>,
): Promise<PrivateKeyAccount> {
  const account = privateKeyToAccount(generatePrivateKey());
  const client = chainClient(config, payer());
  await client.waitForTransactionReceipt({
    hash: await client.sendTransaction({ to: account.address, value: parseEther('1') }),
  });
  for (const [asset, amount] of Object.entries(tokens) as [Asset, string][]) {
    const token = config.tokens[asset];
    const hash = await client.writeContract({
      address: token.address as Address,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [account.address, parseUnits(amount, token.decimals)],
    });
    await client.waitForTransactionReceipt({ hash });
  }
  return account;
}

/** What the account holds of a test token on the chain, in base units. */
export function tokenBalance(config: DepositConfig, account: LocalAccount, asset: Asset): Promise<bigint> {
  return chainClient(config, account).readContract({
    address: config.tokens[asset].address as Address,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [account.address],
  });
}
