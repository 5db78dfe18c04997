import type { NoticesMessages } from './en_US.js';

export const id_ID: NoticesMessages = {
  notices: {
    title: 'Notifikasi',
    unread: 'Notifikasi, {{count}} belum dibaca',
    list: 'Notifikasi saya',
    empty: 'Belum ada notifikasi',
    empty_text: 'Kabar tentang pesanan, deposit, penarikan, miner, dan paket Anda muncul di sini.',
    new: 'Baru',
    order: {
      filled_mtrade: 'Miner {{miner_no}} Anda terjual seharga {{amount}} {{asset}}',
      filled_c2c: 'Pesanan WALLX Anda terjual seharga {{amount}} {{asset}}',
      expired_mtrade: 'Penawaran miner {{miner_no}} Anda kedaluwarsa',
      expired_c2c: 'Pesanan WALLX Anda kedaluwarsa',
      cancelled_mtrade: 'Penawaran miner {{miner_no}} Anda dibatalkan',
      cancelled_c2c: 'Pesanan WALLX Anda dibatalkan',
      by_operator: 'Pesanan dibatalkan oleh operator: {{reason}}',
    },
    deposit: {
      pending: 'Deposit {{amount}} {{asset}} terdeteksi',
      confirming: 'Deposit {{amount}} {{asset}} sedang dikonfirmasi',
      credited: 'Deposit {{amount}} {{asset}} masuk ke saldo',
      failed: 'Deposit {{amount}} {{asset}} gagal di chain',
      invalid: 'Deposit {{amount}} {{asset}} tidak diterima',
    },
    withdrawal: {
      pending_review: 'Penarikan {{amount}} {{asset}} menunggu peninjauan',
      queued: 'Penarikan {{amount}} {{asset}} disetujui',
      broadcast: 'Penarikan {{amount}} {{asset}} dikirim ke chain',
      processing: 'Penarikan {{amount}} {{asset}} sedang diproses',
      completed: 'Penarikan {{amount}} {{asset}} selesai',
      refunded: 'Penarikan {{amount}} {{asset}} dikembalikan ke saldo',
      rejected: 'Penarikan {{amount}} {{asset}} ditolak; jumlahnya kembali ke saldo',
    },
    received_from: 'Menerima {{amount}} {{asset}} dari {{from}}',
    received: 'Menerima {{amount}} {{asset}}',
    miner_received: 'Miner {{miner_no}} diterima dari {{from}}',
    output_ready_one: 'Hasil {{day}} siap: {{amount}} WALLX dari {{count}} miner',
    output_ready_other: 'Hasil {{day}} siap: {{amount}} WALLX dari {{count}} miner',
    shipping: {
      to_ship: 'Pengiriman diminta: miner Anda segera dikirim',
      shipped: 'Paket dikirim',
      pending: 'Siap diambil: tunjukkan kode Anda di titik pengambilan',
      written_off: 'Miner sudah diambil',
    },
    feedback_reply: 'Balasan untuk masukan Anda “{{title}}”',
  },
};
