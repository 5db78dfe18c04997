/** Why a stream was not opened: which cap it met (each a 429 of its own). */
export type StreamRefusal = 'event_streams_too_many' | 'event_streams_network_too_many' | 'event_streams_busy';

export type StreamCapLimits = { perUser: number; perIp: number; total: number };

/**
 * The places the streams of one instance hold: each stream one of its user's, one of its client
 * network's and one of the instance's. `take` checks and counts in one synchronous step, so requests
 * that reach it side by side cannot all see room (issue 44: a check before an awaited read and a count
 * after it let 77 of 80 parallel opens through a cap of 5).
 */
export function createStreamCaps(limits: StreamCapLimits) {
  const users = new Map<string, number>();
  const networks = new Map<string, number>();
  let total = 0;
  const add = (counts: Map<string, number>, key: string, by: number) => {
    const next = (counts.get(key) ?? 0) + by;
    if (next <= 0) counts.delete(key);
    else counts.set(key, next);
  };
  return {
    /** Takes the stream's three places, or none of them and answers the cap met (the user's first: the most telling). */
    take({ userId, network }: { userId: string; network: string }): StreamRefusal | null {
      if ((users.get(userId) ?? 0) >= limits.perUser) return 'event_streams_too_many';
      if ((networks.get(network) ?? 0) >= limits.perIp) return 'event_streams_network_too_many';
      if (total >= limits.total) return 'event_streams_busy';
      add(users, userId, 1);
      add(networks, network, 1);
      total++;
      return null;
    },
    /** Gives back what `take` took (once per stream: the hub's close runs once). */
    give({ userId, network }: { userId: string; network: string }): void {
      add(users, userId, -1);
      add(networks, network, -1);
      total--;
    },
    size: () => total,
  };
}
