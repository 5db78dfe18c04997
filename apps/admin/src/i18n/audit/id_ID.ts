import type { AuditMessages } from './en_US';

export const id_ID: AuditMessages = {
  audit: {
    title: 'Log audit',
    lead: 'Setiap perubahan yang dibuat operator, terbaru di atas. Catatan tidak pernah diubah atau dihapus.',
    time: 'Waktu',
    operator: 'Operator',
    operator_placeholder: 'alamat 0x…',
    action: 'Tindakan',
    action_placeholder: 'mis. feedback.reply',
    subject_type: 'Jenis subjek',
    subject_type_placeholder: 'mis. feedback',
    subject_id: 'Id subjek',
    subject: 'Subjek',
    view: 'Lihat',
    view_entry: 'Lihat catatan {{id}}',
    detail_title: 'Catatan {{id}}',
    before: 'Sebelum',
    after: 'Sesudah',
    detail: 'Rincian',
    nothing: '(tidak ada)',
  },
};
