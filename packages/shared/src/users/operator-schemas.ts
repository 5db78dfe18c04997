import { z } from 'zod';
import { pageQuery } from '../api/envelope.js';
import { assetSchema, decimalString } from '../api/primitives.js';
import { fundRecordSchema } from '../funds/schemas.js';
import { minerSchema, minerStateSchema } from '../miners/schemas.js';
import { minerStates } from '../miners/constants.js';
import { performanceSchema, teamMemberSchema } from '../team/schemas.js';
import { FREEZE_REASON_MAX, FREEZE_REASON_MIN } from './constants.js';

// What the console's Users page sends and reads (decision 56: `read` to look, `users` to freeze).

/** A boolean filter of a query string: only the words `true` and `false`. */
const flag = z.enum(['true', 'false']).transform((value) => value === 'true');

export const operatorUsersQuerySchema = pageQuery.extend({
  q: z.string().trim().max(64).optional(),
  frozen: flag.optional(),
  validator: flag.optional(),
});
export type OperatorUsersQuery = z.input<typeof operatorUsersQuerySchema>;

/** One row of the users table. */
export const operatorUserSchema = z.object({
  id: z.string(),
  address: z.string(),
  share_code: z.string(),
  created_at: z.string(),
  is_frozen: z.boolean(),
  is_validator: z.boolean(),
  inviter: z.string().nullable(),
});
export type OperatorUser = z.infer<typeof operatorUserSchema>;

/** The last freeze or unfreeze of an account, from the audit log. */
export const freezeEventSchema = z.object({
  frozen: z.boolean(),
  reason: z.string(),
  operator: z.string(),
  at: z.string(),
});
export type FreezeEvent = z.infer<typeof freezeEventSchema>;

export const minerCountsSchema = z.object(
  Object.fromEntries(minerStates.map((state) => [state, z.number().int()])) as Record<
    (typeof minerStates)[number],
    z.ZodNumber
  >,
);
export type MinerCounts = z.infer<typeof minerCountsSchema>;

/** `GET /api/admin/users/{id}`: everything the detail panel shows at once. */
export const operatorUserDetailSchema = z.object({
  user: operatorUserSchema,
  /** Per asset, as the ledger's accounts hold them. */
  balances: z.array(z.object({ asset: assetSchema, balance: decimalString })),
  miners: minerCountsSchema,
  team: z.object({
    direct_count: z.number().int(),
    team_size: z.number().int(),
    performance: z.object({ last_7_days: performanceSchema, all_time: performanceSchema }),
    /** The first page of direct invitees, newest first. */
    members: z.array(teamMemberSchema),
  }),
  validator_points: z.array(z.object({ id: z.string(), name: z.string() })),
  /** From the default delivery address; null without one. */
  region: z.object({ country: z.string(), province: z.string() }).nullable(),
  last_freeze: freezeEventSchema.nullable(),
});
export type OperatorUserDetail = z.infer<typeof operatorUserDetailSchema>;

export const operatorUserRecordsQuerySchema = pageQuery.extend({ asset: assetSchema.optional() });
export const operatorUserRecordSchema = fundRecordSchema;
export const operatorUserMinersQuerySchema = pageQuery.extend({ state: minerStateSchema.optional() });
export const operatorUserMinerSchema = minerSchema;

/** `POST /api/admin/users/{id}/freeze`: the state wanted, and why (kept in the audit log). */
export const freezeRequestSchema = z.object({
  frozen: z.boolean(),
  reason: z
    .string()
    .trim()
    .min(FREEZE_REASON_MIN)
    .max(FREEZE_REASON_MAX)
    .refine((value) => !value.includes('\u0000'), 'must not contain NUL'),
});
export type FreezeRequest = z.input<typeof freezeRequestSchema>;
