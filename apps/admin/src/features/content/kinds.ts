import {
  CONTENT_LIMITS,
  ecologyIcons,
  langText,
  sceneIcons,
  sceneTones,
  type OperatorArticle,
  type OperatorCourse,
  type OperatorEcologyItem,
  type OperatorHomeScene,
  type OperatorPartner,
} from '@wallx/shared';

export const contentKinds = ['scenes', 'partners', 'articles', 'ecology', 'courses'] as const;
export type ContentKind = (typeof contentKinds)[number];

export type ContentItem = OperatorHomeScene | OperatorPartner | OperatorArticle | OperatorEcologyItem | OperatorCourse;

/**
 * One field of a kind's form, as its input schema (content/operator-schemas.ts) takes it: 'lang' is
 * a multi-language text built from a field per language; 'key' is an article's key, given once.
 */
export type FieldName =
  | 'title'
  | 'body'
  | 'icon'
  | 'tone'
  | 'link'
  | 'name'
  | 'mark'
  | 'color'
  | 'key'
  | 'summary'
  | 'cover'
  | 'video'
  | 'poster'
  | 'duration_seconds'
  | 'regions'
  | 'requires_miner';

export type FieldSpec =
  | { name: FieldName; type: 'lang'; rows?: number; isOptional?: boolean; isMarkdown?: boolean }
  | { name: FieldName; type: 'text'; max: number; isOptional?: boolean; placeholder?: string }
  | { name: FieldName; type: 'key' }
  | { name: FieldName; type: 'select'; options: readonly string[] }
  | { name: FieldName; type: 'number'; min: number; max: number }
  | { name: FieldName; type: 'bool' }
  | { name: FieldName; type: 'regions' };

export type KindSpec = {
  /** The path parameter naming an item: the articles' key, else the id. */
  param: 'id' | 'key';
  fields: readonly FieldSpec[];
  /** What the table and the panel call an item. */
  titleOf: (item: ContentItem, language: string) => string;
};

const link: FieldSpec = {
  name: 'link',
  type: 'text',
  max: CONTENT_LIMITS.link,
  isOptional: true,
  placeholder: '/mine · https://…',
};
const media = (name: FieldName, isOptional = false): FieldSpec => ({
  name,
  type: 'text',
  max: CONTENT_LIMITS.media,
  isOptional,
  placeholder: '/college/… · https://…',
});
const titled = (item: ContentItem, language: string) => langText((item as { title: string }).title, language);

export const kindSpecs: Record<ContentKind, KindSpec> = {
  scenes: {
    param: 'id',
    titleOf: titled,
    fields: [
      { name: 'title', type: 'lang' },
      { name: 'body', type: 'lang', rows: 2 },
      { name: 'icon', type: 'select', options: sceneIcons },
      { name: 'tone', type: 'select', options: sceneTones },
      link,
    ],
  },
  partners: {
    param: 'id',
    // A brand name is written as the brand writes it (decision 50): one field, not five.
    titleOf: (item) => (item as OperatorPartner).name,
    fields: [
      { name: 'name', type: 'text', max: CONTENT_LIMITS.partnerName },
      { name: 'mark', type: 'text', max: CONTENT_LIMITS.partnerMark },
      { name: 'color', type: 'text', max: 7, placeholder: '#f0b90b' },
      link,
    ],
  },
  articles: {
    param: 'key',
    titleOf: titled,
    fields: [
      { name: 'key', type: 'key' },
      { name: 'title', type: 'lang' },
      { name: 'body', type: 'lang', rows: 8, isMarkdown: true },
    ],
  },
  ecology: {
    param: 'id',
    titleOf: titled,
    fields: [
      { name: 'title', type: 'lang' },
      { name: 'body', type: 'lang', rows: 2 },
      { name: 'icon', type: 'select', options: ecologyIcons },
      link,
    ],
  },
  courses: {
    param: 'id',
    titleOf: titled,
    fields: [
      { name: 'title', type: 'lang' },
      { name: 'summary', type: 'lang', rows: 2, isOptional: true },
      { name: 'body', type: 'lang', rows: 6, isOptional: true, isMarkdown: true },
      media('cover'),
      media('video'),
      media('poster', true),
      { name: 'duration_seconds', type: 'number', min: 1, max: CONTENT_LIMITS.durationSeconds },
      { name: 'regions', type: 'regions' },
      { name: 'requires_miner', type: 'bool' },
    ],
  },
};

/** The item's name in the paths of its endpoints: the articles' key, else the id. */
export function keyOf(kind: ContentKind, item: ContentItem): string {
  return kindSpecs[kind].param === 'key' ? (item as OperatorArticle).key : (item as { id: string }).id;
}
