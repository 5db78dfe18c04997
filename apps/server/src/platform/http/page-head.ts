import { isLanguage, languageFromAcceptLanguage, type Language } from '@wallx/shared';
import * as aidFund from '@wallx/shared/i18n/aidFund/index';
import { catalogs } from '@wallx/shared/i18n/catalogs';
import * as head from '@wallx/shared/i18n/head/index';
import * as miners from '@wallx/shared/i18n/miners/index';
import * as notices from '@wallx/shared/i18n/notices/index';
import * as staking from '@wallx/shared/i18n/staking/index';
import * as wellbeing from '@wallx/shared/i18n/wellbeing/index';

/** The key the web app keeps the visitor's language under, in localStorage and in a cookie the server reads (apps/web/src/lib/language.ts). */
export const LANGUAGE_COOKIE = 'wallx_lang';

/**
 * Each screen's title is the one its header shows (PageHeader in the web app, which sets
 * document.title from it): the same catalog key, so that the served head and the running app agree.
 */
const titleKeys: Record<string, string> = {
  '/user': 'user.title',
  '/share': 'user.share',
  '/team': 'user.team',
  '/join': 'screen.join',
  '/recharge': 'user.deposit',
  '/withdrawal': 'user.withdrawal',
  '/transfer': 'user.transfer',
  '/fpassword': 'user.fund_password',
  '/article': 'user.articles',
  '/shipping': 'user.shipping',
  '/address': 'user.address_book',
  '/mines': 'nav.mines',
  '/mymines': 'user.my_mines',
  '/orders': 'user.orders',
  '/mine': 'miners.miner_list',
  '/transfer_records': 'user.transfer_records',
  '/feedback': 'user.feedback',
  '/records': 'user.records',
  '/c2c': 'screen.c2c',
  '/c2c/publish': 'screen.c2c_publish',
  '/mtrade': 'screen.mtrade',
  '/mtrade/publish': 'screen.mtrade_publish',
  '/mtrade/myorders': 'screen.mtrade_myorders',
  '/college': 'user.college',
  '/course': 'screen.course',
  '/ecology': 'user.ecology',
  '/validator': 'user.validator_entry',
  '/settings': 'user.settings',
  '/notices': 'notices.title',
  '/checkin': 'checkins.title',
  '/mood': 'mood.title',
  '/leaderboard': 'leaderboard.title',
  '/stake': 'staking.title',
  '/aid-fund': 'aidFund.title',
  '/companion': 'companion.title',
};

type Tree = { [key: string]: string | Tree };

function merge(...trees: object[]): Tree {
  const out: Tree = {};
  for (const tree of trees)
    for (const [key, value] of Object.entries(tree as Tree)) {
      const existing = out[key];
      out[key] =
        typeof value === 'object' && typeof existing === 'object' ? merge(existing, value) : (value as string | Tree);
    }
  return out;
}

const texts: Record<Language, Tree> = Object.fromEntries(
  (Object.keys(catalogs) as Language[]).map((language) => [
    language,
    merge(
      catalogs[language],
      miners[language],
      notices[language],
      wellbeing[language],
      staking[language],
      aidFund[language],
      head[language],
    ),
  ]),
) as Record<Language, Tree>;

/** The head's description keys are per path, and so are dots-free: looked up part by part. */
function text(language: Language, ...path: string[]): string {
  let node: string | Tree | undefined = texts[language];
  for (const part of path) node = typeof node === 'object' ? node[part] : undefined;
  if (typeof node !== 'string') throw new Error(`page head: no text at ${path.join('.')} in ${language}`);
  return node;
}

const titleOf = (language: Language, key: string) => text(language, ...key.split('.'));

/** Every path the app has a screen for: the head's descriptions name each (a web test holds them to route-access.ts). */
export const appPaths: ReadonlySet<string> = new Set(Object.keys(head.en_US.head.description));

/** The app's route matching ignores case and a trailing slash (apps/web/src/app/route-access.ts). */
export function normalizePath(pathName: string): string {
  const lower = pathName.toLowerCase();
  return lower.length > 1 ? lower.replace(/\/+$/, '') || '/' : lower;
}

/** The stored choice (the cookie the app writes beside localStorage) wins, else the browser's Accept-Language. */
export function pageLanguage(cookieHeader: string | undefined, acceptLanguage: string | undefined): Language {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === LANGUAGE_COOKIE && isLanguage(value)) return value;
  }
  return languageFromAcceptLanguage(acceptLanguage);
}

const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export type PageHead = {
  language: Language;
  /** 404 for a path that is no screen of the app. */
  status: 200 | 404;
  /** The elements that replace `<!--wallx-head-->`. */
  tags: string;
};

/**
 * The page's head for a path in a language: title, description, and the Open Graph and Twitter
 * card tags a link preview reads (bots run no script). `inviter` is the shortened address behind a
 * /join link's code, when the code is known; the card then says who invites, and nothing else of them.
 */
export function pageHead(options: {
  path: string;
  language: Language;
  origin: string;
  /** The path and query the page was asked for, for og:url. */
  url: string;
  inviter?: string | null;
}): PageHead {
  const { language, origin } = options;
  const path = normalizePath(options.path);
  const isScreen = appPaths.has(path);
  const site = titleOf(language, 'home.title');
  let title: string;
  let description: string;
  let image = `/og/${language}.png`;
  if (!isScreen) {
    title = `${titleOf(language, 'route.not_found')} · ${site}`;
    description = text(language, 'head', 'description', '/');
  } else if (path === '/join' && options.inviter) {
    title = text(language, 'head', 'invite_title').replace('{{address}}', options.inviter);
    description = text(language, 'head', 'invite_description');
    image = `/og/invite-${language}.png`;
  } else {
    title = path === '/' ? site : `${titleOf(language, titleKeys[path]!)} · ${site}`;
    description = text(language, 'head', 'description', path);
  }
  const meta = (attribute: 'name' | 'property', key: string, value: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(value)}">`;
  const imageUrl = `${origin}${image}`;
  const tags = [
    `<title>${escapeHtml(title)}</title>`,
    meta('name', 'description', description),
    ...(isScreen ? [] : [meta('name', 'robots', 'noindex')]),
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', site),
    meta('property', 'og:locale', language),
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    ...(isScreen ? [meta('property', 'og:url', `${origin}${options.url}`)] : []),
    meta('property', 'og:image', imageUrl),
    meta('property', 'og:image:type', 'image/png'),
    meta('property', 'og:image:width', '1200'),
    meta('property', 'og:image:height', '630'),
    meta('property', 'og:image:alt', title),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', description),
    meta('name', 'twitter:image', imageUrl),
  ].join('');
  return { language, status: isScreen ? 200 : 404, tags };
}

/** `<html lang>` as the app sets it (apps/web/src/lib/language.ts: 'ja-JP'), and the head's tags in place of the marker. */
export function withHead(template: string, head: PageHead): string {
  return template
    .replace(/<html lang="[^"]*"/, `<html lang="${head.language.replace('_', '-')}"`)
    .replace('<!--wallx-head-->', head.tags);
}
