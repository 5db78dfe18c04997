/**
 * The country the browser names, for the crisis line (decision 159): the region of the first of the
 * phone's own languages that has one (`navigator.languages`, set with the phone's region: `en-SG`,
 * `zh-Hant-TW`), as an ISO 3166-1 code; '' when none does (`en`), and the server answers its
 * default line. Not the app's language: a user reading English may be anywhere. Only the companion
 * imports it (home's budget: a module two lazy screens share becomes a chunk named in the entry).
 */
export function browserCountry(languages: readonly string[] = navigator.languages ?? [navigator.language]): string {
  for (const tag of languages) {
    let region: string | undefined;
    try {
      region = new Intl.Locale(tag.replace(/_/g, '-')).region;
    } catch {
      continue;
    }
    // Numeric regions (`es-419`, Latin America) name no one country.
    if (region && /^[A-Za-z]{2}$/.test(region)) return region.toUpperCase();
  }
  return '';
}
