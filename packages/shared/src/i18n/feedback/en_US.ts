import type { Widen } from '../widen.js';

/** English texts of /feedback. */
export const en_US = {
  feedback: {
    lead: 'Tell us what went wrong or what you would like to see. A member of our team reads every message and replies here.',
    new: 'Write to us',
    title: 'Title',
    title_placeholder: 'In a few words',
    title_required: 'Enter a title',
    detail: 'Details',
    detail_placeholder: 'What happened, and what you expected',
    detail_required: 'Describe your feedback',
    too_long: 'At most {{max}} characters',
    limits: 'You can send {{hour}} messages an hour and {{day}} a day.',
    send: 'Send',
    sending: 'Sending…',
    sent: 'Sent. We will reply here.',
    mine: 'My feedback',
    empty: 'No feedback yet',
    empty_text: 'Messages you send appear here, with our replies.',
    reply: 'Reply from WALLX',
    new_reply: 'New',
    status: {
      open: 'Awaiting reply',
      replied: 'Replied',
    },
  },
} as const;

export type FeedbackMessages = Widen<typeof en_US>;
