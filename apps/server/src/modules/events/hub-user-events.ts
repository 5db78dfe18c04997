import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/db/database.js';
import { CHUNK, type Stream, type StreamRegistry } from './hub-streams.js';
import type { StreamStart } from './hub-types.js';
import type { EventRow, EventsRepository } from './repository.js';

const BATCH = 200;

const minBig = (a: bigint, b: bigint) => (a < b ? a : b);

const message = (row: EventRow) =>
  `id: ${row.seq}\nevent: ${row.type}\ndata: ${JSON.stringify({
    seq: row.seq,
    type: row.type,
    at: row.at.toISOString(),
    payload: row.payload,
  })}\n\n`;

/** Each user's own events, read in order after a stream's last seq and written to every stream of that user here. */
export function createUserEvents({
  db,
  repository,
  log,
  registry,
}: {
  db: Db;
  repository: EventsRepository;
  log: FastifyBaseLogger;
  registry: StreamRegistry;
}) {
  const { byUser, close, send } = registry;

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

  return {
    /**
     * Reads the counters of every user with a stream here, a few thousand per query, and wakes the
     * streams of those with newer events. Its cost follows the streams open, not the writes.
     */
    async poll(): Promise<void> {
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
    },

    wakeAll: () => {
      for (const streams of byUser.values()) for (const stream of streams) void pump(stream);
    },

    /**
     * Reads where the stream starts: after the Last-Event-ID or, without one, at the user's newest
     * seq — or, asked `sinceMs`, before the first event of that many milliseconds back. The first
     * message says where, and whether the events after the Last-Event-ID are gone (older than what is
     * kept): the client then reloads everything.
     */
    async start(stream: Stream, start: StreamStart): Promise<void> {
      const since = 'sinceMs' in start && start.sinceMs > 0 ? start.sinceMs : null;
      const [position, before] = await Promise.all([
        repository.position(db, stream.userId),
        since === null ? null : repository.seqBefore(db, stream.userId, since),
      ]);
      if (stream.closed) return;
      const newest = BigInt(position.seq);
      const oldest = position.oldest === null ? null : BigInt(position.oldest);
      const lastSeq = 'after' in start ? start.after : null;
      const isLost =
        lastSeq !== null && (lastSeq > newest || (lastSeq < newest && (oldest === null || oldest > lastSeq + 1n)));
      // Read apart from the position: an event committed in between may make `before` the newer.
      const from = lastSeq !== null && !isLost ? lastSeq : before !== null ? minBig(BigInt(before), newest) : newest;
      stream.lastSeq = from;
      stream.isListed = true;
      let streams = byUser.get(stream.userId);
      if (!streams) byUser.set(stream.userId, (streams = new Set()));
      streams.add(stream);
      // retry: how long a client waits before it reconnects after the stream drops.
      send(stream, `retry: 2000\nevent: ready\ndata: ${JSON.stringify({ seq: from.toString(), gap: isLost })}\n\n`);
      void pump(stream);
    },
  };
}
