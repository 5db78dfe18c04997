import type { CollegeMessages } from './en_US.js';

export const id_ID: CollegeMessages = {
  college: {
    lead: 'Kursus video singkat tentang cara memakai WALLX dan kesejahteraan mental sehari-hari.',
    courses: 'Kursus',
    empty: 'Belum ada kursus',
    empty_text: 'Kursus baru akan muncul di sini begitu diterbitkan.',
    duration: 'Durasi {{time}}',
    lock: {
      region: 'Di luar wilayah Anda',
      miner: 'Khusus pemilik penambang',
    },
    watched: 'Ditonton {{time}} dari {{duration}}',
    finished: 'Selesai ditonton',
    course_failed: 'Kursus tidak dapat dimuat',
    about: 'Tentang kursus ini',
    resumes_at: 'Dilanjutkan dari {{time}}',
    not_found_text: 'Kursus ini mungkin sudah dihapus. Pilih kursus lain di Akademi.',
    to_college: 'Semua kursus',
    unmet: 'Syarat yang belum terpenuhi',
    why: {
      region:
        'Kursus ini hanya untuk akun yang alamat pengiriman utamanya berada di wilayah tertentu, dan alamat Anda tidak termasuk (atau Anda belum punya alamat utama).',
      miner: 'Kursus ini khusus pemilik penambang: penambang di tambang Anda atau order penambang yang belum dipakai.',
    },
    fix: {
      region: 'Atur alamat utama di wilayah yang diizinkan',
      miner: 'Dapatkan penambang',
    },
  },
};
