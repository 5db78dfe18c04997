/** Every screen of the spec (section 2). */
export const appPaths = [
  '/',
  '/user',
  '/share',
  '/team',
  '/join',
  '/recharge',
  '/withdrawal',
  '/transfer',
  '/fpassword',
  '/article',
  '/shipping',
  '/address',
  '/mines',
  '/mymines',
  '/orders',
  '/mine',
  '/transfer_records',
  '/feedback',
  '/records',
  '/c2c',
  '/c2c/publish',
  '/mtrade',
  '/mtrade/publish',
  '/mtrade/myorders',
  '/college',
  '/course',
  '/ecology',
  '/validator',
  // Implied by the spec's texts, its route not shown (docs/decisions/).
  '/settings',
  // The notice inbox behind the bell on /user (issue 35).
  '/notices',
  // The well-being ecosystem (issue 47): the daily check-in, mood trends and the weekly board.
  '/checkin',
  '/mood',
  '/leaderboard',
  // The emotion staking pool (issue 48).
  '/stake',
  '/aid-fund',
  // The AI companion (issue 49).
  '/companion',
] as const;

export type AppPath = (typeof appPaths)[number];

/** The only screens a visitor without a wallet session may open. */
export const guestPaths: ReadonlySet<string> = new Set<AppPath>([
  '/',
  '/mines',
  '/join',
  '/article',
  // Public by issue 48: anyone may see where the aid fund's money goes.
  '/aid-fund',
]);

const knownPaths: ReadonlySet<string> = new Set<string>(appPaths);

/** Route matching ignores case and a trailing slash, so the guard must too. */
export function normalizePath(pathname: string): string {
  const lower = pathname.toLowerCase();
  return lower.length > 1 ? lower.replace(/\/+$/, '') || '/' : lower;
}

export type RouteAccess = 'allow' | 'connect';

/**
 * 'connect' means: open the connect-wallet dialog and send the visitor home. Unknown paths are
 * allowed so that the 404 screen can say so.
 */
export function routeAccess(pathname: string, isLoggedIn: boolean): RouteAccess {
  if (isLoggedIn) return 'allow';
  const path = normalizePath(pathname);
  return guestPaths.has(path) || !knownPaths.has(path) ? 'allow' : 'connect';
}
