import type { UserEventPayload, UserEventType } from '@wallx/shared';
import type { Executor } from '../../db/database.js';
import { createEventsRepository, type NewEvent } from './repository.js';

/** Worth a notice in the inbox (and a toast): what a person would want told, not every step. */
export function isNotice<T extends UserEventType>(type: T, payload: UserEventPayload<T>): boolean {
  switch (type) {
    case 'balance':
      return false;
    case 'deposit':
      return (payload as UserEventPayload<'deposit'>).status === 'credited';
    case 'withdrawal':
      return ['completed', 'refunded', 'rejected'].includes((payload as UserEventPayload<'withdrawal'>).status);
    default:
      return true;
  }
}

export type UserEventInput = {
  [T in UserEventType]: { userId: string; type: T; payload: UserEventPayload<T> };
}[UserEventType];

/**
 * How services tell users what happened: in the transaction of the change (`db` is it), so a change
 * rolled back tells nothing. Balance events are written by the database itself for every posting
 * (migration 031); services write the rest.
 */
export function createUserEvents() {
  const repository = createEventsRepository();
  return {
    async emit(db: Executor, ...events: UserEventInput[]): Promise<void> {
      const rows: NewEvent[] = events.map((e) => ({
        userId: e.userId,
        type: e.type,
        payload: e.payload,
        notice: isNotice(e.type, e.payload),
      }));
      await repository.insert(db, rows);
    },
    /** The markets' lists changed (an order sold, withdrawn or expired): every viewer reloads them. */
    marketChanged: (db: Executor, change: { market: 'mtrade' | 'c2c'; id: string }) =>
      repository.notifyMarket(db, change),
  };
}
export type UserEvents = ReturnType<typeof createUserEvents>;
