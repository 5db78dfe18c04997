import type { CompanionMessages } from './en_US';

export const id_ID: CompanionMessages = {
  companion: {
    title: 'Pendamping AI',
    lead: 'Seberapa sering pendamping dipakai, seberapa sering model gagal, dan berapa biayanya, per hari. Tidak ada operator yang pernah melihat satu kata pun dari percakapan.',
    status_title: 'Hari ini',
    not_configured:
      'Tidak ada model yang dikonfigurasi di server ini (COMPANION_API_URL dan COMPANION_MODEL): pengguna diberi tahu bahwa pendamping tidak tersedia di sini.',
    model: 'Model',
    model_none: 'tidak ada',
    conversations: 'Percakapan tersimpan',
    spent_today: 'Token terpakai pada {{day}}',
    spent_of: '{{spent}} dari {{budget}} ({{share}} %)',
    estimated_note:
      'Sebagian token hari ini adalah perkiraan (sekitar empat karakter per token): server model tidak melaporkan pemakaiannya.',
    days_lead:
      'Hari menurut {{zone}}. Jumlah suatu hari hanya ditampilkan jika sedikitnya {{min}} orang menulis ke pendamping; tokennya selalu ditampilkan.',
    range_from: 'Dari',
    range_to: 'Sampai',
    show: 'Tampilkan',
    days_title: 'Per hari',
    day: 'Hari',
    messages: 'Pesan',
    answers: 'Jawaban',
    errors: 'Galat model',
    crisis: 'Layanan krisis ditampilkan',
    tokens: 'Token',
    tokens_estimated: '({{tokens}} perkiraan)',
    of_budget: 'Dari anggaran harian',
    fewer_than: 'kurang dari {{min}} orang',
    settings_title: 'Jatah dan anggaran',
    settings_lead:
      'Keduanya membatasi biaya pendamping dan tidak memindahkan uang siapa pun: operator keuangan atau admin mengubahnya, berlaku seketika, dengan satu baris di log audit.',
    settings_defaults: 'Nilai bawaan deployment berlaku: belum ada operator yang mengubahnya.',
    settings_changed: 'Versi {{version}}, diubah oleh {{operator}} pada {{time}}.',
    read_only: 'Peran Anda ({{role}}) dapat membaca pengaturan ini tetapi tidak dapat mengubahnya.',
    daily_messages: 'Pesan per pengguna per hari',
    daily_messages_hint: 'Antara 0 dan 10.000. 0 menghentikan sementara pendamping untuk semua orang.',
    daily_token_budget: 'Token per hari, semua pengguna bersama',
    daily_token_budget_hint: 'Token prompt dan jawaban. Setelah habis, pesan baru ditolak hingga hari berikutnya.',
    save: 'Simpan',
    saved: 'Tersimpan. Berlaku sekarang.',
    reload: 'Muat nilai yang lebih baru',
  },
};
