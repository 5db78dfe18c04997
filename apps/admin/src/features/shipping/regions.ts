import type { Regions } from '@wallx/shared';
import type { AdminLanguage } from '../../i18n/languages';

/** Country names are the browser's (decision 45): no country table ships in the console. */
export function countryName(code: string, language: AdminLanguage): string {
  try {
    return new Intl.DisplayNames([language.replace('_', '-')], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** 'CN-GD' → 'Guangdong' (广东 in Chinese), or the code itself before the regions have loaded. */
export function provinceName(regions: Regions | undefined, code: string, language: AdminLanguage): string {
  const province = regions?.flatMap((region) => region.provinces).find((p) => p.code === code);
  if (!province) return code;
  return language === 'zh_CN' && code.startsWith('CN-') ? province.local_name : province.name;
}

export function regionLabel(
  regions: Regions | undefined,
  country: string,
  province: string,
  language: AdminLanguage,
): string {
  return `${provinceName(regions, province, language)}, ${countryName(country, language)}`;
}
