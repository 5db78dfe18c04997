import type { CollegeMessages } from './en_US.js';

export const ja_JP: CollegeMessages = {
  college: {
    lead: 'WALLXの使い方と毎日の心の健康について学べる短い動画講座です。',
    courses: '講座',
    empty: 'まだ講座はありません',
    empty_text: '新しい講座が公開されると、ここに表示されます。',
    duration: '再生時間 {{time}}',
    lock: {
      region: '対象地域外',
      miner: 'マイナー保有者限定',
    },
    watched: '{{duration}} 中 {{time}} 視聴済み',
    finished: '視聴済み',
    course_failed: '講座を読み込めませんでした',
    about: '講座について',
    resumes_at: '{{time}} から再開します',
    not_found_text: 'この講座は削除された可能性があります。アカデミーでほかの講座を選んでください。',
    to_college: 'すべての講座',
    unmet: '満たしていない条件',
    why: {
      region:
        'この講座は、既定の配送先住所が特定の地域にあるアカウントに公開されています。あなたの既定の住所は対象外です（または既定の住所がありません）。',
      miner: 'この講座はマイナー保有者向けです。マイニング中のマイナー、または未使用のマイナー注文が必要です。',
    },
    fix: {
      region: '対象地域の住所を既定の配送先に設定する',
      miner: 'マイナーを入手する',
    },
  },
};
