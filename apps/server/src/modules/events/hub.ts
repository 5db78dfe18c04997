import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/db/database.js';
import type { Listen } from '../../platform/db/notifications.js';
import { createMarketBroadcast } from './hub-market.js';
import { sessionCheck } from './hub-sessions.js';
import { createStreamRegistry, type Stream } from './hub-streams.js';
import { createUserEvents } from './hub-user-events.js';
import type { EventsRepository } from './repository.js';
import { createStreamCaps, type StreamRefusal } from './stream-caps.js';
import type { StreamOwner, StreamSink, StreamStart } from './hub-types.js';
export type { StreamOwner, StreamSink } from './hub-types.js';

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

/**
 * The open streams of this instance. Every `pollMs` the counters of their users are read (one query
 * per few thousand users); each stream of a user with newer events reads what follows its last seq,
 * in order, one read at a time per stream. Every `sessionCheckMs` (500 ms) the same loop asks which
 * of the streams' sessions have ended or belong to a frozen user, in one query, and ends their
 * streams; each stream also ends at its token's expiry, by a timer of its own. Market changes are
 * not per user: NOTIFYed after their commit, they go to every stream on every instance.
 */
export function createEventHub(options: HubOptions) {
  const { db, repository, log, heartbeatMs, pollMs } = options;
  const sessionCheckMs = options.sessionCheckMs ?? 500;
  const caps = createStreamCaps({
    perUser: options.maxStreamsPerUser,
    perIp: options.maxStreamsPerIp,
    total: options.maxStreams,
  });
  const registry = createStreamRegistry({ caps, maxBuffered: options.maxBufferedBytes ?? 1024 * 1024 });
  const { all, byUser, close, send } = registry;
  const userEvents = createUserEvents({ db, repository, log, registry });
  const market = createMarketBroadcast({ registry, flushMs: options.marketFlushMs ?? 500 });
  const checkSessions = sessionCheck(registry, options.inactiveSessions);
  let unlisten: (() => Promise<void>)[] = [];
  let heartbeat: NodeJS.Timeout | null = null;
  let poller: NodeJS.Timeout | null = null;
  let stopped = false;
  let sessionsCheckedAt = 0;

  async function tick(): Promise<void> {
    await userEvents
      .poll()
      .catch((error: unknown) => log.warn({ err: error }, 'event streams: reading the counters failed'));
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

  return {
    async start() {
      schedulePoll();
      if (options.listen)
        unlisten = [
          await options.listen('wallx_market', (payload) => market.broadcast('market', payload), userEvents.wakeAll),
        ];
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
      market.stop();
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
      start: StreamStart,
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
      const ready = userEvents.start(stream, start).catch((error: unknown) => {
        close(stream);
        throw error;
      });
      return { ready, close: () => close(stream) };
    },
  };
}
export type EventHub = ReturnType<typeof createEventHub>;
