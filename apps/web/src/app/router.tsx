import i18next from 'i18next';
import { createBrowserRouter, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import type { ReactNode } from 'react';
import { loadSection, whenI18nReady } from '../lib/i18n';
import { isLoggedIn, session } from '../lib/session-store';
import { showToast } from '../lib/toast';
import { RouteError } from '../components/route-error';
import { Splash } from '../components/splash';
import type { MessageKey } from '../lib/message-key';
import { RootShell } from './root-shell';
import { routeAccess, type AppPath } from './route-access';
import type { RouteHandle } from './route-handle';
import { TabLayout } from './tab-layout';

function guard({ request }: LoaderFunctionArgs) {
  if (routeAccess(new URL(request.url).pathname, isLoggedIn(session.getState())) === 'allow') return null;
  session.openConnectBox();
  // On a first visit the guard runs while the language is still loading.
  void whenI18nReady().then(() => showToast(i18next.t('wallet.please_connect')));
  return redirect('/');
}

const queryLayout = async () => ({ Component: (await import('./query-layout')).QueryLayout });
const homeScreen = async () => ({ Component: (await import('../features/home/home-screen')).HomeScreen });
const userScreen = async () => ({ Component: (await import('../features/user/user-screen')).UserScreen });
/** The funds screens' code and their texts arrive together. */
const withFunds = <T,>(load: () => Promise<T>) => Promise.all([load(), loadSection('funds')]).then(([module]) => module);
const fundPasswordScreen = async () => ({
  Component: (await withFunds(() => import('../features/funds/fund-password-screen'))).FundPasswordScreen,
});
const transferScreen = async () => ({ Component: (await withFunds(() => import('../features/funds/transfer-screen'))).TransferScreen });
const transferRecordsScreen = async () => ({
  Component: (await withFunds(() => import('../features/funds/transfer-records-screen'))).TransferRecordsScreen,
});
const fundRecordsScreen = async () => ({
  Component: (await withFunds(() => import('../features/funds/fund-records-screen'))).FundRecordsScreen,
});
const rechargeScreen = async () => ({
  Component: (await withFunds(() => import('../features/chain-funds/recharge-screen'))).RechargeScreen,
});
const withdrawalScreen = async () => ({
  Component: (await withFunds(() => import('../features/chain-funds/withdrawal-screen'))).WithdrawalScreen,
});
/** The miner screens' code and their texts arrive together; /mine's transfer form uses the funds texts too. */
const withMiners = <T,>(load: () => Promise<T>, ...extra: Array<'funds'>) =>
  Promise.all([load(), loadSection('miners'), ...extra.map((section) => loadSection(section))]).then(([module]) => module);
const minesScreen = async () => ({ Component: (await withMiners(() => import('../features/miners/mines-screen'))).MinesScreen });
const ordersScreen = async () => ({ Component: (await withMiners(() => import('../features/miners/orders-screen'))).OrdersScreen });
const myMinersScreen = async () => ({
  Component: (await withMiners(() => import('../features/miners/my-miners-screen'), 'funds')).MyMinersScreen,
});
const myMineScreen = async () => ({ Component: (await withMiners(() => import('../features/miners/my-mine-screen'))).MyMineScreen });
/** The market screens' code and their texts arrive together; the publish forms use the funds texts too. */
const withMarkets = <T,>(load: () => Promise<T>, ...extra: Array<'funds'>) =>
  Promise.all([load(), loadSection('markets'), ...extra.map((section) => loadSection(section))]).then(([module]) => module);
const mtradeScreen = async () => ({ Component: (await withMarkets(() => import('../features/markets/mtrade-screen'))).MtradeScreen });
const mtradePublishScreen = async () => ({
  Component: (await withMarkets(() => import('../features/markets/mtrade-publish-screen'), 'funds')).MtradePublishScreen,
});
const mtradeMyOrdersScreen = async () => ({
  Component: (await withMarkets(() => import('../features/markets/mtrade-my-orders-screen'))).MtradeMyOrdersScreen,
});
const c2cScreen = async () => ({ Component: (await withMarkets(() => import('../features/markets/c2c-screen'))).C2cScreen });
const c2cPublishScreen = async () => ({
  Component: (await withMarkets(() => import('../features/markets/c2c-publish-screen'), 'funds')).C2cPublishScreen,
});
const comingSoonScreen = async () => ({ Component: (await import('../components/coming-soon-screen')).ComingSoonScreen });
const notFoundScreen = async () => ({ Component: (await import('../components/not-found-screen')).NotFoundScreen });

/** Screens that arrive with later issues: each shows its title and a "coming soon" note for now. */
type BuiltPath =
  | '/'
  | '/user'
  | '/mines'
  | '/mymines'
  | '/orders'
  | '/mine'
  | '/mtrade'
  | '/mtrade/publish'
  | '/mtrade/myorders'
  | '/c2c'
  | '/c2c/publish'
  | '/fpassword'
  | '/transfer'
  | '/transfer_records'
  | '/records'
  | '/recharge'
  | '/withdrawal';
const upcoming: ReadonlyArray<readonly [Exclude<AppPath, BuiltPath>, MessageKey]> = [
  ['/share', 'user.share'],
  ['/team', 'user.team'],
  ['/join', 'screen.join'],
  ['/article', 'user.articles'],
  ['/shipping', 'user.shipping'],
  ['/address', 'user.address_book'],
  ['/feedback', 'user.feedback'],
  ['/college', 'user.college'],
  ['/course', 'screen.course'],
  ['/ecology', 'user.ecology'],
  ['/validator', 'user.validator_entry'],
];

type LazyScreen = () => Promise<{ Component: () => ReactNode }>;

function screen(path: AppPath, lazy: LazyScreen, handle: RouteHandle = {}): RouteObject {
  return { path, loader: guard, lazy, handle };
}

export const routes: RouteObject[] = [
  {
    id: 'root',
    element: <RootShell />,
    HydrateFallback: Splash,
    errorElement: <RouteError />,
    children: [
      {
        element: <TabLayout />,
        children: [
          screen('/', homeScreen, { isTab: true }),
          {
            lazy: queryLayout,
            children: [
              screen('/mines', minesScreen, { isTab: true }),
              screen('/mtrade', mtradeScreen, { isTab: true }),
              screen('/user', userScreen, { isTab: true }),
            ],
          },
        ],
      },
      {
        lazy: queryLayout,
        children: [
          screen('/fpassword', fundPasswordScreen),
          screen('/transfer', transferScreen),
          screen('/transfer_records', transferRecordsScreen),
          screen('/records', fundRecordsScreen),
          screen('/recharge', rechargeScreen),
          screen('/withdrawal', withdrawalScreen),
          screen('/orders', ordersScreen),
          screen('/mine', myMinersScreen),
          screen('/mymines', myMineScreen),
          screen('/mtrade/publish', mtradePublishScreen),
          screen('/mtrade/myorders', mtradeMyOrdersScreen),
          screen('/c2c', c2cScreen),
          screen('/c2c/publish', c2cPublishScreen),
          ...upcoming.map(([path, titleKey]) => screen(path, comingSoonScreen, { titleKey })),
        ],
      },
      { path: '*', lazy: notFoundScreen },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
