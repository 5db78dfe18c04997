import { z } from 'zod';

// Content texts are multi-language values (lang:::text, a line without a tag continuing the one above);
// the app shows them with langText. Article and course bodies are Markdown, rendered without HTML.

export const homeSceneSchema = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  icon: z.string(),
  tone: z.string(),
  link: z.string(),
});
export const partnerSchema = z.object({
  id: z.string(),
  name: z.string(),
  mark: z.string(),
  color: z.string(),
  link: z.string(),
});
export const homeContentSchema = z.object({ scenes: z.array(homeSceneSchema), partners: z.array(partnerSchema) });
export type HomeContent = z.infer<typeof homeContentSchema>;

export const articleKeySchema = z
  .string()
  .max(40)
  .regex(/^[a-z][a-z0-9_-]{0,39}$/, 'not an article key');
export const articleParamsSchema = z.object({ key: articleKeySchema });
export const articleSchema = z.object({ key: z.string(), title: z.string(), body: z.string(), updated_at: z.string() });
export type Article = z.infer<typeof articleSchema>;
export const articleSummarySchema = articleSchema.omit({ body: true });
export type ArticleSummary = z.infer<typeof articleSummarySchema>;

export const ecologyItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  icon: z.string(),
  link: z.string(),
});
export type EcologyItem = z.infer<typeof ecologyItemSchema>;

/** Why a course is closed to the viewer: their region (that of the default address), or no miner held. */
export const courseLockSchema = z.enum(['region', 'miner']);
export type CourseLock = z.infer<typeof courseLockSchema>;

export const courseSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  summary: z.string(),
  cover: z.string(),
  duration_seconds: z.number().int(),
  /** Empty: open to the viewer. */
  locked_by: z.array(courseLockSchema),
  position_seconds: z.number(),
});
export type CourseSummary = z.infer<typeof courseSummarySchema>;

export const courseSchema = courseSummarySchema.extend({ body: z.string(), video: z.string(), poster: z.string() });
export type Course = z.infer<typeof courseSchema>;

export const courseProgressSchema = z.object({ position_seconds: z.number().min(0).max(86_400) });
export type CourseProgress = z.infer<typeof courseProgressSchema>;
