import type { Language } from '../i18n/languages.js';

/** The longest message a user may send the companion, in characters once trimmed. */
export const COMPANION_MESSAGE_MAX = 2000;

/** Who wrote a message of a conversation. */
export const companionRoles = ['user', 'assistant'] as const;
export type CompanionRole = (typeof companionRoles)[number];

/** The stream's events, in the order they may come (decision 154): `crisis` is always first when sent. */
export const companionStreamEvents = ['crisis', 'accepted', 'delta', 'done', 'error'] as const;
export type CompanionStreamEvent = (typeof companionStreamEvents)[number];

/**
 * What the companion is, said once and plainly (ECOSYSTEM.md): the app shows it before the first
 * message and tells the server it was shown.
 */
export const companionNotice: Record<Language, string> = {
  en_US:
    'This is an AI companion, not a therapist or a doctor. It listens and can help you think things through, but it can be wrong, it does not diagnose and it gives no medication advice. If you are in danger or thinking of harming yourself, call your local crisis line or emergency number now.',
  zh_CN:
    '这是一个 AI 陪伴，不是心理治疗师或医生。它会倾听，也能帮你理清思路，但它可能出错，不做诊断，也不提供用药建议。如果你正处于危险中或有伤害自己的想法，请立即拨打当地的心理危机热线或紧急电话。',
  ja_JP:
    'これは AI コンパニオンであり、セラピストや医師ではありません。話を聞き、考えを整理する手助けはできますが、間違えることもあり、診断や薬についての助言はしません。危険な状況にある、または自分を傷つけることを考えているときは、今すぐ地域の相談窓口か緊急番号に電話してください。',
  ko_KR:
    '이것은 AI 동반자이며 치료사나 의사가 아닙니다. 이야기를 듣고 생각을 정리하도록 도울 수 있지만 틀릴 수 있고, 진단하지 않으며 약에 대한 조언도 하지 않습니다. 위험한 상황이거나 스스로를 해칠 생각이 든다면 지금 바로 지역 위기 상담 전화나 긴급 번호로 연락하세요.',
  id_ID:
    'Ini adalah pendamping AI, bukan terapis atau dokter. Ia mendengarkan dan dapat membantu Anda memikirkan sesuatu, tetapi ia bisa salah, tidak mendiagnosis, dan tidak memberi saran obat. Jika Anda dalam bahaya atau berpikir untuk menyakiti diri sendiri, segera hubungi layanan krisis atau nomor darurat setempat.',
};

/** Shown above the answer when our own check finds a message speaks of self-harm or suicide. */
export const companionCrisisNotice: Record<Language, string> = {
  en_US:
    'It sounds like you are going through something very painful. You do not have to face it alone: please reach out to a crisis line now. If you are in immediate danger, call your local emergency number.',
  zh_CN:
    '听起来你正在经历非常痛苦的事情。你不必独自面对：请现在就联系心理危机热线。如果你处于紧急危险中，请拨打当地的紧急电话。',
  ja_JP:
    'とてもつらい思いをしているようですね。ひとりで抱え込まなくて大丈夫です。今すぐ相談窓口に連絡してください。差し迫った危険があるときは、地域の緊急番号に電話してください。',
  ko_KR:
    '지금 무척 힘든 일을 겪고 있는 것 같아요. 혼자 견디지 않아도 됩니다. 지금 바로 위기 상담 전화에 연락하세요. 당장 위험하다면 지역 긴급 번호로 전화하세요.',
  id_ID:
    'Sepertinya Anda sedang mengalami sesuatu yang sangat berat. Anda tidak harus menghadapinya sendirian: hubungi layanan krisis sekarang. Jika Anda dalam bahaya langsung, hubungi nomor darurat setempat.',
};
