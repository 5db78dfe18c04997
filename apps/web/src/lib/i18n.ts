import i18next from 'i18next';
import { useSyncExternalStore } from 'react';
import { initReactI18next } from 'react-i18next';
import { getDefaultConfig, setDefaultConfig } from 'antd-mobile/es/components/config-provider';
import type { Locale as AntdLocale } from 'antd-mobile/es/locales/base';
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

// antd-mobile's built-in default is Simplified Chinese, already loaded with ConfigProvider.
const zhCNLocale: AntdLocale = getDefaultConfig().locale;

const antdLocaleLoaders: Record<Language, () => Promise<AntdLocale>> = {
  zh_CN: () => Promise.resolve(zhCNLocale),
  en_US: () => import('antd-mobile/es/locales/en-US').then((m) => m.default),
  ko_KR: () => import('antd-mobile/es/locales/ko-KR').then((m) => m.default),
  ja_JP: () => import('antd-mobile/es/locales/ja-JP').then((m) => m.default),
  id_ID: () => import('antd-mobile/es/locales/id-ID').then((m) => m.default),
};

type LanguageState = { language: Language; antdLocale: AntdLocale | null };

let current: LanguageState = { language: 'en_US', antdLocale: null };
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

function applyAntdLocale(language: Language, antdLocale: AntdLocale): void {
  if (current.language !== language) return;
  current = { ...current, antdLocale };
  // Imperative antd-mobile APIs (Dialog.confirm, Toast) render outside ConfigProvider.
  setDefaultConfig({ locale: antdLocale });
  notify();
}

let isAntdLocaleWanted = false;

/**
 * antd-mobile's texts matter only once one of its components shows, and all of them load lazily;
 * so do their locales. Modules that use antd-mobile call this when they load.
 */
export function ensureAntdLocale(): void {
  if (isAntdLocaleWanted) return;
  isAntdLocaleWanted = true;
  const { language } = current;
  void antdLocaleLoaders[language]().then((locale) => applyAntdLocale(language, locale));
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
  current = { language, antdLocale: null };
  firstLanguage = null;
  document.documentElement.lang = htmlLang(language);
  notify();
  markReady();
}

export async function changeLanguage(language: Language): Promise<void> {
  const [messages, antdLocale] = await Promise.all([catalogLoaders[language](), antdLocaleLoaders[language]()]);
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
  current = { language, antdLocale: null };
  document.documentElement.lang = htmlLang(language);
  applyAntdLocale(language, antdLocale);
}

export function useLanguage(): Language {
  return useSyncExternalStore(subscribe, () => current.language);
}

export function useAntdLocale(): AntdLocale | null {
  return useSyncExternalStore(subscribe, () => current.antdLocale);
}
