import type { Widen } from '@wallx/shared/i18n/widen';

/** English texts of the console's AI companion page (issue 49). */
export const en_US = {
  companion: {
    title: 'AI companion',
    lead: 'How much the companion is used, how often the model failed and what it cost, per day. No operator ever sees a word of a conversation.',
    status_title: 'Today',
    not_configured:
      'No model is configured on this server (COMPANION_API_URL and COMPANION_MODEL): users are told the companion is not available here.',
    model: 'Model',
    model_none: 'none',
    conversations: 'Conversations kept',
    spent_today: 'Tokens spent on {{day}}',
    spent_of: '{{spent}} of {{budget}} ({{share}} %)',
    estimated_note:
      'Part of today’s tokens are estimated (about four characters a token): the model server did not report its usage.',
    days_lead:
      'Days in {{zone}}. A day’s counts are shown only when at least {{min}} people wrote to the companion; its tokens always are.',
    range_from: 'From',
    range_to: 'To',
    show: 'Show',
    days_title: 'Per day',
    day: 'Day',
    messages: 'Messages',
    answers: 'Answers',
    errors: 'Model errors',
    crisis: 'Crisis lines shown',
    tokens: 'Tokens',
    tokens_estimated: '({{tokens}} estimated)',
    of_budget: 'Of the daily budget',
    fewer_than: 'fewer than {{min}} people',
    settings_title: 'Allowance and budget',
    settings_lead:
      'They bound what the companion costs and move no one’s money: a finance operator or an admin changes them, in force at once, with a row in the audit log.',
    settings_defaults: 'The deployment’s defaults apply: no operator has changed them.',
    settings_changed: 'Version {{version}}, changed by {{operator}} at {{time}}.',
    read_only: 'Your role ({{role}}) can read these settings but not change them.',
    daily_messages: 'Messages per user per day',
    daily_messages_hint: 'Between 0 and 10,000. 0 pauses the companion for everyone.',
    daily_token_budget: 'Tokens per day, all users together',
    daily_token_budget_hint: 'Prompt and answer tokens. Once spent, new messages are refused until the next day.',
    save: 'Save',
    saved: 'Saved. In force now.',
    reload: 'Load the newer values',
  },
} as const;

export type CompanionMessages = Widen<typeof en_US>;
