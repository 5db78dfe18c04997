import type { SessionsMessages } from './en_US.js';

export const id_ID: SessionsMessages = {
  sessions: {
    title: 'Sesi login',
    text: 'Setiap perangkat tempat dompet ini login. Akhiri yang tidak Anda kenali.',
    current: 'Perangkat ini',
    end: 'Akhiri',
    end_others: 'Akhiri semua sesi lain',
    ended: 'Sesi diakhiri',
    others_ended: 'Sesi lain telah diakhiri',
    unknown_device: 'Perangkat tidak dikenal',
    last_used: 'Terakhir dipakai {{time}}',
    signed_in: 'Login {{time}}',
    failed: 'Sesi Anda tidak dapat dimuat',
  },
};
