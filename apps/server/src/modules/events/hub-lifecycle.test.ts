import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { Db } from '../../platform/db/database.js';
import { createEventHub, type StreamOwner } from './hub.js';
import type { EventsRepository } from './repository.js';

type Position = { seq: string; oldest: string | null; readSeq: string };
const START: Position = { seq: '0', oldest: null, readSeq: '0' };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A hub on a repository whose setup read the test answers (`position` waits for `settle`), and
 * whose session check answers what `ended` holds, recording each call.
 */
function testHub(options: { maxStreamsPerUser?: number; maxStreamsPerIp?: number; maxStreams?: number } = {}) {
  const pending: { resolve: (p: Position) => void; reject: (e: Error) => void }[] = [];
  const ended = new Set<string>();
  const checks: string[][] = [];
  const repository = {
    position: () => new Promise<Position>((resolve, reject) => pending.push({ resolve, reject })),
    after: async () => [],
    newer: async () => [],
  } as unknown as EventsRepository;
  const hub = createEventHub({
    db: {} as Db,
    repository,
    listen: undefined,
    log: { warn: () => {} } as unknown as FastifyBaseLogger,
    heartbeatMs: 60_000,
    pollMs: 20,
    sessionCheckMs: 100,
    maxStreamsPerUser: options.maxStreamsPerUser ?? 2,
    maxStreamsPerIp: options.maxStreamsPerIp ?? 100,
    maxStreams: options.maxStreams ?? 100,
    inactiveSessions: async (sessions) => {
      checks.push([...sessions].sort());
      return sessions.filter((session) => ended.has(session));
    },
  });
  const sinks: { writes: string[]; isEnded: boolean }[] = [];
  const open = (owner: Partial<StreamOwner> = {}) => {
    const sink = { writes: [] as string[], isEnded: false };
    sinks.push(sink);
    return hub.open(
      { userId: '1', sessionId: 's1', network: '10.0.0.1', expiresAt: Date.now() + 60_000, ...owner },
      { sinceMs: 0 },
      { write: (chunk) => sink.writes.push(chunk) > 0, buffered: () => 0, end: () => (sink.isEnded = true) },
    );
  };
  const settleAll = (position: Position = START) => {
    for (const p of pending.splice(0)) p.resolve(position);
  };
  return { hub, open, sinks, pending, settleAll, ended, checks };
}

let stopHub: (() => Promise<void>) | null = null;
afterEach(async () => {
  await stopHub?.();
  stopHub = null;
});

describe('the event hub’s places', () => {
  it('takes a stream’s place before its setup read answers: opens side by side cannot pass the cap', () => {
    const { hub, open, pending } = testHub({ maxStreamsPerUser: 2 });
    const answers = [open(), open(), open(), open()];
    expect(answers.map((a) => ('refused' in a ? a.refused : 'opened'))).toEqual([
      'opened',
      'opened',
      'event_streams_too_many',
      'event_streams_too_many',
    ]);
    // Two reads in flight, none answered yet.
    expect(pending).toHaveLength(2);
    expect(hub.size()).toBe(2);
  });

  it('names the cap met: the user’s, then the network’s, then the instance’s', () => {
    const { open } = testHub({ maxStreamsPerUser: 1, maxStreamsPerIp: 2, maxStreams: 3 });
    const refusal = (owner: Partial<StreamOwner>) => {
      const answer = open(owner);
      return 'refused' in answer ? answer.refused : null;
    };
    expect(refusal({ userId: 'a', network: 'n1' })).toBeNull();
    expect(refusal({ userId: 'a', network: 'n2' })).toBe('event_streams_too_many');
    expect(refusal({ userId: 'b', network: 'n1' })).toBeNull();
    expect(refusal({ userId: 'c', network: 'n1' })).toBe('event_streams_network_too_many');
    expect(refusal({ userId: 'c', network: 'n2' })).toBeNull();
    expect(refusal({ userId: 'd', network: 'n3' })).toBe('event_streams_busy');
  });

  it('gives the place back when the setup read fails, and when the client goes away before it answers', async () => {
    const { hub, open, pending, sinks } = testHub({ maxStreamsPerUser: 2 });
    const failing = open();
    const leaving = open();
    if ('refused' in failing || 'refused' in leaving) throw new Error('refused');
    pending[0]!.reject(new Error('read failed'));
    await expect(failing.ready).rejects.toThrow('read failed');
    leaving.close();
    pending[1]!.resolve(START);
    await leaving.ready;
    expect(hub.size()).toBe(0);
    // Nothing was written to the stream that was gone: not even where it would have started.
    expect(sinks[1]).toEqual({ writes: [], isEnded: true });
    expect('refused' in open() || 'refused' in open()).toBe(false);
  });

  it('a stream ends at its token’s expiry, and gives its place back', async () => {
    const { hub, open, settleAll, sinks } = testHub();
    const stream = open({ expiresAt: Date.now() + 150 });
    settleAll();
    if ('refused' in stream) throw new Error('refused');
    await stream.ready;
    expect(sinks[0]!.isEnded).toBe(false);
    await sleep(250);
    expect(sinks[0]!.isEnded).toBe(true);
    expect(hub.size()).toBe(0);
  });
});

describe('the event hub’s session check', () => {
  it('asks once per check for every session of the streams open (those in setup too), and ends the streams of those ended', async () => {
    const { hub, open, settleAll, sinks, ended, checks } = testHub({ maxStreamsPerUser: 5 });
    await hub.start();
    stopHub = () => hub.stop();
    open({ sessionId: 'a' });
    open({ sessionId: 'a' });
    open({ sessionId: 'b', userId: '2' });
    settleAll();
    open({ sessionId: 'c', userId: '3' }); // still in setup
    await sleep(250);
    expect(checks.length).toBeGreaterThanOrEqual(1);
    for (const asked of checks) expect(asked).toEqual(['a', 'b', 'c']);
    expect(sinks.map((s) => s.isEnded)).toEqual([false, false, false, false]);
    ended.add('a');
    ended.add('c');
    await sleep(250);
    expect(sinks.map((s) => s.isEnded)).toEqual([true, true, false, true]);
    expect(hub.size()).toBe(1);
    expect(checks.at(-1)).toEqual(['b']);
  });

  it('asks nothing while no stream is open', async () => {
    const { hub, checks } = testHub();
    await hub.start();
    stopHub = () => hub.stop();
    await sleep(250);
    expect(checks).toEqual([]);
  });
});
