import i18next from 'i18next';
import { useSyncExternalStore } from 'react';
import { initReactI18next } from 'react-i18next';
import type { Language, Messages } from '@wallx/shared';
import { detectLanguage, htmlLang, LANGUAGE_STORAGE_KEY } from './language';

// One chunk per catalog: a visitor downloads only the language they read. The core catalog (shell,
// home, user centre, errors) loads before the first render; each feature's texts load with its screens.
const catalogLoaders: Record<Language, () => Promise<Messages>> = {
  zh_CN: () => import('@wallx/shared/i18n/zh_CN').then((m) => m.zh_CN),
  en_US: () => import('@wallx/shared/i18n/en_US').then((m) => m.en_US),
  ko_KR: () => import('@wallx/shared/i18n/ko_KR').then((m) => m.ko_KR),
  ja_JP: () => import('@wallx/shared/i18n/ja_JP').then((m) => m.ja_JP),
  id_ID: () => import('@wallx/shared/i18n/id_ID').then((m) => m.id_ID),
};

const sectionLoaders = {
  funds: {
    zh_CN: () => import('@wallx/shared/i18n/funds/zh_CN').then((m) => m.zh_CN),
    en_US: () => import('@wallx/shared/i18n/funds/en_US').then((m) => m.en_US),
    ko_KR: () => import('@wallx/shared/i18n/funds/ko_KR').then((m) => m.ko_KR),
    ja_JP: () => import('@wallx/shared/i18n/funds/ja_JP').then((m) => m.ja_JP),
    id_ID: () => import('@wallx/shared/i18n/funds/id_ID').then((m) => m.id_ID),
  },
  miners: {
    zh_CN: () => import('@wallx/shared/i18n/miners/zh_CN').then((m) => m.zh_CN),
    en_US: () => import('@wallx/shared/i18n/miners/en_US').then((m) => m.en_US),
    ko_KR: () => import('@wallx/shared/i18n/miners/ko_KR').then((m) => m.ko_KR),
    ja_JP: () => import('@wallx/shared/i18n/miners/ja_JP').then((m) => m.ja_JP),
    id_ID: () => import('@wallx/shared/i18n/miners/id_ID').then((m) => m.id_ID),
  },
  markets: {
    zh_CN: () => import('@wallx/shared/i18n/markets/zh_CN').then((m) => m.zh_CN),
    en_US: () => import('@wallx/shared/i18n/markets/en_US').then((m) => m.en_US),
    ko_KR: () => import('@wallx/shared/i18n/markets/ko_KR').then((m) => m.ko_KR),
    ja_JP: () => import('@wallx/shared/i18n/markets/ja_JP').then((m) => m.ja_JP),
    id_ID: () => import('@wallx/shared/i18n/markets/id_ID').then((m) => m.id_ID),
  },
  team: {
    zh_CN: () => import('@wallx/shared/i18n/team/zh_CN').then((m) => m.zh_CN),
    en_US: () => import('@wallx/shared/i18n/team/en_US').then((m) => m.en_US),
    ko_KR: () => import('@wallx/shared/i18n/team/ko_KR').then((m) => m.ko_KR),
    ja_JP: () => import('@wallx/shared/i18n/team/ja_JP').then((m) => m.ja_JP),
    id_ID: () => import('@wallx/shared/i18n/team/id_ID').then((m) => m.id_ID),
  },
  shipping: {
    zh_CN: () => import('@wallx/shared/i18n/shipping/zh_CN').then((m) => m.zh_CN),
    en_US: () => import('@wallx/shared/i18n/shipping/en_US').then((m) => m.en_US),
    ko_KR: () => import('@wallx/shared/i18n/shipping/ko_KR').then((m) => m.ko_KR),
    ja_JP: () => import('@wallx/shared/i18n/shipping/ja_JP').then((m) => m.ja_JP),
    id_ID: () => import('@wallx/shared/i18n/shipping/id_ID').then((m) => m.id_ID),
  },
  // The API's refusals: the screens that talk to the API load them (query layout, connect dialog).
  errors: {
    zh_CN: () => import('@wallx/shared/i18n/errors/zh_CN').then((m) => m.zh_CN),
    en_US: () => import('@wallx/shared/i18n/errors/en_US').then((m) => m.en_US),
    ko_KR: () => import('@wallx/shared/i18n/errors/ko_KR').then((m) => m.ko_KR),
    ja_JP: () => import('@wallx/shared/i18n/errors/ja_JP').then((m) => m.ja_JP),
    id_ID: () => import('@wallx/shared/i18n/errors/id_ID').then((m) => m.id_ID),
  },
  feedback: {
    zh_CN: () => import('@wallx/shared/i18n/feedback/zh_CN').then((m) => m.zh_CN),
    en_US: () => import('@wallx/shared/i18n/feedback/en_US').then((m) => m.en_US),
    ko_KR: () => import('@wallx/shared/i18n/feedback/ko_KR').then((m) => m.ko_KR),
    ja_JP: () => import('@wallx/shared/i18n/feedback/ja_JP').then((m) => m.ja_JP),
    id_ID: () => import('@wallx/shared/i18n/feedback/id_ID').then((m) => m.id_ID),
  },
  college: {
    zh_CN: () => import('@wallx/shared/i18n/college/zh_CN').then((m) => m.zh_CN),
    en_US: () => import('@wallx/shared/i18n/college/en_US').then((m) => m.en_US),
    ko_KR: () => import('@wallx/shared/i18n/college/ko_KR').then((m) => m.ko_KR),
    ja_JP: () => import('@wallx/shared/i18n/college/ja_JP').then((m) => m.ja_JP),
    id_ID: () => import('@wallx/shared/i18n/college/id_ID').then((m) => m.id_ID),
  },
  content: {
    zh_CN: () => import('@wallx/shared/i18n/content/zh_CN').then((m) => m.zh_CN),
    en_US: () => import('@wallx/shared/i18n/content/en_US').then((m) => m.en_US),
    ko_KR: () => import('@wallx/shared/i18n/content/ko_KR').then((m) => m.ko_KR),
    ja_JP: () => import('@wallx/shared/i18n/content/ja_JP').then((m) => m.ja_JP),
    id_ID: () => import('@wallx/shared/i18n/content/id_ID').then((m) => m.id_ID),
  },
  // The inbox, and the toast of a notice as it arrives (on any screen).
  notices: {
    zh_CN: () => import('@wallx/shared/i18n/notices/zh_CN').then((m) => m.zh_CN),
    en_US: () => import('@wallx/shared/i18n/notices/en_US').then((m) => m.en_US),
    ko_KR: () => import('@wallx/shared/i18n/notices/ko_KR').then((m) => m.ko_KR),
    ja_JP: () => import('@wallx/shared/i18n/notices/ja_JP').then((m) => m.ja_JP),
    id_ID: () => import('@wallx/shared/i18n/notices/id_ID').then((m) => m.id_ID),
  },
  sessions: {
    zh_CN: () => import('@wallx/shared/i18n/sessions/zh_CN').then((m) => m.zh_CN),
    en_US: () => import('@wallx/shared/i18n/sessions/en_US').then((m) => m.en_US),
    ko_KR: () => import('@wallx/shared/i18n/sessions/ko_KR').then((m) => m.ko_KR),
    ja_JP: () => import('@wallx/shared/i18n/sessions/ja_JP').then((m) => m.ja_JP),
    id_ID: () => import('@wallx/shared/i18n/sessions/id_ID').then((m) => m.id_ID),
  },
  // /checkin, /mood and /leaderboard (issue 47).
  wellbeing: {
    zh_CN: () => import('@wallx/shared/i18n/wellbeing/zh_CN').then((m) => m.zh_CN),
    en_US: () => import('@wallx/shared/i18n/wellbeing/en_US').then((m) => m.en_US),
    ko_KR: () => import('@wallx/shared/i18n/wellbeing/ko_KR').then((m) => m.ko_KR),
    ja_JP: () => import('@wallx/shared/i18n/wellbeing/ja_JP').then((m) => m.ja_JP),
    id_ID: () => import('@wallx/shared/i18n/wellbeing/id_ID').then((m) => m.id_ID),
  },
  // /stake (issue 48).
  staking: {
    zh_CN: () => import('@wallx/shared/i18n/staking/zh_CN').then((m) => m.zh_CN),
    en_US: () => import('@wallx/shared/i18n/staking/en_US').then((m) => m.en_US),
    ko_KR: () => import('@wallx/shared/i18n/staking/ko_KR').then((m) => m.ko_KR),
    ja_JP: () => import('@wallx/shared/i18n/staking/ja_JP').then((m) => m.ja_JP),
    id_ID: () => import('@wallx/shared/i18n/staking/id_ID').then((m) => m.id_ID),
  },
  // /aid-fund (issue 48).
  aidFund: {
    zh_CN: () => import('@wallx/shared/i18n/aidFund/zh_CN').then((m) => m.zh_CN),
    en_US: () => import('@wallx/shared/i18n/aidFund/en_US').then((m) => m.en_US),
    ko_KR: () => import('@wallx/shared/i18n/aidFund/ko_KR').then((m) => m.ko_KR),
    ja_JP: () => import('@wallx/shared/i18n/aidFund/ja_JP').then((m) => m.ja_JP),
    id_ID: () => import('@wallx/shared/i18n/aidFund/id_ID').then((m) => m.id_ID),
  },
} satisfies Record<string, Record<Language, () => Promise<object>>>;

