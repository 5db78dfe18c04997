import { z } from 'zod';
import { assetSchema } from '../api/primitives.js';
import { assetTotalSchema } from './schemas.js';

/** Days the dashboard's chart of deposits and withdrawals covers, today included. */
export const DASHBOARD_CHART_DAYS = 30;

/**
 * How far the deposit scanner is behind, per token. One scanner reads both tokens' logs in one pass
 * (one cursor), so today both rows carry the same figures. `lag_blocks`: confirmed blocks not read
 * yet (the head less the confirmations, less the last block read); null before the first pass or
 * when the chain cannot be read (`chain_error`).
 */
export const scannerLagSchema = z.object({
  asset: assetSchema,
  head_block: z.number().int().nullable(),
  scanned_through: z.number().int().nullable(),
  confirmations: z.number().int(),
  lag_blocks: z.number().int().nullable(),
  chain_error: z.enum(['no_chain', 'unreachable']).nullable(),
});
export type ScannerLag = z.infer<typeof scannerLagSchema>;

/**
 * Withdrawals the payout worker has not finished. `oldest_queued_at`: when the oldest queued one
 * entered the queue (requested, or approved by an operator); null when none is queued.
 */
export const payoutQueueSchema = z.object({
  queued: z.number().int(),
  oldest_queued_at: z.string().nullable(),
  oldest_queued_seconds: z.number().int().nullable(),
  /** Broadcast payouts the worker could not prove unpaid, waiting for an operator. */
  held: z.number().int(),
  broadcast: z.number().int(),
  awaiting_review: z.number().int(),
});
export type PayoutQueue = z.infer<typeof payoutQueueSchema>;

/** One calendar day (in the dashboard's time zone): deposits credited and withdrawals requested, per asset. */
export const dailyFlowSchema = z.object({
  day: z.string(),
  deposits: z.array(assetTotalSchema),
  withdrawals: z.array(assetTotalSchema),
});
export type DailyFlow = z.infer<typeof dailyFlowSchema>;

/** The dashboard's health at a glance (issue 34): the hot wallet against its marks is GET /api/admin/hot-wallet. */
export const dashboardHealthSchema = z.object({
  as_of: z.string(),
  time_zone: z.string(),
  scanner: z.array(scannerLagSchema),
  payout_queue: payoutQueueSchema,
  /** The last DASHBOARD_CHART_DAYS days, oldest first, each present (zero on a day with nothing). */
  days: z.array(dailyFlowSchema),
});
export type DashboardHealth = z.infer<typeof dashboardHealthSchema>;
