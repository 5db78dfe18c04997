import type { ContentMessages } from './en_US.js';

export const id_ID: ContentMessages = {
  content: {
    articles_lead: 'Perjanjian kami, cara kami menangani data Anda, dan jawaban atas pertanyaan umum.',
    articles_failed: 'Artikel tidak dapat dimuat',
    articles_empty: 'Belum ada artikel',
    articles_empty_text: 'Perjanjian dan halaman bantuan akan muncul di sini.',
    updated: 'Diperbarui {{date}}',
    article_failed: 'Artikel ini tidak dapat dimuat',
    not_found: 'Artikel tidak ditemukan',
    not_found_text: 'Tautannya mungkin sudah kedaluwarsa, atau artikelnya telah dihapus.',
    all_articles: 'Lihat semua artikel',
    ecology_lead: 'Cara WALLX memberi imbalan bagi yang merawat pikirannya, dan letak setiap bagiannya di aplikasi.',
    ecology_failed: 'Halaman ekosistem tidak dapat dimuat',
    ecology_empty: 'Belum ada isi',
    ecology_empty_text: 'Bagian-bagian ekosistem WALLX akan diperkenalkan di sini.',
    open: 'Buka',
  },
};
