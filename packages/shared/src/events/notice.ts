import { isToldByLedger } from './fund-tellers.js';
import type { UserEvent } from './schemas.js';

/**
 * Worth a notice in the inbox (and a toast as it arrives): what a person would want told, not every
 * step. The server marks the inbox's rows with it; the app decides its toasts with it. No zod here:
 * the web app imports it.
 */
export function isNoticeEvent(event: Pick<UserEvent, 'type' | 'payload'>): boolean {
  const { type, payload } = event as UserEvent;
  switch (type) {
    case 'balance': {
      // Money that reached the user and that no other event tells of (decision 125).
      const { credit } = payload as Extract<UserEvent, { type: 'balance' }>['payload'];
      return credit !== undefined && isToldByLedger(credit.type);
    }
    case 'deposit':
      return (payload as Extract<UserEvent, { type: 'deposit' }>['payload']).status === 'credited';
    case 'withdrawal':
      return ['completed', 'refunded', 'rejected'].includes(
        (payload as Extract<UserEvent, { type: 'withdrawal' }>['payload']).status,
      );
    default:
      return true;
  }
}
