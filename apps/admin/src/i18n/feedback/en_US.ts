import type { Widen } from '@wallx/shared/i18n/widen';

/** English texts of the console's feedback section. */
export const en_US = {
  feedback: {
    title: 'Feedback',
    lead: 'Messages users send from the app. A reply shows in the user’s feedback page at once.',
    status: 'Status',
    status_all: 'All',
    status_open: 'Open',
    status_replied: 'Replied',
    received: 'Received',
    user: 'User',
    subject: 'Title',
    replied_by: 'Replied by',
    open_message: 'Read “{{title}}”',
    message: 'Message',
    reply: 'Reply',
    reply_hint: 'Up to {{max}} characters. The user reads it in the app.',
    reply_required: 'Write a reply first.',
    reply_too_long: 'At most {{max}} characters.',
    send_reply: 'Send reply',
    sending: 'Sending…',
    replied_at: 'Replied {{time}} by {{operator}}',
    sent: 'Reply sent.',
    cannot_reply: 'Your role ({{role}}) can read feedback but not reply.',
    pick: 'Choose a message in the table to read it and reply.',
  },
} as const;

export type FeedbackMessages = Widen<typeof en_US>;
