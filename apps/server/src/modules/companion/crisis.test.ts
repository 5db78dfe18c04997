import { describe, expect, it } from 'vitest';
import { speaksOfCrisis } from './crisis.js';

/** Messages that speak of self-harm or suicide: each must put the crisis line first. */
const crisis: Record<string, string[]> = {
  en: [
    'I want to kill myself',
    "I've been thinking about suicide",
    'i feel suicidal tonight',
    'I just want to die',
    'I wanna die',
    "I don't want to live anymore",
    'I don’t want to be alive',
    'everyone would be better off dead without me, I would be better off dead',
    'I keep hurting myself',
    'I started cutting myself again',
    'I want to end my life',
    'thinking of taking my own life',
    'there is no reason to live',
    'self-harm is the only thing that helps',
    'ＩＷＡＮＴ　ＴＯ　ＤＩＥ'.replace('ＩＷＡＮＴ', 'Ｉ ＷＡＮＴ'),
  ],
  zh: [
    '我想自杀',
    '我真的想死',
    '我想死了',
    '我不想活了',
    '活不下去了',
    '我想结束自己的生命',
    '昨天又割腕了',
    '我想跳楼',
    '我一直在伤害自己',
    '我想 自 杀',
    '我不想活著了，想輕生',
  ],
  ja: [
    '死にたい',
    'もう死にたいです',
    '自殺を考えている',
    '消えたい',
    'もう生きていたくない',
    'リストカットしてしまった',
    '飛び降りたい',
  ],
  ko: [
    '죽고 싶어',
    '요즘 정말 죽고싶다',
    '자살하고 싶어요',
    '더 이상 살고 싶지 않아',
    '자해를 했어',
    '목숨을 끊고 싶다',
    '극단적 선택을 생각해',
  ],
  id: [
    'aku ingin bunuh diri',
    'saya pengen mati aja',
    'aku ingin mati',
    'aku ingin mengakhiri hidupku',
    'aku sering menyakiti diri sendiri',
    'aku gak mau hidup lagi',
    'lebih baik aku mati',
    'BUNUH   DIRI',
  ],
};

/** Everyday figures of speech and plain talk that must not trigger it. */
const harmless: Record<string, string[]> = {
  en: [
    'this traffic is killing me',
    "I'd die for a coffee right now",
    'I nearly died laughing',
    'my phone battery died',
    'we watched Suicide Squad last night',
    'she killed it at work today',
    'I am dying to see the new movie',
    'I cut myself a slice of cake',
    'I feel tired but okay',
  ],
  zh: ['我的电脑又死机了', '笑死我了', '累死了', '饿死了', '想死你了', '热死了', '今天好开心', '死锁的问题解决了'],
  ja: ['死ぬほど美味しい', '笑い死にしそう', '疲れて死にそう', '暑くて死ぬ', '今日は楽しかった', '死角に入った'],
  ko: ['배고파 죽겠어', '웃겨 죽겠다', '더워 죽겠네', '보고 싶어 죽겠어', '오늘 기분이 좋아', '피곤해 죽을 것 같아'],
  id: [
    'macet ini bikin mati gaya',
    'capek setengah mati',
    'mati lampu lagi di rumah',
    'aku mau mati ketawa lihat videonya',
    'pengen mati rasa aja dari kemarin',
    'hari ini menyenangkan',
  ],
};

describe('our own crisis check', () => {
  for (const [language, phrases] of Object.entries(crisis)) {
    it(`flags what speaks of self-harm or suicide (${language})`, () => {
      expect(phrases.filter((phrase) => !speaksOfCrisis(phrase))).toEqual([]);
    });
  }
  for (const [language, phrases] of Object.entries(harmless)) {
    it(`leaves figures of speech alone (${language})`, () => {
      expect(phrases.filter((phrase) => speaksOfCrisis(phrase))).toEqual([]);
    });
  }
});
