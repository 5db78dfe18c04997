import type { ParseKeys } from 'i18next';

/** A key of the message catalog (checked against en_US at compile time). */
export type MessageKey = ParseKeys;
