import type { Widen } from '@wallx/shared/i18n/widen';

/** English texts of the console's operators section. */
export const en_US = {
  operators: {
    title: 'Operators',
    lead: 'Who may use this console, and with which role. Operators named in the server configuration are listed read-only; change them there.',
    add_title: 'Add an operator',
    address: 'Address',
    address_invalid: 'Enter a 0x address of 40 hex characters.',
    role: 'Role',
    role_of: 'Role of {{address}}',
    add: 'Add',
    added: '{{address}} was added as {{role}}.',
    person: 'Same person as',
    person_none: 'Nobody listed (another person)',
    person_hint: 'A second wallet of someone already an operator: neither wallet may then act on the other’s account.',
    person_of: 'same person as {{address}}',
    source: 'Named by',
    source_config: 'Configuration',
    source_console: 'Console',
    state: 'State',
    active: 'Active',
    disabled: 'Disabled',
    added_at: 'Added',
    you: 'you',
    read_only: 'Read-only',
    self_locked: 'Your own role',
    disable: 'Disable',
    enable: 'Enable',
    disable_of: 'Disable {{address}}',
    enable_of: 'Enable {{address}}',
  },
} as const;

export type OperatorsMessages = Widen<typeof en_US>;
