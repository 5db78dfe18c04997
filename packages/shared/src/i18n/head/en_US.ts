import type { Widen } from '../widen.js';

/**
 * English texts of the page's head: what a link preview (Telegram, WhatsApp, LINE, X) and a search
 * engine read before any script runs. The server alone reads them (apps/server/src/platform/http/page-head.ts);
 * each screen's title is the one its header shows, from the app's own catalogs.
 */
export const en_US = {
  head: {
    /** Per app path (apps/web/src/app/route-access.ts). */
    description: {
      '/': 'A Web3 ecosystem for mental well-being: check in with your mood, run miners, stake WALLX.',
      '/user': 'Your wallet, balances and services in WALLX.',
      '/share': 'Invite friends to WALLX with your link and share code.',
      '/team': 'The friends you invited and your team’s performance.',
      '/join': 'Join WALLX with your BSC wallet: no registration, sign in by signing a message.',
      '/recharge': 'Deposit USDT or WALLX from BSC into your WALLX account.',
      '/withdrawal': 'Withdraw USDT or WALLX to your BSC wallet.',
      '/transfer': 'Send USDT or WALLX to another WALLX user.',
      '/fpassword': 'Set or change the password that protects your funds.',
      '/article': 'Help, agreements and news from WALLX.',
      '/shipping': 'Have your miner shipped or pick it up.',
      '/address': 'Your delivery addresses.',
      '/mines': 'Mining machines on sale, each with its daily WALLX output.',
      '/mymines': 'Your miners and what they produced.',
      '/orders': 'Your miner orders.',
      '/mine': 'Your miners: transfer or sell them.',
      '/transfer_records': 'Your transfers, sent and received.',
      '/feedback': 'Tell the WALLX team what you think, and read their replies.',
      '/records': 'Every movement of your funds.',
      '/c2c': 'Buy and sell WALLX with other users.',
      '/c2c/publish': 'Offer WALLX for sale.',
      '/mtrade': 'Buy and sell mining machines with other users.',
      '/mtrade/publish': 'Offer a miner for sale.',
      '/mtrade/myorders': 'Your offers on the machine market.',
      '/college': 'Courses on Web3, mining and well-being.',
      '/course': 'A WALLX College course.',
      '/ecology': 'The WALLX ecosystem and its partners.',
      '/validator': 'Write off a pick-up code.',
      '/settings': 'Language, sessions and more.',
      '/notices': 'Your notices: orders, deposits, withdrawals and parcels.',
      '/checkin': 'Check in with your mood each day and earn WALLX.',
      '/mood': 'Your mood over time: trends, streak and calendar.',
      '/leaderboard': 'This week’s check-in leaderboard and its prizes.',
      '/stake': 'Stake WALLX and share in the pool’s daily earnings.',
      '/aid-fund': 'Where the mental-health aid fund’s money goes, in the open.',
      '/companion': 'Talk with an AI companion that listens.',
    },
    /** A /join link whose share code is known: the inviter's address, shortened. */
    invite_title: '{{address}} invites you to WALLX',
    invite_description: 'Join with your BSC wallet and look after your well-being, together.',
    /** The link preview's picture (1200×630), drawn at build time. */
    card_title: 'A Web3 ecosystem for mental well-being',
    card_invite: 'You are invited to WALLX',
    card_footer: 'Check in · Mine · Stake · Care',
  },
} as const;

export type HeadMessages = Widen<typeof en_US>;
