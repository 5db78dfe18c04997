/*
 * Our own crisis check (issue 49, decision 156): run on every message before the model is called and
 * whatever it answers. Phrase lists per language, matched on a normalised text: NFKC (full-width
 * letters and digits become ASCII), lower case, curly quotes straightened, runs of spaces made one;
 * Chinese, Japanese and Korean are matched with every space removed, since people space them freely.
 * Every list is checked whatever the user's language: people write in more than one.
 * A false alarm shows a crisis line to someone who did not need it; a miss hides it from someone who
 * did. The lists lean to the first, but leave out the figures of speech each language is full of
 * ("this traffic is killing me", 笑死, 死机, 死ぬほど, 배고파 죽겠다, mati gaya).
 */

/** Matched on the lower-cased text with single spaces (English, Indonesian). */
const spaced: RegExp[] = [
  // English
  /\b(kill|killing|hurt|hurting|harm|harming) (myself|my self)\b/,
  // "I cut myself a slice of cake", "cut myself off", "cut myself some slack" are not.
  /\b(cut|cutting) (myself|my self)\b(?! (a|an|some|off|out|short|loose|free|in)\b)/,
  /\bsuicid(e|al)\b(?! squad)/,
  /\b(end|ending|take|taking) (my|my own) life\b/,
  /\b(want|wanna|going|gonna|wish i could|ready) (to )?die\b/,
  /\bwant to be dead\b/,
  /\b(don't|do not|dont) want to (live|be alive|wake up)\b/,
  /\bbetter off dead\b/,
  /\bno (reason|point) (to|in) (live|living|go on|going on)\b/,
  /\bself[- ]?harm/,
  /\boverdos(e|ing) on purpose\b/,
  // Indonesian
  /\bbunuh diri\b/,
  /\b(ingin|pengen|pengin|mau|aku mau|ingin sekali) mati\b(?! (ketawa|gaya|lampu|listrik|kutu|rasa))/,
  /\bmengakhiri hidup/,
  /\b(menyakiti|melukai|menyayat) diri/,
  /\b(tidak|tak|gak|nggak|ga|enggak) (ingin|mau|pengen) hidup lagi\b/,
  /\blebih baik (aku |saya )?mati\b/,
];

/** Matched on the lower-cased text with every space removed (Chinese, Japanese, Korean). */
const compact: RegExp[] = [
  // Chinese (simplified and traditional)
  /自杀|自殺|轻生|輕生|寻死|尋死|自残|自殘|割腕/,
  /想死(?![你您他她])|想去死|不想活|活不下去|活着没意思|活著沒意思|结束(自己的)?生命|結束(自己的)?生命/,
  /伤害自己|傷害自己|跳楼|跳樓|了结自己|了結自己/,
  // Japanese
  /死にたい|自殺|消えたい|生きていたくない|生きたくない|自傷|リスカ|リストカット|首を(吊|つ)|飛び降り(たい|よう|る)/,
  // Korean
  /자살|죽고싶|죽고만싶|살고싶지않|자해|목숨을끊|극단적(인)?선택|뛰어내리고싶|사라지고싶/,
];

function normalise(text: string): { spacedText: string; compactText: string } {
  const lowered = text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u2018\u2019\u02bc]/g, "'");
  return { spacedText: lowered.replace(/\s+/g, ' ').trim(), compactText: lowered.replace(/\s+/g, '') };
}

/** True when the message speaks of self-harm or suicide in any of the five languages. */
export function speaksOfCrisis(text: string): boolean {
  const { spacedText, compactText } = normalise(text);
  return spaced.some((pattern) => pattern.test(spacedText)) || compact.some((pattern) => pattern.test(compactText));
}
