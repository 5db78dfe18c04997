import type { PwaMessages } from './en_US.js';

export const id_ID: PwaMessages = {
  pwa: {
    offline: 'Anda sedang offline: yang tampil mungkin bukan yang terbaru.',
    update_ready: 'Versi baru sudah siap.',
    update_reload: 'Muat ulang',
    dismiss: 'Nanti',
  },
};
