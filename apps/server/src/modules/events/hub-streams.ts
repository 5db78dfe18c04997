import type { StreamOwner, StreamSink } from './hub-types.js';
import type { createStreamCaps } from './stream-caps.js';

/** Users, or sessions, per query of the poll and of the session check. */
export const CHUNK = 5000;

export type Stream = StreamOwner & {
  sink: StreamSink;
  lastSeq: bigint;
  /** In `byUser` once its start is read: polled, woken, told of market changes. */
  isListed: boolean;
  pumping: boolean;
  again: boolean;
  closed: boolean;
  expiry: NodeJS.Timeout;
};

/** The streams of this instance, and the one way each of them ends. */
export function createStreamRegistry({
  caps,
  maxBuffered,
}: {
  caps: ReturnType<typeof createStreamCaps>;
  maxBuffered: number;
}) {
  /** Every stream that holds its places, those still being set up too. */
  const all = new Set<Stream>();
  /** The streams that are set up, by user: what the poll reads and the writes go to. */
  const byUser = new Map<string, Set<Stream>>();

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

  return { all, byUser, close, send };
}
export type StreamRegistry = ReturnType<typeof createStreamRegistry>;
