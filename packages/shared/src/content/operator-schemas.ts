import { z } from 'zod';
import { idString } from '../api/primitives.js';
import { langTextParts } from '../format/lang-text.js';
import { countries } from '../shipping/constants.js';
import { CONTENT_LIMITS as L, ecologyIcons, sceneIcons, sceneTones } from './constants.js';
import { articleKeySchema, articleSchema, ecologyItemSchema, homeSceneSchema, partnerSchema } from './schemas.js';

// What operators send and read (the console builds on these). Every limit is within the table's
// checks (migration 012), so a bad value is refused here, naming its field, and never reaches SQL.

// PostgreSQL text cannot hold NUL: refused as input rather than failing in the database.
const hasNoNul = (value: string) => !value.includes('\u0000');

/** Some text in every language the value opens, so no language shows an empty title. */
function isLangText(value: string): boolean {
  const parts = langTextParts(value);
  return parts.length > 0 && parts.every((part) => part.text !== '');
}

/** A multi-language text (lang:::text lines); `optional`: may be empty, as a course's summary. */
function langTextField(max: number, { optional = false } = {}) {
  const field = z
    .string()
    .max(max)
    .refine(hasNoNul, 'must not contain NUL')
    .refine(
      (value) => (optional && value.trim() === '') || isLangText(value),
      'must have text in every language it names (lang:::text)',
    );
  return optional ? field.default('') : field;
}

// Printable ASCII without backslash: browsers read '\' as '/', so '/\evil.example' would leave the app.
const IN_APP_PATH = /^\/(?!\/)[\x21-\x5b\x5d-\x7e]*$/;

function isHttpsUrl(value: string): boolean {
  if (!/^https:\/\/[\x21-\x7e]+$/i.test(value)) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname !== '' && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}

/** Where a tap leads: an in-app path ('/mtrade') or an https URL; nothing else (no 'javascript:'). */
const linkSchema = z
  .string()
  .trim()
  .max(L.link)
  .refine(
    (value) => value === '' || IN_APP_PATH.test(value) || isHttpsUrl(value),
    'must be an in-app path (/…) or an https URL',
  )
  .default('');

/** An image or video: a path served with the app ('/college/intro.webm') or an https URL. */
const mediaSchema = z
  .string()
  .trim()
  .min(1)
  .max(L.media)
  .refine((value) => IN_APP_PATH.test(value) || isHttpsUrl(value), 'must be a path (/college/…) or an https URL');

/** A country ('CN') or a province ('CN-GD') of the countries an address may be in. */
export const courseRegionSchema = z
  .string()
  .trim()
  .toUpperCase()
  // After the trim, as the check below: two letters, a dash and at most three, declared for clients
  // (a longer code is refused here alone, with the one issue the check would have given).
  .max(6, { abort: true })
  .refine((code) => {
    const [country = '', province, extra] = code.split('-');
    return (
      (countries as readonly string[]).includes(country) &&
      extra === undefined &&
      (province === undefined || /^[A-Z0-9]{1,3}$/.test(province))
    );
  }, "must be a country ('CN') or a province ('CN-GD')");

const uniqueList = <T>(items: T[]) => new Set(items).size === items.length;

export const homeSceneInputSchema = z.object({
  title: langTextField(L.title),
  body: langTextField(L.shortBody),
  icon: z.enum(sceneIcons),
  tone: z.enum(sceneTones),
  link: linkSchema,
});
export type HomeSceneInput = z.infer<typeof homeSceneInputSchema>;

export const partnerInputSchema = z.object({
  // A brand name, written as the brand writes it: not translated.
  name: z.string().trim().min(1).max(L.partnerName).refine(hasNoNul, 'must not contain NUL'),
  mark: z.string().trim().min(1).max(L.partnerMark).refine(hasNoNul, 'must not contain NUL'),
  color: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^#[0-9a-f]{6}$/, 'must be a colour #rrggbb')
    // After the trim, as the pattern: the length the pattern allows, declared for clients.
    .max(7),
  link: linkSchema,
});
export type PartnerInput = z.infer<typeof partnerInputSchema>;

/** An article's texts; its key names it for good (a new key is a new article). */
export const articleEditSchema = z.object({
  title: langTextField(L.title),
  // Markdown stored as written: the app renders it without HTML, so markup in it is only text.
  body: langTextField(L.longBody),
});
export type ArticleEdit = z.infer<typeof articleEditSchema>;
export const articleInputSchema = articleEditSchema.extend({ key: articleKeySchema });
export type ArticleInput = z.infer<typeof articleInputSchema>;

export const ecologyItemInputSchema = z.object({
  title: langTextField(L.title),
  body: langTextField(L.shortBody),
  icon: z.enum(ecologyIcons),
  link: linkSchema,
});
export type EcologyItemInput = z.infer<typeof ecologyItemInputSchema>;

export const courseInputSchema = z.object({
  title: langTextField(L.title),
  summary: langTextField(L.shortBody, { optional: true }),
  body: langTextField(L.longBody, { optional: true }),
  cover: mediaSchema,
  video: mediaSchema,
  poster: z.union([z.literal(''), mediaSchema]).default(''),
  duration_seconds: z.number().int().min(1).max(L.durationSeconds),
  /** Empty: open everywhere. */
  regions: z
    .array(courseRegionSchema)
    .max(L.regions)
    .default([])
    .transform((codes) => [...new Set(codes)]),
  requires_miner: z.boolean().default(false),
});
export type CourseInput = z.infer<typeof courseInputSchema>;

/** Every item of one kind, in the new order: the public lists follow it at once. */
export const contentOrderSchema = z.object({
  ids: z.array(idString).min(1).max(L.orderItems).refine(uniqueList, 'names an item twice'),
});
/** The articles' order: their keys are their ids. */
export const articleOrderSchema = z.object({
  ids: z.array(articleKeySchema).min(1).max(L.orderItems).refine(uniqueList, 'names an article twice'),
});

// What operators read: every item, published or not, with its place in the order.
const placed = { sort: z.number().int(), published: z.boolean() };
export const operatorHomeSceneSchema = homeSceneSchema.extend(placed);
export type OperatorHomeScene = z.infer<typeof operatorHomeSceneSchema>;
export const operatorPartnerSchema = partnerSchema.extend(placed);
export type OperatorPartner = z.infer<typeof operatorPartnerSchema>;
export const operatorArticleSchema = articleSchema.extend(placed);
export type OperatorArticle = z.infer<typeof operatorArticleSchema>;
export const operatorEcologyItemSchema = ecologyItemSchema.extend(placed);
export type OperatorEcologyItem = z.infer<typeof operatorEcologyItemSchema>;
export const operatorCourseSchema = z.object({
  id: z.string(),
  title: z.string(),
  summary: z.string(),
  body: z.string(),
  cover: z.string(),
  video: z.string(),
  poster: z.string(),
  duration_seconds: z.number().int(),
  regions: z.array(z.string()),
  requires_miner: z.boolean(),
  ...placed,
  created_at: z.string(),
});
export type OperatorCourse = z.infer<typeof operatorCourseSchema>;
