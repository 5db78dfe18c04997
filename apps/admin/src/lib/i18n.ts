import i18next from 'i18next';
import { useSyncExternalStore } from 'react';
import { initReactI18next } from 'react-i18next';
import { catalogLoaders, detectAdminLanguage, type AdminLanguage } from '../i18n/languages';

export const LANGUAGE_STORAGE_KEY = 'wallx_admin_lang';

let current: AdminLanguage = 'en_US';
const listeners = new Set<() => void>();

function readStored(): string | null {
  try {
    return localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null;
  }
}

function apply(language: AdminLanguage) {
  current = language;
  document.documentElement.lang = language.replace('_', '-');
  for (const listener of listeners) listener();
}

/** The language requests are made in: the server words its refusals in it. */
export function getLanguage(): AdminLanguage {
  return current;
}

/** Loads the operator's language before the first render, so no text flashes in another one. */
export async function initI18n(
  language: AdminLanguage = detectAdminLanguage(readStored(), navigator.languages ?? [navigator.language]),
): Promise<void> {
  const messages = await catalogLoaders[language]();
  await i18next.use(initReactI18next).init({
    lng: language,
    resources: { [language]: { translation: messages } },
    fallbackLng: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  apply(language);
}

export async function changeLanguage(language: AdminLanguage): Promise<void> {
  if (!i18next.hasResourceBundle(language, 'translation'))
    i18next.addResourceBundle(language, 'translation', await catalogLoaders[language]());
  await i18next.changeLanguage(language);
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // The choice then lasts for this visit only.
  }
  apply(language);
}

export function useLanguage(): AdminLanguage {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
  );
}
