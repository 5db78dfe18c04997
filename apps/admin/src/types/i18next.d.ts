import 'i18next';
import type { en_US } from '../i18n/en_US';

// Every t() key is checked against the English catalog, the source of all keys.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en_US };
    returnNull: false;
  }
}
