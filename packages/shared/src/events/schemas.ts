import { z } from 'zod';
import { pageQuery } from '../api/envelope.js';
import { assets } from '../api/constants.js';
import { depositStatuses, fundRecordTypes, withdrawalStatuses } from '../funds/constants.js';
import { shippingStatuses } from '../shipping/constants.js';
import { STREAM_SINCE_MS_MAX } from './stream.js';

/**
 * What happened to a signed-in user, as the event stream (`GET /api/events`) and the notice inbox
 * carry it. Each event has the user's own sequence number (`seq`, a decimal string): the stream's
 * `id:` and the `Last-Event-ID` a reconnect resumes after.
 */
const asset = z.enum(assets);
export const userEventPayloads = {
  /**
   * A balance moved (any ledger posting); `balance` is the new one. On the credited side, `credit`
   * says what came in: its fund-record type, the amount, and the sending user's address (null when
   * the platform paid it). A notice when the posting is what tells (fundTellers).
   */
  balance: z.object({
    asset,
    balance: z.string(),
    credit: z.object({ type: z.enum(fundRecordTypes), amount: z.string(), from: z.string().nullable() }).optional(),
  }),
  /** A deposit seen on chain, each confirmation until it is credited. */
  deposit: z.object({
    tx_hash: z.string(),
    asset,
    /** Known from the first sighting of its transfer on chain (decision 126); null before (a hash the node has not seen). */
    amount: z.string().nullable(),
    status: z.enum(depositStatuses),
    confirmations: z.number().int(),
    required_confirmations: z.number().int(),
  }),
  withdrawal: z.object({ id: z.string(), asset, amount: z.string(), status: z.enum(withdrawalStatuses) }),
  /** My market order: filled, expired, or cancelled (by me, or by an operator with a reason). */
  order: z.object({
    market: z.enum(['mtrade', 'c2c']),
    id: z.string(),
    status: z.enum(['filled', 'expired', 'cancelled']),
    /** The operator's reason when an operator cancelled it. */
    reason: z.string().nullable(),
    /** A miner order: the miner's number. */
    miner_no: z.string().nullable(),
    /** What the seller received (filled) or what came back from escrow. */
    asset: asset.nullable(),
    amount: z.string().nullable(),
  }),
  miner_received: z.object({ miner_no: z.string(), from: z.string() }),
  /** The daily job produced a day's output for my miners. */
  output_ready: z.object({ day: z.string(), miners: z.number().int(), amount: z.string() }),
  shipping: z.object({ id: z.string(), status: z.enum(shippingStatuses) }),
  feedback_reply: z.object({ id: z.string(), title: z.string() }),
} as const;
export type UserEventType = keyof typeof userEventPayloads;
export const userEventTypes = Object.keys(userEventPayloads) as UserEventType[];
export type UserEventPayload<T extends UserEventType> = z.infer<(typeof userEventPayloads)[T]>;

const eventOf = <T extends UserEventType>(type: T) =>
  z.object({ seq: z.string(), type: z.literal(type), at: z.string(), payload: userEventPayloads[type] });
export const userEventSchema = z.discriminatedUnion('type', [
  eventOf('balance'),
  eventOf('deposit'),
  eventOf('withdrawal'),
  eventOf('order'),
  eventOf('miner_received'),
  eventOf('output_ready'),
  eventOf('shipping'),
  eventOf('feedback_reply'),
]);
export type UserEvent = z.infer<typeof userEventSchema>;

/**
 * Where a stream starts. `after` (or the Last-Event-ID header): after that seq. Without one, at the
 * newest seq — or, with `since_ms`, at the first event of the last `since_ms` milliseconds: a page's
 * first reads go out before its stream is open, and an event committed in between would otherwise
 * never reach the screen.
 */
export const eventStreamQuerySchema = z.object({
  after: z
    .string()
    .max(19)
    .regex(/^\d{1,19}$/, 'invalid')
    .optional(),
  since_ms: z.coerce.number().int().min(0).max(STREAM_SINCE_MS_MAX).optional(),
});

/** The stream's first message on every (re)connect: where it starts, and whether events were lost. */
export const streamReadySchema = z.object({
  /** The newest seq the stream starts after. */
  seq: z.string(),
  /** The Last-Event-ID asked for is older than what is kept (90 days): reload everything. */
  gap: z.boolean(),
});
export type StreamReady = z.infer<typeof streamReadySchema>;

/** Something changed in the markets' public lists (an order sold, withdrawn or expired); not per user. */
export const marketChangeSchema = z.object({ market: z.enum(['mtrade', 'c2c']), id: z.string() });
export type MarketChange = z.infer<typeof marketChangeSchema>;

/** The inbox: the events worth telling a person, newest first. */
export const noticeSchema = z.intersection(userEventSchema, z.object({ read: z.boolean() }));
export type Notice = z.infer<typeof noticeSchema>;
export const noticesQuerySchema = pageQuery;
export const noticeUnreadSchema = z.object({ count: z.number().int() });
export const noticesReadSchema = z.object({
  /** Every notice up to this seq has been seen. */
  seq: z
    .string()
    .max(19)
    .regex(/^\d{1,19}$/, 'invalid'),
});
