import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/db/database.js';
import type { Listen } from '../../platform/db/notifications.js';
import type { EventRow, EventsRepository } from './repository.js';
import { createStreamCaps, type StreamRefusal } from './stream-caps.js';

/** Where a stream's messages go (the HTTP response), in the SSE format. */
export type StreamSink = {
  write: (chunk: string) => boolean;
  /** Bytes written and not yet taken by the client: a stream this far behind is cut. */
  buffered: () => number;
  end: () => void;
};

/** Who a stream is for, and what it may last as long as. */
export type StreamOwner = {
  userId: string;
  /** The login session whose token opened it: the stream ends with it (signed out, ended, its user frozen). */
  sessionId: string;
  /** The client's address as the per-IP cap counts it (`clientKey`: an IPv6 address by its /64). */
  network: string;
  /** The access token's expiry (epoch ms): the stream ends then. */
  expiresAt: number;
};

type Stream = StreamOwner & {
  sink: StreamSink;
  lastSeq: bigint;
  /** In `byUser` once its start is read: polled, woken, told of market changes. */
  isListed: boolean;
  pumping: boolean;
  again: boolean;
  closed: boolean;
  expiry: NodeJS.Timeout;
};

export type HubOptions = {
  db: Db;
  repository: EventsRepository;
  listen: Listen | undefined;
  log: FastifyBaseLogger;
  heartbeatMs: number;
  /** How often the counters of this instance's stream users are read for new events. */
  pollMs: number;
  maxStreamsPerUser: number;
  /** Streams from one client address (IPv6: one /64) on this instance. */
  maxStreamsPerIp: number;
  /** Streams on this instance, whoever holds them: what bounds its memory and open connections. */
  maxStreams: number;
  /** Of these sessions, those whose streams must end (ended, or their user frozen): one query for all. */
  inactiveSessions: (sessionIds: string[]) => Promise<string[]>;
  /** How often the sessions of the open streams are checked; a stream ends at most this long (and a poll) after its session. */
  sessionCheckMs?: number;
  /** A client that has not taken this many bytes is too slow: its stream is cut (it resumes later). */
  maxBufferedBytes?: number;
  /**
   * Market changes go out at most once per this many ms, those of the meantime together: a write to a
   * stream costs ~10 µs of CPU here (bench `events`), paid per stream per write, so one write per
   * change would cost changes × streams (20 a second to 2,000 streams: half a core; batched, 8 %).
   */
  marketFlushMs?: number;
};

const BATCH = 200;
/** Users, or sessions, per query of the poll and of the session check. */
const CHUNK = 5000;

const message = (row: EventRow) =>
  `id: ${row.seq}\nevent: ${row.type}\ndata: ${JSON.stringify({
    seq: row.seq,
    type: row.type,
    at: row.at.toISOString(),
    payload: row.payload,
  })}\n\n`;

/**
 * The open streams of this instance. Every `pollMs` the counters of their users are read (one query
 * per few thousand users); each stream of a user with newer events reads what follows its last seq,
 * in order, one read at a time per stream. Every `sessionCheckMs` (500 ms) the same loop asks which
 * of the streams' sessions have ended or belong to a frozen user, in one query, and ends their
 * streams; each stream also ends at its token's expiry, by a timer of its own. Market changes are
 * not per user: NOTIFYed after their commit, they go to every stream on every instance.
 */
