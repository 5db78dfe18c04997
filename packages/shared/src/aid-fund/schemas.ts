import { z } from 'zod';
import { SECRET_MAX_LENGTH } from '../api/constants.js';
import { addressSchema, assetSchema, decimalString, idString } from '../api/primitives.js';

// The mental-health aid fund (issue 48, decision 147): public figures from the books, donations, and
// grants to partner organisations that two finance operators decide and the payout worker pays.

const positiveDecimal = decimalString.refine((a) => !/^0+(\.0+)?$/.test(a), 'must be more than zero');

/** What the fund holds and what went in and out, per asset, each from its ledger entries. */
export const aidFundAssetSchema = z.object({
  asset: assetSchema,
  balance: decimalString,
  donations: decimalString,
  shares: decimalString,
  /** Grants paid on chain; a grant still on its way is in `granting`. */
  granted: decimalString,
  granting: decimalString,
});

/** A partner organisation as everyone sees it. */
export const aidPartnerSchema = z.object({
  id: z.string(),
  name: z.string(),
  address: z.string(),
  website: z.string().nullable(),
});
export type AidPartner = z.infer<typeof aidPartnerSchema>;

export const aidFundSchema = z.object({
  assets: z.array(aidFundAssetSchema),
  partners: z.array(aidPartnerSchema),
});
export type AidFund = z.infer<typeof aidFundSchema>;

/** A donation on the public page: the donor's short address only when they chose to be shown. */
export const aidDonationSchema = z.object({
  id: z.string(),
  asset: assetSchema,
  amount: decimalString,
  donor: z.string().nullable(),
  created_at: z.string(),
});
export type AidDonation = z.infer<typeof aidDonationSchema>;

/** A grant paid on chain, on the public page. */
export const aidGrantSchema = z.object({
  id: z.string(),
  partner: z.string(),
  asset: assetSchema,
  amount: decimalString,
  tx_hash: z.string(),
  paid_at: z.string(),
});
export type AidGrant = z.infer<typeof aidGrantSchema>;

export const aidDonationRequestSchema = z.object({
  asset: assetSchema,
  amount: positiveDecimal,
  fund_password: z.string().min(1).max(SECRET_MAX_LENGTH),
  /** Anonymous unless the donor asks to be shown (by a short address). */
  show_me: z.boolean().default(false),
});
export type AidDonationRequest = z.input<typeof aidDonationRequestSchema>;

export const aidDonationResultSchema = z.object({
  donation: aidDonationSchema.extend({ shown: z.boolean() }),
});
export type AidDonationResult = z.infer<typeof aidDonationResultSchema>;

// The console (finance keeps partners and proposes grants).

// As the database holds it: https, spelled so (an `HTTPS:` or `https:/` URL parses but is refused).
const websiteSchema = z
  .url({ protocol: /^https$/ })
  .max(200)
  .regex(/^https:\/\/[^/]/, 'must be an https:// address');

export const aidPartnerRequestSchema = z.object({
  name: z.string().trim().min(1).max(100),
  address: addressSchema,
  website: websiteSchema.nullable().default(null),
});
export type AidPartnerRequest = z.input<typeof aidPartnerRequestSchema>;

export const aidPartnerUpdateSchema = z
  .object({
    name: z.string().trim().min(1).max(100).optional(),
    address: addressSchema.optional(),
    website: websiteSchema.nullable().optional(),
    active: z.boolean().optional(),
  })
  .refine((u) => Object.values(u).some((v) => v !== undefined), 'must change something');
export type AidPartnerUpdate = z.input<typeof aidPartnerUpdateSchema>;

export const operatorAidPartnerSchema = aidPartnerSchema.extend({
  active: z.boolean(),
  created_by: z.string(),
  updated_by: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type OperatorAidPartner = z.infer<typeof operatorAidPartnerSchema>;

export const aidGrantRequestSchema = z.object({
  partner_id: idString,
  asset: assetSchema,
  amount: positiveDecimal,
  reason: z.string().trim().min(3).max(500),
});
export type AidGrantRequest = z.infer<typeof aidGrantRequestSchema>;

/** A grant in the console: its partner, its payout's state and the withdrawal row that carries it. */
export const operatorAidGrantSchema = z.object({
  id: z.string(),
  partner_id: z.string(),
  partner: z.string(),
  asset: assetSchema,
  amount: decimalString,
  to_address: z.string(),
  status: z.enum(['queued', 'sending', 'paid', 'failed']),
  tx_hash: z.string().nullable(),
  withdrawal_id: z.string().nullable(),
  proposal_id: z.string(),
  proposed_by: z.string(),
  approved_by: z.string(),
  proposed_at: z.string(),
  approved_at: z.string(),
  paid_at: z.string().nullable(),
});
export type OperatorAidGrant = z.infer<typeof operatorAidGrantSchema>;

export const operatorAidDonationSchema = aidDonationSchema.extend({ user: z.string(), shown: z.boolean() });
export type OperatorAidDonation = z.infer<typeof operatorAidDonationSchema>;
