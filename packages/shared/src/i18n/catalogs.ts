import type { Language } from './languages.js';
import { en_US, type Messages } from './en_US.js';
import { zh_CN } from './zh_CN.js';
import { ko_KR } from './ko_KR.js';
import { ja_JP } from './ja_JP.js';
import { id_ID } from './id_ID.js';

/** All five catalogs; the server needs them all, the web app loads one at a time. */
export const catalogs: Record<Language, Messages> = { en_US, zh_CN, ko_KR, ja_JP, id_ID };

/** Looks up `a.b.c` in a catalog and fills `{{name}}` placeholders. */
export function translate(language: Language, key: string, params: Record<string, string | number> = {}): string {
  let node: unknown = catalogs[language];
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  const text = typeof node === 'string' ? node : key;
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));
}
