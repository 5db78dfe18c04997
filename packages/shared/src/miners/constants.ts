import { langTextParts } from '../format/lang-text.js';
import { languages } from '../i18n/languages.js';

/** The miners' rules as plain values (no zod): shared by the schemas and the web's screens. */

export const minerCategories = ['node', 'machine'] as const;
export type MinerCategory = (typeof minerCategories)[number];

/** off → on → expired; off ↔ selling while listed on the machine market (DOMAIN.md). */
export const minerStates = ['off', 'on', 'selling', 'expired'] as const;
export type MinerState = (typeof minerStates)[number];

export const minerOrderStatuses = ['unused', 'used'] as const;
export type MinerOrderStatus = (typeof minerOrderStatuses)[number];

export const minerOutputStatuses = ['to_collect', 'collected'] as const;
export type MinerOutputStatus = (typeof minerOutputStatuses)[number];

// The catalog as operators keep it (the console's rules; the schemas of operator-schemas.ts build on them).

export const CATALOG_LIMITS = {
  name: 2000,
  outputDays: 36_500,
  stock: 10_000_000,
  perUserLimit: 1_000_000,
  sort: 1_000_000,
  giftQuantity: 10,
  reason: 500,
} as const;

/** Image types an operator may upload; anything else (SVG above all: it can carry script) is refused. */
export const productImageTypes = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type ProductImageType = (typeof productImageTypes)[number];

/**
 * The languages a product name must have text in, each on its own 'lang:::text' line, English first:
 * a language the name lacks falls back to the first text (as the demo catalog writes them).
 */
export const productNameLanguages = [
  'en_US',
  'zh_CN',
  'ko_KR',
  'ja_JP',
  'id_ID',
] as const satisfies readonly (typeof languages)[number][];

/** Some text for every language of the app, and no language it does not speak. */
export function isFiveLanguageName(value: string): boolean {
  const parts = langTextParts(value);
  const tags = new Set(parts.map((part) => part.tag));
  return (
    parts.every(
      (part) => part.tag !== null && (languages as readonly string[]).includes(part.tag) && part.text !== '',
    ) &&
    languages.every((language) => tags.has(language)) &&
    parts.length === languages.length
  );
}

/** Joins one name per language into the stored 'lang:::text' lines (the console's five fields). */
export function joinProductName(names: Partial<Record<(typeof languages)[number], string>>): string {
  return productNameLanguages
    .map((language) => `${language}:::${(names[language] ?? '').replace(/\s+/g, ' ').trim()}`)
    .join('\n');
}
