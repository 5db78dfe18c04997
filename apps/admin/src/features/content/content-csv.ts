import type { CsvColumn } from '../../lib/csv';
import { kindSpecs, type ContentItem, type ContentKind } from './kinds';

/** A kind's export: its place and state, then every field as stored (multi-language texts whole, lang:::text). */
export function contentCsvColumns(kind: ContentKind): CsvColumn<ContentItem>[] {
  const field = (name: string): CsvColumn<ContentItem> => ({
    header: name,
    value: (item) => (item as Record<string, unknown>)[name],
  });
  return [
    field(kindSpecs[kind].param),
    field('sort'),
    field('published'),
    ...kindSpecs[kind].fields.filter((spec) => spec.name !== kindSpecs[kind].param).map((spec) => field(spec.name)),
  ];
}
