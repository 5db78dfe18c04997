import type { StreamRegistry } from './hub-streams.js';

/** Market changes, NOTIFYed after their commit: not per user, they go to every stream here, batched. */
export function createMarketBroadcast({ registry, flushMs }: { registry: StreamRegistry; flushMs: number }) {
  let pending = '';
  let timer: NodeJS.Timeout | null = null;
  let flushedAt = 0;

  // Each change stays a message of its own; those within an interval share one write per stream.
  const flush = () => {
    timer = null;
    flushedAt = Date.now();
    const chunk = pending;
    pending = '';
    for (const streams of registry.byUser.values()) for (const stream of streams) registry.send(stream, chunk);
  };

  return {
    broadcast: (event: string, data: string) => {
      pending += `event: ${event}\ndata: ${data}\n\n`;
      if (timer) return;
      const wait = flushedAt + flushMs - Date.now();
      if (wait <= 0) flush();
      else timer = setTimeout(flush, wait);
    },
    stop: () => {
      if (timer) clearTimeout(timer);
    },
  };
}
