import type { Widen } from '@wallx/shared/i18n/widen';
import type { AdminMessages } from './en_US';

/**
 * The console's languages: operators are staff, who read English or Simplified Chinese. Another
 * language is one more catalog file and one more line here; the app's five stay the app's.
 */
export const adminLanguages = ['en_US', 'zh_CN'] as const;
export type AdminLanguage = (typeof adminLanguages)[number];

export const adminLanguageNames: Record<AdminLanguage, string> = { en_US: 'English', zh_CN: '简体中文' };

/** One chunk per catalog: an operator downloads the language they read. */
export const catalogLoaders: Record<AdminLanguage, () => Promise<Widen<AdminMessages>>> = {
  en_US: () => import('./en_US').then((m) => m.en_US),
  zh_CN: () => import('./zh_CN').then((m) => m.zh_CN),
};

export function isAdminLanguage(value: unknown): value is AdminLanguage {
  return typeof value === 'string' && (adminLanguages as readonly string[]).includes(value);
}

/** The stored choice wins; else the first browser language the console speaks; else English. */
export function detectAdminLanguage(stored: string | null, browserLanguages: readonly string[]): AdminLanguage {
  if (isAdminLanguage(stored)) return stored;
  for (const tag of browserLanguages) {
    const primary = tag.toLowerCase().split(/[-_]/)[0];
    if (primary === 'zh') return 'zh_CN';
    if (primary === 'en') return 'en_US';
  }
  return 'en_US';
}
