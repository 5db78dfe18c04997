import { z } from 'zod';
import { pageQuery } from '../api/envelope.js';
import { addressSchema, signatureSchema } from '../api/primitives.js';
import { operatorRoles } from './constants.js';

export const operatorRoleSchema = z.enum(operatorRoles);

export const operatorLoginRequestSchema = z.object({
  address: addressSchema,
  signature: signatureSchema,
  message: z.string().min(1).max(1000),
});
export type OperatorLoginRequest = z.input<typeof operatorLoginRequestSchema>;

export const operatorSchema = z.object({ address: z.string(), role: operatorRoleSchema });
export type Operator = z.infer<typeof operatorSchema>;

/** An opaque bearer token for /api/admin, never a user's token; it ends when idle, and at its maximum age. */
export const operatorSessionSchema = z.object({ token: z.string(), expires_at: z.string(), operator: operatorSchema });
export type OperatorSession = z.infer<typeof operatorSessionSchema>;

/** One audit row: who did what to which row, and the row before and after (append-only). */
export const auditEntrySchema = z.object({
  id: z.string(),
  operator: z.string(),
  action: z.string(),
  subject_type: z.string(),
  subject_id: z.string(),
  detail: z.unknown(),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditQuerySchema = pageQuery.extend({
  operator: addressSchema.optional(),
  action: z.string().max(100).optional(),
  subject_type: z.string().max(100).optional(),
  subject_id: z.string().max(200).optional(),
});

/**
 * An operator as the operators page lists them: from configuration (`OPERATORS`, read-only here) or
 * added by an admin in the console (a row, which can change role and be disabled).
 */
export const operatorEntrySchema = z.object({
  address: z.string(),
  role: operatorRoleSchema,
  source: z.enum(['config', 'console']),
  is_read_only: z.boolean(),
  is_disabled: z.boolean(),
  /** Who proposed adding them, and who approved it (null: added by one admin, before decision 118). */
  added_by: z.string().nullable(),
  approved_by: z.string().nullable(),
  created_at: z.string().nullable(),
  /**
   * Until when they may approve no proposal: OPERATOR_COOLDOWN after they were added, given a role or
   * enabled again (decision 119). Null when that has passed, and for configuration's operators.
   */
  cooling_until: z.string().nullable(),
  disabled_at: z.string().nullable(),
  /** Another operator address of the same person (a second wallet of theirs), or null. */
  person: z.string().nullable(),
});
export type OperatorEntry = z.infer<typeof operatorEntrySchema>;

/**
 * `person`: an operator address of the same person, when this is a second wallet of someone already
 * an operator; neither wallet may then act on the other's account (decision 79). Adding is proposed
 * by one admin and made when another approves (decision 118).
 */
export const operatorAddRequestSchema = z.object({
  address: addressSchema,
  role: operatorRoleSchema,
  person: addressSchema.optional(),
});
export type OperatorAddRequest = z.infer<typeof operatorAddRequestSchema>;

export const operatorRoleRequestSchema = z.object({ role: operatorRoleSchema });

/** Records the operator as a second wallet of the person behind `person`, or (null) as a person of their own. */
export const operatorPersonRequestSchema = z.object({ person: addressSchema.nullable() });

export const operatorAddressParamsSchema = z.object({ address: addressSchema });
