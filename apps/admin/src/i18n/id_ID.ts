import type { Widen } from '@wallx/shared/i18n/widen';
import type { AdminMessages } from './en_US';
import { id_ID as audit } from './audit/id_ID';
import { id_ID as catalog } from './catalog/id_ID';
import { id_ID as content } from './content/id_ID';
import { id_ID as dashboard } from './dashboard/id_ID';
import { id_ID as feedback } from './feedback/id_ID';
import { id_ID as markets } from './markets/id_ID';
import { id_ID as money } from './money/id_ID';
import { id_ID as operators } from './operators/id_ID';
import { id_ID as shipping } from './shipping/id_ID';
import { id_ID as users } from './users/id_ID';
import { id_ID as wellbeing } from './wellbeing/id_ID';
import { id_ID as companion } from './companion/id_ID';
import { id_ID as staking } from './staking/id_ID';
import { id_ID as aidFund } from './aid-fund/id_ID';

export const id_ID: Widen<AdminMessages> = {
  app: {
    name: 'Konsol WALLX',
    skip_to_content: 'Langsung ke konten',
    language: 'Bahasa',
    not_found: 'Halaman ini tidak ada.',
    back_home: 'Kembali ke dasbor',
  },
  errors: {
    network: 'Server tidak dapat dihubungi. Periksa koneksi lalu coba lagi.',
    timeout: 'Server terlalu lama menjawab. Coba lagi.',
    internal: 'Terjadi kesalahan di server. Coba lagi nanti.',
    retry: 'Coba lagi',
  },
  auth: {
    title: 'Masuk operator',
    lead: 'Masuk dengan dompet dari alamat operator. Dompet Anda meminta tanda tangan atas sebuah pesan; tidak ada yang dikirim ke chain dan tidak ada biaya.',
    sign_in: 'Masuk dengan dompet',
    signing_in: 'Menunggu dompet…',
    no_wallet: 'Tidak ada dompet di peramban ini. Pasang ekstensi dompet (seperti MetaMask) lalu muat ulang halaman.',
    no_account: 'Dompet tidak memberikan akun untuk menandatangani.',
    rejected: 'Tanda tangan ditolak di dompet.',
    wallet_failed: 'Dompet tidak dapat menandatangani: {{message}}',
    expired: 'Sesi Anda berakhir. Masuk lagi untuk melanjutkan.',
    logged_out: 'Anda sudah keluar.',
    session_note: 'Sesi berlangsung singkat dan berakhir saat tab ini ditutup.',
    log_out: 'Keluar',
    operator: 'Masuk sebagai',
  },
  roles: {
    viewer: 'Peninjau',
    support: 'Dukungan',
    finance: 'Keuangan',
    admin: 'Admin',
  },
  nav: {
    label: 'Bagian konsol',
    dashboard: 'Dasbor',
    users: 'Pengguna',
    catalog: 'Katalog',
    money: 'Dana',
    markets: 'Pasar',
    shipping: 'Pengiriman',
    content: 'Konten',
    wellbeing: 'Kesejahteraan',
    companion: 'Pendamping AI',
    staking: 'Pool staking',
    aid_fund: 'Dana bantuan',
    feedback: 'Masukan',
    audit: 'Log audit',
    operators: 'Operator',
  },
  table: {
    load_more: 'Muat lebih banyak',
    loading: 'Memuat…',
    end: 'Tidak ada baris lagi.',
    empty: 'Tidak ada yang cocok dengan filter ini.',
    export_csv: 'Ekspor CSV',
    export_hint: 'Mengekspor {{count}} baris yang ditampilkan, dengan filter saat ini.',
    rows_one: '{{count}} baris ditampilkan',
    rows_other: '{{count}} baris ditampilkan',
    filters: 'Filter',
    apply: 'Terapkan',
    clear: 'Hapus',
    close: 'Tutup',
  },
  ...audit,
  ...catalog,
  ...feedback,
  ...money,
  ...dashboard,
  ...markets,
  ...operators,
  ...shipping,
  ...content,
  ...users,
  ...wellbeing,
  ...companion,
  ...staking,
  ...aidFund,
};
