import { describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/db/database.js';
import type { Listen } from '../../platform/db/notifications.js';
import { createEventHub } from './hub.js';
import type { EventsRepository } from './repository.js';

const owner = (userId: string, network = '10.0.0.1') => ({
  userId,
  sessionId: `session-${userId}`,
  network,
  expiresAt: Date.now() + 60_000,
});

/** A hub on a repository with no events and a LISTEN the test drives; each sink keeps its writes. */
async function hubWithStreams(streams: number, marketFlushMs: number) {
  const channels = new Map<string, (payload: string) => void>();
  const listen: Listen = async (channel, onNotify) => {
    channels.set(channel, onNotify);
    return async () => {};
  };
  const repository = {
    position: async () => ({ seq: '0', oldest: null, readSeq: '0' }),
    after: async () => [],
    newer: async () => [],
  } as unknown as EventsRepository;
  const hub = createEventHub({
    db: {} as Db,
    repository,
    listen,
    log: { warn: () => {} } as unknown as FastifyBaseLogger,
    heartbeatMs: 60_000,
    pollMs: 60_000,
    maxStreamsPerUser: 5,
    maxStreamsPerIp: 100,
    maxStreams: 1000,
    inactiveSessions: async () => [],
    marketFlushMs,
  });
  await hub.start();
  const writes: string[][] = [];
  for (let i = 0; i < streams; i++) {
    const mine: string[] = [];
    writes.push(mine);
    const stream = hub.open(
      owner(String(i + 1)),
      { sinceMs: 0 },
      {
        write: (chunk) => mine.push(chunk) > 0,
        buffered: () => 0,
        end: () => {},
      },
    );
    if ('refused' in stream) throw new Error(stream.refused);
    await stream.ready;
  }
  const market = (id: string) => channels.get('wallx_market')!(JSON.stringify({ market: 'mtrade', id }));
  const marketWrites = () => writes.map((w) => w.filter((chunk) => chunk.includes('event: market')));
  return { hub, market, marketWrites };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the event hub’s market changes', () => {
  it('tells every stream of a change at once; those that follow within the interval share one write, each still its own message, in order', async () => {
    const { hub, market, marketWrites } = await hubWithStreams(3, 150);
    market('1');
    expect(marketWrites()).toEqual(Array(3).fill(['event: market\ndata: {"market":"mtrade","id":"1"}\n\n']));
    market('2');
    market('3');
    expect(marketWrites().every((w) => w.length === 1)).toBe(true);
    await sleep(250);
    for (const w of marketWrites()) {
      expect(w).toHaveLength(2);
      expect(w[1]).toBe(
        'event: market\ndata: {"market":"mtrade","id":"2"}\n\nevent: market\ndata: {"market":"mtrade","id":"3"}\n\n',
      );
    }
    // After a quiet interval, a change goes out at once again.
    await sleep(200);
    market('4');
    expect(marketWrites().every((w) => w.length === 3 && w[2]!.includes('"id":"4"'))).toBe(true);
    await hub.stop();
  });

  it('a stop drops what waits: nothing is written to a closed stream', async () => {
    const { hub, market, marketWrites } = await hubWithStreams(1, 100);
    market('1');
    market('2');
    await hub.stop();
    await sleep(150);
    expect(marketWrites()[0]).toHaveLength(1);
  });
});
