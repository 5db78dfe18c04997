import type { QueryClient, QueryKey } from '@tanstack/react-query';
import i18next from 'i18next';
import { isNoticeEvent, type Deposit, type UserEvent, type UserEventType } from '@wallx/shared';
import { fundsKeys } from '../features/funds/api/keys';
import { marketsKeys } from '../features/markets/api/keys';
import { minersKeys } from '../features/miners/api/keys';
import { shippingKeys } from '../features/shipping/api/keys';
import { feedbackKeys } from '../features/feedback/api/keys';
import { api } from '../lib/api';
import { config } from '../lib/config';
import { loadSection } from '../lib/i18n';
import { openEventStream, type EventStream } from '../lib/live/event-stream';
import { liveStatus } from '../lib/live/live-status';
import { queryRoots } from '../lib/query-keys';
import { isLoggedIn, session } from '../lib/session-store';
import { showToast } from '../lib/toast';

type Payload<T extends UserEventType> = Extract<UserEvent, { type: T }>['payload'];

/** What each event changes on screen: the queries it makes stale (those on screen refetch at once). */
const staleAfter: { [T in UserEventType]: (payload: Payload<T>, account: string) => QueryKey[] } = {
  // Every posting: the balances (user info) and the fund records.
  balance: (_, account) => [queryRoots.user, fundsKeys.allRecords(account), fundsKeys.transfers(account)],
  deposit: (_, account) => [fundsKeys.deposits(account)],
  withdrawal: (_, account) => [fundsKeys.withdrawals(account)],
  // A miner sold leaves /mine; one whose order expired or was cancelled is back to sell.
  order: (p, account) => [marketsKeys.market(p.market), minersKeys.mine(account), marketsKeys.sellableMiners(account)],
  miner_received: (_, account) => [minersKeys.all, marketsKeys.sellableMiners(account)],
  output_ready: () => [minersKeys.all],
  shipping: (_, account) => [shippingKeys.requests(account), shippingKeys.holdings(account)],
  feedback_reply: () => [feedbackKeys.all],
};

/** A notice is not toasted where its own screen already shows it (and says so itself). */
const shownOn: Partial<Record<UserEventType, string>> = { deposit: '/recharge', feedback_reply: '/feedback' };

function isToasted(event: UserEvent): boolean {
  const path = window.location.pathname;
  if (!isNoticeEvent(event) || path === '/notices' || shownOn[event.type] === path) return false;
  // Cancelling one's own order: the screen where it was done already said so.
  return !(event.type === 'order' && event.payload.status === 'cancelled' && event.payload.reason === null);
}

/** Its words and their texts load with the first notice: the stream itself loads on every screen. */
function toast(event: UserEvent): void {
  void Promise.all([import('../lib/notice-text'), loadSection('notices')]).then(([{ noticeText }]) =>
    showToast(noticeText(i18next.t, event)),
  );
}

/**
 * Keeps the screens of one account current from its event stream: each event makes its queries
 * stale (a burst, such as a sale's order and two balances, refetches each once), a deposit's
 * confirmations go straight into the deposit being watched, and a notice is toasted. After a gap
 * (events no longer kept) or a connection that had failed (the phone was offline: what failed on
 * screen meanwhile must load again), everything cached is reloaded.
 */
function follow(queryClient: QueryClient, account: string): EventStream {
  const pending = new Map<string, QueryKey>();
  let flush: ReturnType<typeof setTimeout> | null = null;
  const invalidate = (keys: QueryKey[]) => {
    for (const key of keys) pending.set(JSON.stringify(key), key);
    flush ??= setTimeout(() => {
      flush = null;
      for (const key of pending.values()) void queryClient.invalidateQueries({ queryKey: key });
      pending.clear();
    }, 50);
  };

  return openEventStream({
    baseUrl: config.apiHost,
    token: () => session.getState().token?.access_token,
    freshToken: api.freshToken,
    handlers: {
      onLive: (isLive) => liveStatus.set(isLive),
      onReady: (ready, afterFailure) => {
        if (ready.gap || afterFailure) void queryClient.invalidateQueries();
      },
      onMarket: (change) => invalidate([marketsKeys.market(change.market)]),
      onEvent: (event) => {
        const keys = (staleAfter[event.type] as ((p: unknown, a: string) => QueryKey[]) | undefined)?.(
          event.payload,
          account,
        );
        if (!keys) return;
        if (event.type === 'deposit') {
          const { status, confirmations, required_confirmations, amount } = event.payload;
          queryClient.setQueryData<Deposit>(fundsKeys.deposit(event.payload.tx_hash), (deposit) =>
            deposit
              ? { ...deposit, status, confirmations, required_confirmations, amount: amount ?? deposit.amount }
              : deposit,
          );
        }
        invalidate(isNoticeEvent(event) ? [...keys, queryRoots.notices] : keys);
        if (isToasted(event)) toast(event);
      },
    },
  });
}

let current: { account: string; stream: EventStream } | null = null;
let isStarted = false;

/**
 * Follows the signed-in account's events for as long as the page lives: from the first screen that
 * shows server data, on every screen after it; closed on sign-out, opened again for the next account.
 */
export function startLiveUpdates(queryClient: QueryClient): void {
  if (isStarted) return;
  isStarted = true;
  const sync = () => {
    const state = session.getState();
    const account = isLoggedIn(state) ? state.userinfo!.bsc.toLowerCase() : null;
    if (current?.account === account) return;
    current?.stream.close();
    current = null;
    liveStatus.set(false);
    if (account) current = { account, stream: follow(queryClient, account) };
  };
  session.subscribe(sync);
  sync();
  // Back online, or back in front (a phone drops a hidden page's connections): no need to wait.
  window.addEventListener('online', () => current?.stream.retryNow());
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') current?.stream.retryNow();
  });
}
