/** Feedback rules as plain values (no zod): shared by the schemas and the web's form. */
export const FEEDBACK_LIMITS = { title: 100, detail: 2000, reply: 2000 } as const;
/** An operator's reply: not empty once trimmed, and no longer than the limit. */
export const FEEDBACK_REPLY = { min: 1, max: FEEDBACK_LIMITS.reply } as const;
/** Feedback one account may send per hour and per day: enough for a conversation, not for a flood. */
export const FEEDBACK_PER_HOUR = 5;
export const FEEDBACK_PER_DAY = 20;

export const feedbackStatuses = ['open', 'replied'] as const;
export type FeedbackStatus = (typeof feedbackStatuses)[number];
