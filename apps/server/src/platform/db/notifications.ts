import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/**
 * NOTIFY messages of one channel, from any instance on the database. `onResume` runs after the
 * connection was lost and is back: what was notified meanwhile is gone, so the listener catches up.
 */
export type Listen = (
  channel: string,
  onNotify: (payload: string) => void,
  onResume?: () => void,
) => Promise<() => Promise<void>>;

type Subscriber = { channel: string; onNotify: (payload: string) => void; onResume: (() => void) | undefined };

const quoted = (channel: string) => {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`not a channel name: ${channel}`);
  return channel;
};

/**
 * One connection of its own (a pooled one would be handed to others), LISTENing on every channel
 * asked for; reconnected with a growing pause when it drops, and every subscriber told so.
 */
export function postgresListen(url: string): { listen: Listen; close: () => Promise<void> } {
  const subscribers = new Set<Subscriber>();
  let client: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  let closed = false;
  let failures = 0;

  const channels = () => [...new Set([...subscribers].map((s) => s.channel))];
  const connect = (): Promise<pg.Client> => {
    connecting ??= (async () => {
      const next = new pg.Client({ connectionString: url });
      next.on('notification', (message) => {
        for (const s of subscribers) if (s.channel === message.channel) s.onNotify(message.payload ?? '');
      });
      const lost = () => {
        if (client !== next) return;
        client = null;
        next.end().catch(() => {});
        if (closed) return;
        failures++;
        setTimeout(() => void reconnect(), Math.min(5000, 100 * 2 ** Math.min(failures, 6))).unref();
      };
      next.on('error', lost);
      next.on('end', lost);
      await next.connect();
      for (const channel of channels()) await next.query(`listen ${quoted(channel)}`);
      client = next;
      failures = 0;
      return next;
    })().finally(() => {
      connecting = null;
    });
    return connecting;
  };
  const reconnect = async () => {
    if (closed || client) return;
    try {
      await connect();
      for (const s of subscribers) s.onResume?.();
    } catch {
      failures++;
      setTimeout(() => void reconnect(), Math.min(5000, 100 * 2 ** Math.min(failures, 6))).unref();
    }
  };

  const listen: Listen = async (channel, onNotify, onResume) => {
    const subscriber = { channel: quoted(channel), onNotify, onResume };
    const isNew = !channels().includes(channel);
    subscribers.add(subscriber);
    const current = client ?? (await connect());
    if (isNew) await current.query(`listen ${channel}`);
    return async () => {
      subscribers.delete(subscriber);
      if (!channels().includes(channel) && client) await client.query(`unlisten ${channel}`).catch(() => {});
    };
  };
  return {
    listen,
    close: async () => {
      closed = true;
      const last = client;
      client = null;
      await last?.end().catch(() => {});
    },
  };
}

/** PGlite is one connection in this process: its own LISTEN hears what its transactions NOTIFY. */
export function pgliteListen(pglite: PGlite): Listen {
  return async (channel, onNotify) => pglite.listen(quoted(channel), onNotify);
}