/** A feature's texts, loaded with its screens rather than on '/'. */
export type CatalogSection = keyof typeof sectionLoaders;

const wantedSections = new Set<CatalogSection>();
/** `language/section` pairs already added: a section may deepen a key the core has (errors). */
const addedSections = new Set<string>();

async function addSection(language: Language, section: CatalogSection): Promise<void> {
  const messages = await sectionLoaders[section][language]();
  i18next.addResourceBundle(language, 'translation', messages, true, true);
  addedSections.add(`${language}/${section}`);
}

/**
 * Loads a feature's texts in the current language; the router awaits it before the screen renders,
 * and a later language change loads it again in the new language.
 */
export async function loadSection(section: CatalogSection): Promise<void> {
  wantedSections.add(section);
  // On the first screen the language is known before its core catalog arrives: the section downloads
  // beside the catalog rather than one round trip after it (addSection then finds the module loaded).
  if (firstLanguage) void sectionLoaders[section][firstLanguage]().catch(() => undefined);
  await whenI18nReady();
  if (addedSections.has(`${current.language}/${section}`)) return;
  await addSection(current.language, section);
}

type LanguageState = { language: Language };

let current: LanguageState = { language: 'en_US' };
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The language requests are made in (Accept-Language) and the UI is shown in. */
export function getLanguage(): Language {
  return current.language;
}

