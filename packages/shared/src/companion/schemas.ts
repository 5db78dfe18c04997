import { z } from 'zod';
import { idString, isoTime } from '../api/primitives.js';
import { countryCodeSchema, supportLineSchema } from '../checkins/schemas.js';
import { COMPANION_MESSAGE_MAX, companionRoles } from './constants.js';

/** `GET /api/companion`: whether there is a companion here, the one-time notice, today's allowance. */
export const companionStatusSchema = z.object({
  /** False without a model configured: the app says the companion is not available here, nothing more. */
  available: z.boolean(),
  /** The one-time notice of what the companion is, in the caller's language. */
  notice: z.string(),
  notice_seen: z.boolean(),
  allowance: z.object({ daily: z.number().int(), used: z.number().int(), left: z.number().int() }),
  /** Conversations are deleted this many days after their messages were written. */
  retention_days: z.number().int(),
  /** The country the user picked on the crisis card (decision 161); null: none picked. */
  crisis_country: z.string().nullable(),
  /** The countries the operators keep a crisis line for: what the crisis card offers to pick. */
  crisis_countries: z.array(z.string()),
});
export type CompanionStatus = z.infer<typeof companionStatusSchema>;

export const companionConversationSchema = z.object({
  id: idString,
  created_at: isoTime,
  updated_at: isoTime,
  messages: z.number().int(),
});
export type CompanionConversation = z.infer<typeof companionConversationSchema>;

export const companionMessageSchema = z.object({
  id: idString,
  role: z.enum(companionRoles),
  content: z.string(),
  /** A user's message our own check flagged: the crisis line was shown above its answer. */
  crisis: z.boolean(),
  created_at: isoTime,
});
export type CompanionMessage = z.infer<typeof companionMessageSchema>;

/** A conversation with its messages, oldest first; `unanswered`: its last message waits for an answer (retry). */
export const companionConversationDetailSchema = companionConversationSchema.extend({
  items: z.array(companionMessageSchema),
  unanswered: z.boolean(),
  /** The crisis line of the user's country when a message of this conversation was flagged. */
  support_line: supportLineSchema.nullable(),
});
export type CompanionConversationDetail = z.infer<typeof companionConversationDetailSchema>;

export const companionMessageRequestSchema = z.object({
  content: z.string().trim().min(1).max(COMPANION_MESSAGE_MAX),
});
export type CompanionMessageRequest = z.infer<typeof companionMessageRequestSchema>;

/** `PUT /api/companion/crisis-country`: the country whose crisis line the user wants; null forgets the pick. */
export const companionCrisisCountrySchema = z.object({
  country: countryCodeSchema.nullable(),
});
export type CompanionCrisisCountry = z.input<typeof companionCrisisCountrySchema>;

export const companionDeletedSchema = z.object({ conversations: z.number().int() });

/** The stream's events' data (decision 154). */
export const companionCrisisEventSchema = z.object({ notice: z.string(), support_line: supportLineSchema });
export const companionAcceptedEventSchema = z.object({ conversation_id: idString, message_id: idString });
export const companionDeltaEventSchema = z.object({ text: z.string() });
export const companionDoneEventSchema = z.object({ message_id: idString });
export const companionErrorEventSchema = z.object({ code: z.number().int(), message: z.string() });

/** The console: the allowance and the budget in force. */
export const companionSettingsSchema = z.object({
  daily_messages: z.number().int(),
  daily_token_budget: z.number().int(),
  version: z.number().int(),
  updated_by: z.string().nullable(),
  updated_at: isoTime.nullable(),
});
export type CompanionSettings = z.infer<typeof companionSettingsSchema>;
export const companionSettingsUpdateSchema = z.object({
  /** Messages one user may send a day (0: the companion is paused for everyone). */
  daily_messages: z.number().int().min(0).max(10_000),
  /** Tokens (prompt and answer) all users together may spend a day. */
  daily_token_budget: z.number().int().min(0).max(1_000_000_000_000),
  /** The version read: a change made on an older one is refused (companion_settings_stale). */
  version: z.number().int().min(0),
});
export type CompanionSettingsUpdate = z.infer<typeof companionSettingsUpdateSchema>;

/** The console's view of a day: counts and tokens, never a word of a conversation. */
export const companionSummarySchema = z.object({
  from: z.string(),
  to: z.string(),
  time_zone: z.string(),
  configured: z.boolean(),
  model: z.string().nullable(),
  days: z.array(
    z.object({
      day: z.string(),
      /** Null on a day fewer than `min_people` wrote: a count of a few people's messages or flags is theirs. */
      messages: z.number().int().nullable(),
      answers: z.number().int().nullable(),
      errors: z.number().int().nullable(),
      crisis: z.number().int().nullable(),
      prompt_tokens: z.number().int(),
      completion_tokens: z.number().int(),
      estimated_tokens: z.number().int(),
    }),
  ),
  conversations: z.number().int(),
  /** The fewest people who wrote on a day for its counts to be shown (the well-being console's rule). */
  min_people: z.number().int(),
});
export type CompanionSummary = z.infer<typeof companionSummarySchema>;