export function createEventHub(options: HubOptions) {
  const { db, repository, log, heartbeatMs, pollMs, inactiveSessions } = options;
  const maxBuffered = options.maxBufferedBytes ?? 1024 * 1024;
  const marketFlushMs = options.marketFlushMs ?? 500;
  const sessionCheckMs = options.sessionCheckMs ?? 500;
  const caps = createStreamCaps({
    perUser: options.maxStreamsPerUser,
    perIp: options.maxStreamsPerIp,
    total: options.maxStreams,
  });
  /** Every stream that holds its places, those still being set up too. */
  const all = new Set<Stream>();
  /** The streams that are set up, by user: what the poll reads and the writes go to. */
  const byUser = new Map<string, Set<Stream>>();
  let unlisten: (() => Promise<void>)[] = [];
  let heartbeat: NodeJS.Timeout | null = null;
  let poller: NodeJS.Timeout | null = null;
  let stopped = false;
  let sessionsCheckedAt = 0;
  let marketPending = '';
  let marketTimer: NodeJS.Timeout | null = null;
  let marketFlushedAt = 0;

  /** However a stream ends (client gone, session over, token expired, too slow, a failed read), it ends here, once. */
  const close = (stream: Stream) => {
    if (stream.closed) return;
    stream.closed = true;
    clearTimeout(stream.expiry);
    caps.give(stream);
    all.delete(stream);
    if (stream.isListed) {
      const streams = byUser.get(stream.userId);
      streams?.delete(stream);
      if (streams?.size === 0) byUser.delete(stream.userId);
    }
    stream.sink.end();
  };
  const send = (stream: Stream, chunk: string) => {
    if (stream.closed) return;
    stream.sink.write(chunk);
    if (stream.sink.buffered() > maxBuffered) close(stream);
  };

  async function pump(stream: Stream): Promise<void> {
    if (stream.pumping) {
      stream.again = true;
      return;
    }
    stream.pumping = true;
    try {
      do {
        stream.again = false;
        const rows = await repository.after(db, stream.userId, stream.lastSeq.toString(), BATCH);
        for (const row of rows) {
          if (stream.closed) return;
          send(stream, message(row));
          stream.lastSeq = BigInt(row.seq);
        }
        if (rows.length === BATCH) stream.again = true;
      } while (stream.again && !stream.closed);
    } catch (error) {
      // The client resumes from its last id on another try; a stream that cannot read is cut.
      log.warn({ err: error }, 'event stream read failed');
      close(stream);
    } finally {
      stream.pumping = false;
    }
  }

  const wake = (userId: string) => {
    for (const stream of byUser.get(userId) ?? []) void pump(stream);
  };
  /**
   * Reads the counters of every user with a stream here, a few thousand per query, and wakes the
   * streams of those with newer events. Its cost follows the streams open, not the writes.
   */
  async function poll(): Promise<void> {
    const users: string[] = [];
    const seqs: string[] = [];
    for (const [userId, streams] of byUser) {
      let oldest: bigint | null = null;
      for (const stream of streams) if (oldest === null || stream.lastSeq < oldest) oldest = stream.lastSeq;
      users.push(userId);
      seqs.push((oldest ?? 0n).toString());
    }
    for (let at = 0; at < users.length; at += CHUNK) {
      for (const userId of await repository.newer(db, users.slice(at, at + CHUNK), seqs.slice(at, at + CHUNK)))
        wake(userId);
    }
  }
  /**
   * Ends the streams of sessions that ended (signed out, ended from another device, a refresh token
   * reused) or whose user was frozen: the sessions of all streams here, asked in one query (a
   * primary-key lookup each), not one per stream. A check that fails leaves the streams open until
   * the next one, or their token's expiry.
   */
  async function checkSessions(): Promise<void> {
    const bySession = new Map<string, Stream[]>();
    for (const stream of all) {
      const streams = bySession.get(stream.sessionId);
      if (streams) streams.push(stream);
      else bySession.set(stream.sessionId, [stream]);
    }
    const sessions = [...bySession.keys()];
    for (let at = 0; at < sessions.length; at += CHUNK) {
      for (const session of await inactiveSessions(sessions.slice(at, at + CHUNK)))
        for (const stream of bySession.get(session) ?? []) close(stream);
    }
  }
  async function tick(): Promise<void> {
    await poll().catch((error: unknown) => log.warn({ err: error }, 'event streams: reading the counters failed'));
    if (Date.now() - sessionsCheckedAt < sessionCheckMs) return;
    sessionsCheckedAt = Date.now();
    await checkSessions().catch((error: unknown) =>
      log.warn({ err: error }, 'event streams: checking sessions failed'),
    );
  }
  const schedulePoll = () => {
    if (stopped) return;
    poller = setTimeout(() => void tick().finally(schedulePoll), pollMs);
    poller.unref();
  };

  const wakeAll = () => {
    for (const streams of byUser.values()) for (const stream of streams) void pump(stream);
  };
  // Each change stays a message of its own; those within an interval share one write per stream.
  const flushMarket = () => {
    marketTimer = null;
    marketFlushedAt = Date.now();
    const chunk = marketPending;
    marketPending = '';
    for (const streams of byUser.values()) for (const stream of streams) send(stream, chunk);
  };
  const broadcast = (event: string, data: string) => {
    marketPending += `event: ${event}\ndata: ${data}\n\n`;
    if (marketTimer) return;
    const wait = marketFlushedAt + marketFlushMs - Date.now();
    if (wait <= 0) flushMarket();
    else marketTimer = setTimeout(flushMarket, wait);
  };

  /**
   * Reads where the stream starts: after `lastSeq` (the Last-Event-ID) or, without one, at the
   * user's newest seq. The first message says where, and whether the events after `lastSeq` are gone
   * (older than what is kept): the client then reloads everything, as it does on a first connect.
   */
  async function start(stream: Stream, lastSeq: bigint | null): Promise<void> {
    const position = await repository.position(db, stream.userId);
    if (stream.closed) return;
    const newest = BigInt(position.seq);
    const oldest = position.oldest === null ? null : BigInt(position.oldest);
    const isLost =
      lastSeq !== null && (lastSeq > newest || (lastSeq < newest && (oldest === null || oldest > lastSeq + 1n)));
    const from = lastSeq === null || isLost ? newest : lastSeq;
    stream.lastSeq = from;
    stream.isListed = true;
    let streams = byUser.get(stream.userId);
    if (!streams) byUser.set(stream.userId, (streams = new Set()));
    streams.add(stream);
    // retry: how long a client waits before it reconnects after the stream drops.
    send(stream, `retry: 2000\nevent: ready\ndata: ${JSON.stringify({ seq: from.toString(), gap: isLost })}\n\n`);
    void pump(stream);
  }

  return {
    async start() {
      schedulePoll();
      if (options.listen)
        unlisten = [await options.listen('wallx_market', (payload) => broadcast('market', payload), wakeAll)];
      heartbeat = setInterval(() => {
        // A comment line: proxies see traffic, clients ignore it.
        for (const streams of byUser.values()) for (const stream of streams) send(stream, ': ping\n\n');
      }, heartbeatMs);
      heartbeat.unref();
    },
    async stop() {
      stopped = true;
      if (poller) clearTimeout(poller);
      if (heartbeat) clearInterval(heartbeat);
      if (marketTimer) clearTimeout(marketTimer);
      for (const off of unlisten) await off().catch(() => {});
      for (const stream of [...all]) close(stream);
    },
    /** Streams open on this instance, those being set up included (the metrics, the bench). */
    size: () => caps.size(),

    /**
     * Opens a stream for `owner`, or answers the cap it meets. Its places are taken here, before
     * anything is awaited, and given back however it ends, its setup failing too. `ready` settles
     * once its first message is written (or it was closed meanwhile); `close` may be called at any
     * time, during the setup too (the client went away).
     */
    open(
      owner: StreamOwner,
      lastSeq: bigint | null,
      sink: StreamSink,
    ): { refused: StreamRefusal } | { ready: Promise<void>; close: () => void } {
      const refused = stopped ? 'event_streams_busy' : caps.take(owner);
      if (refused) return { refused };
      const stream: Stream = {
        ...owner,
        sink,
        lastSeq: 0n,
        isListed: false,
        pumping: false,
        again: false,
        closed: false,
        expiry: setTimeout(() => close(stream), Math.max(0, owner.expiresAt - Date.now())),
      };
      stream.expiry.unref();
      all.add(stream);
      const ready = start(stream, lastSeq).catch((error: unknown) => {
        close(stream);
        throw error;
      });
      return { ready, close: () => close(stream) };
    },
  };
}
export type EventHub = ReturnType<typeof createEventHub>;