function readStoredLanguage(): string | null {
  try {
    return localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null;
  }
}

function notify(): void {
  for (const listener of listeners) listener();
}

/**
 * Something outside i18next that speaks the visitor's language (antd-mobile's texts): given a
 * language, it loads what it needs and answers how to switch to it.
 */
export type LanguageFollower = (language: Language) => Promise<() => void>;

const followers = new Set<LanguageFollower>();

/** Switches `follower` to the current language, again if the language changed while it loaded. */
async function catchUp(follower: LanguageFollower): Promise<void> {
  for (;;) {
    const { language } = current;
    const switchTo = await follower(language);
    if (current.language === language) return switchTo();
  }
}

/**
 * Keeps `follower` in the app's language: at once (once the first catalog is in), and on each change,
 * which waits for it so that everything switches together. A lazy module registers when it loads, so
 * the first load carries none of it.
 */
export async function followLanguage(follower: LanguageFollower): Promise<void> {
  followers.add(follower);
  await whenI18nReady();
  await catchUp(follower);
}

let markReady: () => void = () => undefined;
const ready = new Promise<void>((resolve) => (markReady = resolve));
/** The language the first catalog is loading in; null before initI18n and once it is in. */
let firstLanguage: Language | null = null;

/** Resolves once the first catalog is loaded and t() answers in the visitor's language. */
export function whenI18nReady(): Promise<void> {
  return ready;
}

/** Loads the visitor's language before the first render, so no text flashes in another language. */
export async function initI18n(): Promise<void> {
  const language = detectLanguage(readStoredLanguage(), navigator.languages ?? [navigator.language]);
  firstLanguage = language;
  const messages = await catalogLoaders[language]();
  await i18next.use(initReactI18next).init({
    lng: language,
    resources: { [language]: { translation: messages } },
    fallbackLng: false,
    load: 'currentOnly',
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  current = { language };
  firstLanguage = null;
  document.documentElement.lang = htmlLang(language);
  notify();
  markReady();
}

export async function changeLanguage(language: Language): Promise<void> {
  const following = [...followers];
  const [messages, switches] = await Promise.all([
    catalogLoaders[language](),
    Promise.all(following.map((follower) => follower(language))),
  ]);
  if (!i18next.hasResourceBundle(language, 'translation')) {
    i18next.addResourceBundle(language, 'translation', messages);
  }
  await Promise.all([...wantedSections].map((section) => addSection(language, section)));
  await i18next.changeLanguage(language);
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // The choice then lasts for this visit only.
  }
  current = { language };
  document.documentElement.lang = htmlLang(language);
  for (const switchTo of switches) switchTo();
  // One that registered meanwhile may have switched to the language this replaces.
  for (const follower of followers) if (!following.includes(follower)) void catchUp(follower);
  notify();
}

export function useLanguage(): Language {
  return useSyncExternalStore(subscribe, () => current.language);
}
