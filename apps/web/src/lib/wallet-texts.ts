import i18next from 'i18next';
import { useEffect, useState } from 'react';
import type { Language } from '@wallx/shared';
import { useLanguage } from './i18n';

// The wallet texts (the connect sheet's, the wallet's own errors) come with the screens that talk to a
// wallet: their loaders are not even on the home page.
const loaders: Record<Language, () => Promise<Record<string, object>>> = {
  zh_CN: () => import('@wallx/shared/i18n/wallets/zh_CN'),
  en_US: () => import('@wallx/shared/i18n/wallets/en_US'),
  ko_KR: () => import('@wallx/shared/i18n/wallets/ko_KR'),
  ja_JP: () => import('@wallx/shared/i18n/wallets/ja_JP'),
  id_ID: () => import('@wallx/shared/i18n/wallets/id_ID'),
};
const loaded = new Set<Language>();

/** Adds the wallet texts of a language to the catalog, once. */
export async function loadWalletTexts(language: Language): Promise<void> {
  if (loaded.has(language)) return;
  const module = await loaders[language]();
  i18next.addResourceBundle(language, 'translation', module[language]!, true, true);
  loaded.add(language);
}

/** True once the wallet texts of the language on screen are there (a language chosen later loads its own). */
export function useWalletTexts(): boolean {
  const language = useLanguage();
  // Set when a load ends, so that the sheet renders again with the texts.
  const [, setLoadedFor] = useState<Language | null>(null);
  useEffect(() => {
    if (loaded.has(language)) return;
    let isCurrent = true;
    void loadWalletTexts(language).then(() => {
      if (isCurrent) setLoadedFor(language);
    });
    return () => {
      isCurrent = false;
    };
  }, [language]);
  return loaded.has(language);
}
