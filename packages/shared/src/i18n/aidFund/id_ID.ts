import type { AidFundMessages } from './en_US.js';

export const id_ID: AidFundMessages = {
  aidFund: {
    title: 'Dana bantuan kesehatan mental',
    intro:
      'Sebagian dari setiap distribusi staking dan setiap donasi masuk ke dana ini; dua operator keuangan menyetujui setiap hibah kepada organisasi mitra, dibayar on-chain.',
    balance: 'Saldo dana',
    totals: 'Masuk dan keluar',
    donations_in: 'Donasi',
    shares_in: 'Bagian dari pool',
    granted_out: 'Hibah dibayar',
    granting: 'Sedang dibayar',
    partners: 'Organisasi mitra',
    no_partners: 'Belum ada mitra',
    website: 'Situs web',
    latest_donations: 'Donasi terbaru',
    no_donations: 'Belum ada donasi',
    anonymous: 'Anonim',
    grants: 'Hibah dibayar',
    no_grants: 'Belum ada hibah dibayar',
    load_failed: 'Gagal memuat dana bantuan',
    donate: 'Donasi',
    donate_title: 'Donasi ke dana bantuan',
    amount_placeholder: 'Jumlah donasi',
    amount_required: 'Masukkan jumlah',
    amount_invalid: 'Masukkan jumlah di atas nol dengan maksimal 18 desimal',
    show_me: 'Tampilkan alamat pendek saya pada donasi',
    note: 'Donasi langsung keluar dari saldo Anda dan tidak dapat dibatalkan.',
    donating: 'Mendonasikan…',
    donated_ok: 'Terima kasih atas donasi Anda',
    guest_prompt: 'Hubungkan dompet Anda untuk berdonasi.',
  },
};
