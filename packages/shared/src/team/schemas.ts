import { z } from 'zod';
import { pageQuery } from '../api/envelope.js';
import { addressSchema, decimalString, dayString } from '../api/primitives.js';

/** `GET /api/share/info`: the user's own invite. `link` is `/join?code=…` on the app's public origin. */
export const shareInfoSchema = z.object({ share_code: z.string(), link: z.string() });
export type ShareInfo = z.infer<typeof shareInfoSchema>;

/** `GET /api/share/inviter?code=…` (guests too): who a share code belongs to, for the /join page. */
export const inviterQuerySchema = z.object({ code: z.string().trim().min(1).max(64) });
export const inviterSchema = z.object({
  share_code: z.string(),
  /** Shortened ('0x123...45678'): a code must not turn into a full address for whoever guesses it. */
  address: z.string(),
});
export type Inviter = z.infer<typeof inviterSchema>;

/** Miner purchases from the catalog, per asset. */
export const performanceSchema = z.object({ usdt: decimalString, wallx: decimalString });
export type Performance = z.infer<typeof performanceSchema>;

/** `of`: the caller or a member of the caller's team; anyone else answers 404. */
export const teamOfQuerySchema = z.object({ of: addressSchema.optional() });

/**
 * `GET /api/team/summary?of=…`: the team of `address` is everyone below it, at every level (not the
 * user themself). Days are those of the output time zone; `last_7_days` is today and the 6 before.
 */
export const teamSummarySchema = z.object({
  address: z.string(),
  inviter: z.string().nullable(),
  direct_count: z.number().int(),
  team_size: z.number().int(),
  today: dayString,
  performance: z.object({ today: performanceSchema, last_7_days: performanceSchema, all_time: performanceSchema }),
});
export type TeamSummary = z.infer<typeof teamSummarySchema>;

export const teamMembersQuerySchema = pageQuery.extend(teamOfQuerySchema.shape);

/**
 * A direct invitee of `of`. `team_size` counts the member's own team (below them); `performance` is
 * their branch — their own purchases and their team's, all time — so a list's rows add up to the
 * performance of the team it belongs to.
 */
export const teamMemberSchema = z.object({
  address: z.string(),
  joined_at: z.string(),
  direct_count: z.number().int(),
  team_size: z.number().int(),
  performance: performanceSchema,
});
export type TeamMember = z.infer<typeof teamMemberSchema>;
