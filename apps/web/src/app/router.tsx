import i18next from 'i18next';
import { createBrowserRouter, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import type { ReactNode } from 'react';
import { loadSection, whenI18nReady, type CatalogSection } from '../lib/i18n';
import { isLoggedIn, session } from '../lib/session-store';
import { showToast } from '../lib/toast';
import { RouteError } from '../components/route-error';
import { Splash } from '../components/splash';
import { RootShell } from './root-shell';
import { routeAccess, type AppPath } from './route-access';
import type { RouteHandle } from './route-handle';
import { TabLayout } from './tab-layout';

function guard({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  if (routeAccess(url.pathname, isLoggedIn(session.getState())) === 'allow') return null;
  // The login leads on to the screen the guest tapped (Trade, Me), not to home (issue 45).
  session.openConnectBox(`${url.pathname}${url.search}`);
  // On a first visit the guard runs while the language is still loading.
  void whenI18nReady().then(() => showToast(i18next.t('auth.please_connect')));
  return redirect('/');
}

type LazyScreen = () => Promise<{ Component: () => ReactNode }>;

/** A lazy screen: its code and the texts it needs (feature catalog sections) arrive together. */
function lazyScreen<M, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
  sections: CatalogSection[] = [],
): LazyScreen {
  return async () => {
    const [module] = await Promise.all([load(), ...sections.map((section) => loadSection(section))]);
    return { Component: module[name] as () => ReactNode };
  };
}

// Every screen under it talks to the API: the API's refusals come with it (home needs none).
const queryLayout = lazyScreen(() => import('./query-layout'), 'QueryLayout', ['errors']);
const homeScreen = lazyScreen(() => import('../features/home/home-screen'), 'HomeScreen');
// The bell at its top names the notices.
const userScreen = lazyScreen(() => import('../features/user/user-screen'), 'UserScreen', ['notices']);
const fundPasswordScreen = lazyScreen(() => import('../features/funds/fund-password-screen'), 'FundPasswordScreen', [
  'funds',
]);
const transferScreen = lazyScreen(() => import('../features/funds/transfer-screen'), 'TransferScreen', ['funds']);
const transferRecordsScreen = lazyScreen(
  () => import('../features/funds/transfer-records-screen'),
  'TransferRecordsScreen',
  ['funds'],
);
const fundRecordsScreen = lazyScreen(() => import('../features/funds/fund-records-screen'), 'FundRecordsScreen', [
  'funds',
]);
const depositScreen = lazyScreen(() => import('../features/funds/deposit-screen'), 'DepositScreen', ['funds']);
const withdrawalScreen = lazyScreen(() => import('../features/funds/withdrawal-screen'), 'WithdrawalScreen', ['funds']);
const minesScreen = lazyScreen(() => import('../features/miners/mines-screen'), 'MinesScreen', ['miners']);
const minerOrdersScreen = lazyScreen(() => import('../features/miners/miner-orders-screen'), 'MinerOrdersScreen', [
  'miners',
]);
// The transfer and publish forms reuse the funds texts (recipient, fund password).
const mineScreen = lazyScreen(() => import('../features/miners/mine-screen'), 'MineScreen', ['miners', 'funds']);
const myMinesScreen = lazyScreen(() => import('../features/miners/my-mines-screen'), 'MyMinesScreen', ['miners']);
// The market lists buy with the fund password: the funds texts come along.
const mtradeScreen = lazyScreen(() => import('../features/markets/mtrade-screen'), 'MtradeScreen', [
  'markets',
  'funds',
]);
const mtradePublishScreen = lazyScreen(
  () => import('../features/markets/mtrade-publish-screen'),
  'MtradePublishScreen',
  ['markets', 'funds'],
);
const mtradeMyOrdersScreen = lazyScreen(
  () => import('../features/markets/mtrade-my-orders-screen'),
  'MtradeMyOrdersScreen',
  ['markets'],
);
const c2cScreen = lazyScreen(() => import('../features/markets/c2c-screen'), 'C2cScreen', ['markets', 'funds']);
const c2cPublishScreen = lazyScreen(() => import('../features/markets/c2c-publish-screen'), 'C2cPublishScreen', [
  'markets',
  'funds',
]);
const shareScreen = lazyScreen(() => import('../features/team/share-screen'), 'ShareScreen', ['team']);
const teamScreen = lazyScreen(() => import('../features/team/team-screen'), 'TeamScreen', ['team']);
// Guests open /join too (route-access.ts): it is one of their four screens.
const joinScreen = lazyScreen(() => import('../features/team/join-screen'), 'JoinScreen', ['team']);
const addressScreen = lazyScreen(() => import('../features/shipping/address-screen'), 'AddressScreen', ['shipping']);
const shippingScreen = lazyScreen(() => import('../features/shipping/shipping-screen'), 'ShippingScreen', [
  'shipping',
  'funds',
]);
const validatorScreen = lazyScreen(() => import('../features/shipping/validator-screen'), 'ValidatorScreen', [
  'shipping',
]);
const feedbackScreen = lazyScreen(() => import('../features/feedback/feedback-screen'), 'FeedbackScreen', ['feedback']);
const settingsScreen = lazyScreen(() => import('../features/user/settings-screen'), 'SettingsScreen', ['sessions']);
const collegeScreen = lazyScreen(() => import('../features/college/college-screen'), 'CollegeScreen', ['college']);
const courseScreen = lazyScreen(() => import('../features/college/course-screen'), 'CourseScreen', ['college']);
// Guests open /article too (route-access.ts); its texts and the ecology page's share one section.
const articleScreen = lazyScreen(() => import('../features/content/article-screen'), 'ArticleScreen', ['content']);
const ecologyScreen = lazyScreen(() => import('../features/content/ecology-screen'), 'EcologyScreen', ['content']);
// The well-being screens (issue 47): check-in, mood trends and the weekly board share one section of texts.
const checkinScreen = lazyScreen(() => import('../features/wellbeing/checkin-screen'), 'CheckinScreen', ['wellbeing']);
const moodScreen = lazyScreen(() => import('../features/wellbeing/mood-screen'), 'MoodScreen', ['wellbeing']);
const leaderboardScreen = lazyScreen(() => import('../features/wellbeing/leaderboard-screen'), 'LeaderboardScreen', [
  'wellbeing',
]);
const stakingScreen = lazyScreen(() => import('../features/staking/staking-screen'), 'StakingScreen', [
  'staking',
  'funds',
]);
const aidFundScreen = lazyScreen(() => import('../features/aid-fund/aid-fund-screen'), 'AidFundScreen', [
  'aidFund',
  'funds',
]);
// The companion's texts ride in the well-being section (its catalog files spread them in).
const companionScreen = lazyScreen(() => import('../features/companion/companion-screen'), 'CompanionScreen', [
  'wellbeing',
]);
const noticesScreen = lazyScreen(() => import('../features/notices/notices-screen'), 'NoticesScreen', ['notices']);
const notFoundScreen = lazyScreen(() => import('../components/not-found-screen'), 'NotFoundScreen');

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
              // The C2C market is the other half of Trade (its switch sits beside the machines'): the tab bar stays.
              screen('/c2c', c2cScreen, { isTab: true }),
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
          screen('/recharge', depositScreen),
          screen('/withdrawal', withdrawalScreen),
          screen('/orders', minerOrdersScreen),
          screen('/mine', mineScreen),
          screen('/mymines', myMinesScreen),
          screen('/mtrade/publish', mtradePublishScreen),
          screen('/mtrade/myorders', mtradeMyOrdersScreen),
          screen('/c2c/publish', c2cPublishScreen),
          screen('/share', shareScreen),
          screen('/team', teamScreen),
          screen('/join', joinScreen),
          screen('/address', addressScreen),
          screen('/shipping', shippingScreen),
          screen('/validator', validatorScreen),
          screen('/feedback', feedbackScreen),
          screen('/settings', settingsScreen),
          screen('/college', collegeScreen),
          screen('/course', courseScreen),
          screen('/article', articleScreen),
          screen('/ecology', ecologyScreen),
          screen('/notices', noticesScreen),
          screen('/checkin', checkinScreen),
          screen('/mood', moodScreen),
          screen('/leaderboard', leaderboardScreen),
          screen('/stake', stakingScreen),
          screen('/aid-fund', aidFundScreen),
          screen('/companion', companionScreen),
        ],
      },
      { path: '*', lazy: notFoundScreen },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
