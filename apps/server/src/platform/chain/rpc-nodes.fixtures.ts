import type { Address } from 'viem';
import { loadConfig } from '../config/config.js';
import type { Session, TestApp } from '../../test/helpers.js';
import type { ChainContext } from './context.js';
import { openRpcNodes } from './rpc-nodes.js';

export const MAX_LAG = 2;
export const chainConfig = (confirmations: string) =>
  loadConfig({
    CONFIRMATIONS: confirmations,
    WITHDRAW_MIN_USDT: '20',
    WITHDRAW_FEE_USDT: '1.5',
    WITHDRAW_REVIEW_USDT: '1000',
    WITHDRAW_HOURLY_CAP_USDT: '100000000',
  }).chain;

/** The local chain's context, served by these nodes (ranked as given), as RPC_URL=a,b,c and RPC_QUORUM would configure it. */
export function withNodes(chain: ChainContext, urls: string[], quorum = 2): ChainContext {
  const rpc = openRpcNodes(urls, { maxLagBlocks: MAX_LAG, refreshMs: 200, timeoutMs: 2_000, quorum });
  return { ...chain, rpcUrl: urls[0]!, rpcUrls: urls, client: rpc.client, rpc, scanIntervalMs: 100 };
}

/** What the app's own helpers do, from a session: the user's deposit address, a withdrawal, the balance. */
export function appMoves(t: () => TestApp) {
  return {
    ownAddress: async (user: Session) =>
      (await t().injectAs(user, 'GET /api/funds/recharge/address')).json().data.address as Address,
    withdraw: (user: Session, amount: string) =>
      t().injectAs(user, 'POST /api/funds/withdraw', { asset: 'USDT', amount, fund_password: 'pass-123' }),
    balance: async (user: Session) =>
      (await t().injectAs(user, 'GET /api/user/info')).json().data.balance.usdt as string,
    statuses: async () =>
      (await t().database.db.selectFrom('withdrawals').select('status').execute()).map((row) => row.status),
  };
}
