import { z } from 'zod';
import { PAGE_SIZE, PAGE_SIZE_MAX } from './page.js';

/** Every answer of the API, success or error: `{ code, message, data? }`; code 0 is success. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ code: z.literal(0), message: z.string(), data });
}

export const errorEnvelope = z.object({
  code: z.number().int(),
  message: z.string(),
  data: z
    .object({
      field: z.string().optional(),
      retry_after_seconds: z.number().optional(),
      /** course_unavailable: which conditions the viewer does not meet ('region', 'miner'). */
      locked_by: z.array(z.string()).optional(),
    })
    .optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;

export type Envelope<T> = { code: number; message: string; data?: T };

/** Lists are paged with `limit` and an opaque `cursor`. */
export const pageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE),
  cursor: z.string().max(200).optional(),
});

export function page<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), next_cursor: z.string().nullable() });
}
