import type { Widen } from '../widen.js';

/**
 * English texts of the installed app's notices (apps/web/src/app/pwa-notice.tsx): they come in the
 * notice's own chunk, all five languages, so that they show offline too.
 */
export const en_US = {
  pwa: {
    offline: 'You are offline: what you see may be out of date.',
    update_ready: 'A new version is ready.',
    update_reload: 'Reload',
    dismiss: 'Not now',
  },
} as const;

export type PwaMessages = Widen<typeof en_US>;
