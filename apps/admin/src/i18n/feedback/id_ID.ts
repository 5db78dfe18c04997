import type { FeedbackMessages } from './en_US';

export const id_ID: FeedbackMessages = {
  feedback: {
    title: 'Masukan',
    lead: 'Pesan yang dikirim pengguna dari aplikasi. Balasan langsung tampil di halaman masukan pengguna.',
    status: 'Status',
    status_all: 'Semua',
    status_open: 'Terbuka',
    status_replied: 'Dibalas',
    received: 'Diterima',
    user: 'Pengguna',
    subject: 'Judul',
    replied_by: 'Dibalas oleh',
    open_message: 'Baca “{{title}}”',
    message: 'Pesan',
    reply: 'Balasan',
    reply_hint: 'Paling banyak {{max}} karakter. Pengguna membacanya di aplikasi.',
    reply_required: 'Tulis balasan terlebih dahulu.',
    reply_too_long: 'Paling banyak {{max}} karakter.',
    send_reply: 'Kirim balasan',
    sending: 'Mengirim…',
    replied_at: 'Dibalas {{time}} oleh {{operator}}',
    sent: 'Balasan terkirim.',
    cannot_reply: 'Peran Anda ({{role}}) dapat membaca masukan tetapi tidak dapat membalas.',
    pick: 'Pilih pesan di tabel untuk membaca dan membalasnya.',
  },
};
