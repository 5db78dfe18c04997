import { z } from 'zod';
import { pageQuery } from '../api/envelope.js';
import { FEEDBACK_LIMITS, feedbackStatuses } from './constants.js';

const text = (max: number) => z.string().trim().min(1, 'required').max(max);

export const feedbackRequestSchema = z.object({
  title: text(FEEDBACK_LIMITS.title),
  detail: text(FEEDBACK_LIMITS.detail),
});
export type FeedbackRequest = z.input<typeof feedbackRequestSchema>;

export const feedbackSchema = z.object({
  id: z.string(),
  title: z.string(),
  detail: z.string(),
  status: z.enum(feedbackStatuses),
  reply: z.string().nullable(),
  replied_at: z.string().nullable(),
  /** A reply the user has not seen yet (the badge on /user counts these). */
  unread: z.boolean(),
  created_at: z.string(),
});
export type Feedback = z.infer<typeof feedbackSchema>;

export const feedbackUnreadSchema = z.object({ count: z.number().int() });

// Operators (the console builds on these).
export const feedbackReplySchema = z.object({ reply: text(FEEDBACK_LIMITS.reply) });
export const operatorFeedbackQuerySchema = pageQuery.extend({ status: z.enum(feedbackStatuses).optional() });
export const operatorFeedbackSchema = feedbackSchema
  .omit({ unread: true })
  .extend({ user: z.string(), replied_by: z.string().nullable() });
export type OperatorFeedback = z.infer<typeof operatorFeedbackSchema>;
