import type { ChainContext } from '../../platform/chain/context.js';
import { depositAddressOf } from '../../platform/chain/deposit-address.js';
import type { Db } from '../../platform/db/database.js';
import type { LeaseObserver } from '../../platform/db/lease.js';
import type { UserRepository } from '../../kernel/users/repository.js';
import type { UserEvents } from '../../kernel/user-events/user-events.js';
import type { Ledger } from '../../kernel/ledger/ledger.js';
import { createDepositCredit } from './credit.js';
import { createDepositNews } from './deposit-news.js';
import { createDepositReports } from './report.js';
import type { DepositRepository } from './repository.js';
import { createDepositScan } from './scan.js';
import { createUnattributedDeposits } from './unattributed.js';

/**
 * Money enters only from the chain. A deposit is credited when the chain itself shows a Transfer of
 * a supported token, with enough confirmations, either to a user's own deposit address (from any
 * sender: an exchange, another wallet) or to the shared deposit address from a registered user;
 * each (tx hash, log index) once, whether the app reported it or the scanner found it.
 */
type Deps = {
  db: Db;
  chain: ChainContext;
  ledger: Ledger;
  events: UserEvents;
  users: UserRepository;
  repository: DepositRepository;
  instanceId: string;
  /** How many deposits a user may have reported that the chain has not settled yet (each report costs RPC calls). */
  maxUnresolvedReports: number;
  /** Sees every scan pass, held or not (JOB_TRACE_FILE). */
  observe?: LeaseObserver | undefined;
};

/** The deposits' use cases, each in its own file (credit, report, scan, unattributed), over the same deps. */
export function createDeposits({
  db,
  chain,
  ledger,
  events,
  users,
  repository,
  instanceId,
  maxUnresolvedReports,
  observe,
}: Deps) {
  const news = createDepositNews({ db, events, repository, confirmations: chain.confirmations });
  const credit = createDepositCredit({ chain, ledger, users, repository, news });
  const reports = createDepositReports({ db, chain, repository, news, credit, maxUnresolvedReports });
  const scan = createDepositScan({
    db,
    chain,
    users,
    repository,
    news,
    credit,
    checkReport: reports.checkReport,
    instanceId,
    observe,
  });
  const unattributed = createUnattributedDeposits({ db, users, repository, credit });

  return {
    /**
     * The user's own deposit address, kept from the first time it is asked for so that the scanner
     * knows it. Tokens sent to it from anywhere are credited to them.
     */
    async addressOf(userId: string): Promise<{ address: string }> {
      const address = depositAddressOf(chain.depositFactory, userId);
      await repository.saveAddress(db, {
        userId,
        address: address.toLowerCase(),
        factory: chain.depositFactory.address.toLowerCase(),
      });
      return { address };
    },

    config() {
      return {
        chain_id: chain.chainId,
        rpc_url: chain.publicRpcUrl,
        explorer_url: chain.explorerUrl,
        deposit_address: chain.depositAddress,
        confirmations: chain.confirmations,
        tokens: {
          USDT: { address: chain.tokens.USDT, decimals: chain.decimals },
          WALLX: { address: chain.tokens.WALLX, decimals: chain.decimals },
        },
      };
    },

    report: reports.report,
    list: reports.list,
    unattributed: unattributed.unattributed,
    proposalHandlers: unattributed.proposalHandlers,
    scannerProgress: scan.scannerProgress,
    scanOnce: scan.scanOnce,
  };
}
export type Deposits = ReturnType<typeof createDeposits>;
