import { z } from 'zod';
import type { ErrorKey } from '@wallx/shared';

/** Money-moving POSTs accept a client-chosen key; a retry with it replays the first answer. */
export const idempotencyHeaders = z.object({
  'idempotency-key': z
    .string()
    .max(100)
    .regex(/^[\w.:-]{1,100}$/, 'letters, digits and _ . : - only, at most 100')
    .optional(),
});

/** The key of a request whose route declares `headers: idempotencyHeaders`. */
export const idempotencyKey = (request: { headers: z.infer<typeof idempotencyHeaders> }): string | undefined =>
  request.headers['idempotency-key'];

/** What a route taking an idempotency key can refuse (`config.errors`): the key reused for another request. */
export const idempotencyRefusals = ['idempotency_conflict'] as const satisfies readonly ErrorKey[];
