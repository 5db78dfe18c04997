import type { Widen } from '../widen.js';

/** English texts of the login sessions on /settings. */
export const en_US = {
  sessions: {
    title: 'Login sessions',
    text: 'Every device where this wallet is logged in. End any you do not recognise.',
    current: 'This device',
    end: 'End',
    end_others: 'End all other sessions',
    ended: 'Session ended',
    others_ended: 'Other sessions ended',
    unknown_device: 'Unknown device',
    last_used: 'Last used {{time}}',
    signed_in: 'Logged in {{time}}',
    failed: 'Your sessions could not be loaded',
  },
} as const;

export type SessionsMessages = Widen<typeof en_US>;
