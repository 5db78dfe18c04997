import { CHUNK, type Stream, type StreamRegistry } from './hub-streams.js';

/**
 * Ends the streams of sessions that ended (signed out, ended from another device, a refresh token
 * reused) or whose user was frozen: the sessions of all streams here, asked in one query (a
 * primary-key lookup each), not one per stream. A check that fails leaves the streams open until
 * the next one, or their token's expiry.
 */
export function sessionCheck(
  { all, close }: StreamRegistry,
  inactiveSessions: (sessionIds: string[]) => Promise<string[]>,
) {
  return async function checkSessions(): Promise<void> {
    const bySession = new Map<string, Stream[]>();
    for (const stream of all) {
      const streams = bySession.get(stream.sessionId);
      if (streams) streams.push(stream);
      else bySession.set(stream.sessionId, [stream]);
    }
    const sessions = [...bySession.keys()];
    for (let at = 0; at < sessions.length; at += CHUNK) {
      for (const session of await inactiveSessions(sessions.slice(at, at + CHUNK)))
        for (const stream of bySession.get(session) ?? []) close(stream);
    }
  };
}
