import type { AidFundMessages } from './en_US.js';

export const ja_JP: AidFundMessages = {
  aidFund: {
    title: 'メンタルヘルス支援基金',
    intro:
      'ステーキング分配の一部とすべての寄付がこの基金に入ります。提携団体への助成は財務担当者2名が承認し、オンチェーンで支払われます。',
    balance: '基金の残高',
    totals: '収支',
    donations_in: '寄付',
    shares_in: 'プールからの分配',
    granted_out: '支払済みの助成',
    granting: '支払い中',
    partners: '提携団体',
    no_partners: '提携団体はまだありません',
    website: 'ウェブサイト',
    latest_donations: '最新の寄付',
    no_donations: '寄付はまだありません',
    anonymous: '匿名',
    grants: '支払済みの助成',
    no_grants: '支払済みの助成はまだありません',
    load_failed: '支援基金を読み込めませんでした',
    donate: '寄付する',
    donate_title: '支援基金に寄付',
    amount_placeholder: '寄付する数量',
    amount_required: '数量を入力してください',
    amount_invalid: '0より大きく小数18桁までの数量を入力してください',
    show_me: '寄付に自分の短縮アドレスを表示する',
    note: '寄付は残高からすぐに引かれ、取り消せません。',
    donating: '寄付中…',
    donated_ok: 'ご寄付ありがとうございます',
    guest_prompt: '寄付するにはウォレットを接続してください。',
  },
};
