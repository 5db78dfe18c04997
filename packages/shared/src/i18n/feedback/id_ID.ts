import type { FeedbackMessages } from './en_US.js';

export const id_ID: FeedbackMessages = {
  feedback: {
    lead: 'Beri tahu kami jika ada masalah atau hal yang Anda inginkan. Tim kami membaca setiap pesan dan membalas di sini.',
    new: 'Kirim masukan',
    title: 'Judul',
    title_placeholder: 'Singkat saja',
    title_required: 'Masukkan judul',
    detail: 'Rincian',
    detail_placeholder: 'Apa yang terjadi, dan apa yang Anda harapkan',
    detail_required: 'Jelaskan masukan Anda',
    too_long: 'Maksimal {{max}} karakter',
    limits: 'Anda dapat mengirim {{hour}} pesan per jam dan {{day}} per hari.',
    send: 'Kirim',
    sending: 'Mengirim…',
    sent: 'Terkirim. Kami akan membalas di sini.',
    mine: 'Masukan saya',
    empty: 'Belum ada masukan',
    empty_text: 'Pesan yang Anda kirim muncul di sini, beserta balasan kami.',
    reply: 'Balasan dari WALLX',
    new_reply: 'Baru',
    status: {
      open: 'Menunggu balasan',
      replied: 'Dibalas',
    },
  },
};
