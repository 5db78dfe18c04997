export const languages = ['zh_CN', 'en_US', 'ko_KR', 'ja_JP', 'id_ID'] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = 'en_US';

/** Names shown in the language picker, each in its own language. */
export const languageNames: Record<Language, string> = {
  zh_CN: '简体中文',
  en_US: 'English',
  ko_KR: '한국어',
  ja_JP: '日本語',
  id_ID: 'Bahasa Indonesia',
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as readonly string[]).includes(value);
}

/**
 * Maps a browser or HTTP language tag ('zh-CN', 'zh', 'en-GB', 'ko', 'in-ID', 'zh_CN') to one of ours,
 * or null when we do not speak it.
 */
export function matchLanguage(tag: string | null | undefined): Language | null {
  if (!tag) return null;
  const normalized = tag.trim().replace('-', '_');
  if (isLanguage(normalized)) return normalized;
  const primary = normalized.split('_')[0]?.toLowerCase();
  const byPrimary: Record<string, Language> = {
    zh: 'zh_CN',
    en: 'en_US',
    ko: 'ko_KR',
    ja: 'ja_JP',
    id: 'id_ID',
    in: 'id_ID',
  };
  return (primary && byPrimary[primary]) || null;
}

/** The first language of an Accept-Language header we speak, else the default. */
export function languageFromAcceptLanguage(header: string | undefined): Language {
  if (!header) return defaultLanguage;
  for (const part of header.split(',')) {
    const match = matchLanguage(part.split(';')[0]);
    if (match) return match;
  }
  return defaultLanguage;
}
