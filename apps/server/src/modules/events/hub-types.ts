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

/**
 * Where a stream starts: after a seq the client saw (its Last-Event-ID), or — a first connect — at
 * the first event of the last `sinceMs` milliseconds (0: at the newest).
 */
export type StreamStart = { after: bigint } | { sinceMs: number };

/** Where a stream's messages go (the HTTP response), in the SSE format. */
export type StreamSink = {
  write: (chunk: string) => boolean;
  /** Bytes written and not yet taken by the client: a stream this far behind is cut. */
  buffered: () => number;
  end: () => void;
};
