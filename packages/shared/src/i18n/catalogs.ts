import type { Language } from './languages.js';
import { en_US, type Messages } from './en_US.js';
import { zh_CN } from './zh_CN.js';
import { ko_KR } from './ko_KR.js';
import { ja_JP } from './ja_JP.js';
import { id_ID } from './id_ID.js';
import * as refusals from './errors/index.js';
import type { ErrorMessages } from './errors/en_US.js';

/** A language's core texts with every refusal of the API: what the server answers in. */
export type CatalogMessages = Messages & ErrorMessages;

const withRefusals = (core: Messages, errors: ErrorMessages): CatalogMessages => ({
  ...core,
  errors: { ...core.errors, ...errors.errors },
});

/** All five catalogs; the server needs them all, the web app loads one at a time. */
export const catalogs: Record<Language, CatalogMessages> = {
  en_US: withRefusals(en_US, refusals.en_US),
  zh_CN: withRefusals(zh_CN, refusals.zh_CN),
  ko_KR: withRefusals(ko_KR, refusals.ko_KR),
  ja_JP: withRefusals(ja_JP, refusals.ja_JP),
  id_ID: withRefusals(id_ID, refusals.id_ID),
};

/** Looks up `a.b.c` in a catalog and fills `{{name}}` placeholders. */
export function translate(language: Language, key: string, params: Record<string, string | number> = {}): string {
  let node: unknown = catalogs[language];
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  const text = typeof node === 'string' ? node : key;
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));
}
