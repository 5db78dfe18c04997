import { defaultLanguage, isLanguage, matchLanguage, type Language } from '@wallx/shared';

export const LANGUAGE_STORAGE_KEY = 'wallx_lang';

/** The stored choice wins; else the first browser language we speak; else English. */
export function detectLanguage(stored: string | null | undefined, browserLanguages: readonly string[]): Language {
  if (isLanguage(stored)) return stored;
  for (const tag of browserLanguages) {
    const match = matchLanguage(tag);
    if (match) return match;
  }
  return defaultLanguage;
}

/** BCP 47 tag for <html lang>, which drives font selection for CJK text. */
export function htmlLang(language: Language): string {
  return language.replace('_', '-');
}
