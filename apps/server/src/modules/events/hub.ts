import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import type { Listen } from '../../db/notifications.js';
import type { EventRow, EventsRepository } from './repository.js';

/** Where a stream's messages go (the HTTP response), in the SSE format. */
export type StreamSink = {
  write: (chunk: string) => boolean;
  /** Bytes written and not yet taken by the client: a stream this far behind is cut. */
  buffered: () => number;
  end: () => void;
};

type Stream = {
  userId: string;
  sink: StreamSink;
  lastSeq: bigint;
  pumping: boolean;
  again: boolean;
  closed: boolean;
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
 * in order, one read at a time per stream. Market changes are not per user: NOTIFYed after their
 * commit, they go to every stream on every instance.
 */
export function createEventHub(options: HubOptions) {
  const { db, repository, log, heartbeatMs, pollMs, maxStreamsPerUser } = options;
  const maxBuffered = options.maxBufferedBytes ?? 1024 * 1024;
  const marketFlushMs = options.marketFlushMs ?? 500;
  const byUser = new Map<string, Set<Stream>>();
  let count = 0;
  let unlisten: (() => Promise<void>)[] = [];
  let heartbeat: NodeJS.Timeout | null = null;
  let poller: NodeJS.Timeout | null = null;
  let stopped = false;
  let marketPending = '';
  let marketTimer: NodeJS.Timeout | null = null;
  let marketFlushedAt = 0;

  const close = (stream: Stream) => {
    if (stream.closed) return;
    stream.closed = true;
    count--;
    const streams = byUser.get(stream.userId);
    streams?.delete(stream);
    if (streams?.size === 0) byUser.delete(stream.userId);
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
    for (let at = 0; at < users.length; at += 5000) {
      for (const userId of await repository.newer(db, users.slice(at, at + 5000), seqs.slice(at, at + 5000)))
        wake(userId);
    }
  }
  const schedulePoll = () => {
    if (stopped) return;
    poller = setTimeout(() => {
      poll()
        .catch((error: unknown) => log.warn({ err: error }, 'event streams: reading the counters failed'))
        .finally(schedulePoll);
    }, pollMs);
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
      for (const streams of [...byUser.values()]) for (const stream of [...streams]) close(stream);
    },
    /** Streams open on this instance (the metrics, the bench). */
    size: () => count,
    isFull: (userId: string) => (byUser.get(userId)?.size ?? 0) >= maxStreamsPerUser,

    /**
     * Opens a stream after `lastSeq` (the Last-Event-ID) or, without one, at the user's newest seq.
     * The first message says where it starts, and whether the events after `lastSeq` are gone (older
     * than what is kept): the client then reloads everything, as it does on a first connect.
     */
    async open(userId: string, lastSeq: bigint | null, sink: StreamSink): Promise<{ close: () => void }> {
      const position = await repository.position(db, userId);
      const newest = BigInt(position.seq);
      const oldest = position.oldest === null ? null : BigInt(position.oldest);
      const isLost =
        lastSeq !== null && (lastSeq > newest || (lastSeq < newest && (oldest === null || oldest > lastSeq + 1n)));
      const from = lastSeq === null || isLost ? newest : lastSeq;
      const stream: Stream = { userId, sink, lastSeq: from, pumping: false, again: false, closed: false };
      let streams = byUser.get(userId);
      if (!streams) byUser.set(userId, (streams = new Set()));
      streams.add(stream);
      count++;
      // retry: how long a client waits before it reconnects after the stream drops.
      send(stream, `retry: 2000\nevent: ready\ndata: ${JSON.stringify({ seq: from.toString(), gap: isLost })}\n\n`);
      void pump(stream);
      return { close: () => close(stream) };
    },
  };
}
export type EventHub = ReturnType<typeof createEventHub>;
