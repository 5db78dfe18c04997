import { z } from 'zod';
import { pageQuery } from '../api/envelope.js';
import { addressSchema, idString } from '../api/primitives.js';
import { CANCEL_NOTE_MAX, CANCEL_NOTE_MIN, marketKinds } from './constants.js';
import { marketOrderStatusSchema } from './schemas.js';

export const marketSchema = z.enum(marketKinds);

/** The console's order lists: every order of one market, newest first, filtered on the server. */
export const operatorOrdersQuerySchema = pageQuery.extend({
  status: marketOrderStatusSchema.optional(),
  seller: addressSchema.optional(),
  buyer: addressSchema.optional(),
});
export type OperatorOrdersQuery = z.infer<typeof operatorOrdersQuerySchema>;

export const operatorCancelParamsSchema = z.object({ market: marketSchema, id: idString });

/** An operator cancels with a reason, kept in the audit log and shown to the seller. */
export const operatorCancelRequestSchema = z.object({
  reason: z.string().trim().min(CANCEL_NOTE_MIN).max(CANCEL_NOTE_MAX),
});
export type OperatorCancelRequest = z.infer<typeof operatorCancelRequestSchema>;
