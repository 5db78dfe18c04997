import type { MarketSort, Page } from '@wallx/shared';
import type { Db, Executor, Trx } from '../../platform/db/database.js';
import type { FundPasswords } from '../../kernel/fund-password/fund-password.js';
import type { Idempotency } from '../../kernel/idempotency/idempotency.js';
import { toPage, type PageQuery } from '../../platform/pagination/page.js';
import type { UserRepository } from '../../kernel/users/repository.js';
import type { UserEvents } from '../../kernel/user-events/user-events.js';
import type { FeeShare } from '../../kernel/staking-settings/fee-share.js';
import type { Ledger } from '../../kernel/ledger/ledger.js';
import { releaseEscrow } from './escrow.js';
import { createMarketEvents } from './market-events.js';
import { createOrderChecks } from './order-checks.js';
import type { MarketFeeSource, MinerSales } from './ports.js';
import { cursorAfter, type MarketsRepository } from './repository.js';

export type MarketsDeps = {
  db: Db;
  ledger: Ledger;
  events: UserEvents;
  miners: MinerSales;
  markets: MarketsRepository;
  users: UserRepository;
  fundPasswords: FundPasswords;
  idempotency: Idempotency;
  fees: MarketFeeSource;
  /** The staking pool's share of each fee charged, moved in the fee's transaction (decision 143). */
  feeShare: FeeShare;
  now?: () => number;
};

export type Actor = { id: string };
export type MarketQuery = PageQuery & { sort: MarketSort };
export type MineQuery = PageQuery & { role: 'sell' | 'buy' };

/** What every use case of both markets shares: the checks, the news, the paging and the guarded run. */
export function createOrderFlow({ db, ledger, events, markets, users, fundPasswords, idempotency }: MarketsDeps) {
  const news = createMarketEvents(events);
  const { canBuy, refusal } = createOrderChecks({ markets, users });
  /** The open orders page by keyset on the chosen sort; the user's own orders by id. */
  function marketPage<T extends { id: string; expires_at: string; unit_price: string }>(
    items: T[],
    q: MarketQuery,
  ): Page<T> {
    return toPage(items, q.limit, (last) => cursorAfter(q.sort, last));
  }

  /**
   * `check` runs first on its own and, when the work finds the state changed under it, again inside
   * the transaction (on `trx`: PGlite has one session, which the transaction holds).
   */
  async function verifyThenRun<T extends { order: { id: string } }>(
    actor: Actor,
    scope: string,
    body: object,
    fundPassword: string | null,
    key: string | undefined,
    check: (ex: Executor) => Promise<void>,
    work: (trx: Trx) => Promise<T>,
  ) {
    const idem = { userId: actor.id, key, scope, body };
    const earlier = await idempotency.previous<T>(idem);
    if (earlier) return earlier;
    await check(db);
    if (fundPassword !== null) await fundPasswords.verify(actor.id, fundPassword);
    const result = await idempotency.run(idem, work);
    // After the commit: a NOTIFY inside it would hold a database-wide lock through the commit.
    await news.changed(db, scope.startsWith('c2c') ? 'c2c' : 'mtrade', result.order.id);
    return result;
  }

  async function release(trx: Executor, sellerId: string, orderId: string, amount: string, fee: string) {
    await releaseEscrow(ledger, trx, { sellerId, orderId, amount, fee });
  }

  return { news, canBuy, refusal, marketPage, verifyThenRun, release };
}
export type OrderFlow = ReturnType<typeof createOrderFlow>;
