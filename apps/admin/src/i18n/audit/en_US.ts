import type { Widen } from '@wallx/shared/i18n/widen';

/** English texts of the console's audit section. */
export const en_US = {
  audit: {
    title: 'Audit log',
    lead: 'Every change an operator makes, newest first. Entries are never edited or deleted.',
    time: 'Time',
    operator: 'Operator',
    operator_placeholder: '0x… address',
    action: 'Action',
    action_placeholder: 'e.g. feedback.reply',
    subject_type: 'Subject type',
    subject_type_placeholder: 'e.g. feedback',
    subject_id: 'Subject id',
    subject: 'Subject',
    view: 'View',
    view_entry: 'View entry {{id}}',
    detail_title: 'Entry {{id}}',
    before: 'Before',
    after: 'After',
    detail: 'Detail',
    nothing: '(none)',
  },
} as const;

export type AuditMessages = Widen<typeof en_US>;
