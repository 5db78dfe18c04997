import type { Widen } from '@wallx/shared/i18n/widen';
import { languageNames, languages, matchLanguage, type Language } from '@wallx/shared/i18n/languages';
import type { AdminMessages } from './en_US';

/**
 * The console's languages: the app's five (decision 130), so that every operator reads the console
 * in the language of the users they serve. Another language is one more catalog file and one more
 * line here, and in the app's list first.
 */
export const adminLanguages = languages;
export type AdminLanguage = Language;

/** Each in its own language, as the app's picker names them. */
export const adminLanguageNames: Record<AdminLanguage, string> = languageNames;

/** One chunk per catalog: an operator downloads the language they read. */
export const catalogLoaders: Record<AdminLanguage, () => Promise<Widen<AdminMessages>>> = {
  en_US: () => import('./en_US').then((m) => m.en_US),
  zh_CN: () => import('./zh_CN').then((m) => m.zh_CN),
  ko_KR: () => import('./ko_KR').then((m) => m.ko_KR),
  ja_JP: () => import('./ja_JP').then((m) => m.ja_JP),
  id_ID: () => import('./id_ID').then((m) => m.id_ID),
};

export function isAdminLanguage(value: unknown): value is AdminLanguage {
  return typeof value === 'string' && (adminLanguages as readonly string[]).includes(value);
}

/** The stored choice wins; else the first browser language the console speaks; else English. */
export function detectAdminLanguage(stored: string | null, browserLanguages: readonly string[]): AdminLanguage {
  if (isAdminLanguage(stored)) return stored;
  for (const tag of browserLanguages) {
    const language = matchLanguage(tag);
    if (language) return language;
  }
  return 'en_US';
}
