import type { Widen } from '../widen.js';

/** English texts of /companion (issue 49). */
export const en_US = {
  companion: {
    title: 'AI companion',
    unavailable_title: 'Not available here',
    unavailable_text:
      'The AI companion is not available on this service. If you need someone to talk to now, please reach out to a crisis line or someone you trust.',
    notice_title: 'Before you start',
    notice_ok: 'I understand',
    empty: 'Say what is on your mind. The companion answers as it writes.',
    privacy: 'Only you can read your conversations. They are deleted after {{days}} days, or when you delete them.',
    placeholder: 'Write a message',
    send: 'Send',
    you: 'You',
    companion: 'Companion',
    writing: 'Writing…',
    new_conversation: 'New conversation',
    delete: 'Delete this conversation',
    delete_all: 'Delete all conversations',
    delete_title: 'Delete this conversation?',
    delete_text: 'Its messages are deleted at once and cannot be brought back.',
    delete_all_title: 'Delete all conversations?',
    delete_all_text: 'Every conversation and all its messages are deleted at once and cannot be brought back.',
    delete_confirm: 'Delete',
    deleted_ok: 'Deleted',
    retry: 'Retry',
    unanswered: 'This message has no answer yet. Your message is kept: try again.',
    interrupted: 'The answer stopped before it was finished. Your message is kept: try again.',
    allowance: '{{left}} of {{daily}} messages left today',
    allowance_spent: 'You have used all {{daily}} of today’s messages. You can talk again tomorrow.',
    crisis_title: 'You are not alone',
    crisis_call: 'Call {{phone}}',
    crisis_visit: 'Open website',
    crisis_country: 'Your country',
    crisis_country_choose: 'Choose your country',
    load_failed: 'The conversation could not be loaded',
    more: 'More',
  },
} as const;

export type CompanionMessages = Widen<typeof en_US>;
