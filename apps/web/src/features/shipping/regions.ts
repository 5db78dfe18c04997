import type { Country, Language, Regions } from '@wallx/shared';
import { htmlLang } from '../../lib/language';

/** The UI language in which a country's provinces read in their own names. */
const localLanguage: Record<Country, Language | null> = {
  CN: 'zh_CN',
  JP: 'ja_JP',
  KR: 'ko_KR',
  ID: 'id_ID',
  US: null,
};

type Province = Regions[number]['provinces'][number];

const displayNames = new Map<Language, Intl.DisplayNames>();

/** The country's name in the UI language, as the browser words it ('CN' → 'China', '中国'…). */
export function countryName(country: Country, language: Language): string {
  let names = displayNames.get(language);
  if (!names) {
    names = new Intl.DisplayNames([htmlLang(language)], { type: 'region' });
    displayNames.set(language, names);
  }
  return names.of(country) ?? country;
}

/** A province in its local name when the UI speaks the country's language, else in English. */
export function provinceName(country: Country, province: Province, language: Language): string {
  return localLanguage[country] === language ? province.local_name : province.name;
}

export function findProvince(regions: Regions | undefined, country: Country, code: string): Province | undefined {
  return regions?.find((region) => region.country === country)?.provinces.find((province) => province.code === code);
}

/** The parts of a region label; the province's code stands in until the regions have loaded. */
export function regionParts(regions: Regions | undefined, country: Country, code: string, language: Language) {
  const province = findProvince(regions, country, code);
  return {
    country: countryName(country, language),
    province: province ? provinceName(country, province, language) : code,
  };
}
