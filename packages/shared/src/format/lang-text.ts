interface LangLine {
  /** The tag before ':::', or null for a plain-text line. */
  tag: string | null;
  text: string;
}

/** 'zh-CN', 'ZH_cn' → 'zh_cn', so both tag spellings compare equal. */
function normalizeTag(tag: string): string {
  return tag.trim().replace(/-/g, '_').toLowerCase();
}

function primarySubtag(normalizedTag: string): string {
  return normalizedTag.split('_')[0] ?? '';
}

// A tag is a language code ('en', 'zh_CN', 'zh-Hant'): a line that starts with one and ':::' opens
// that language's text; any other line, blank ones included, continues the text above it.
const TAGGED_LINE = /^\s*([A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{2,8})?):::(.*)$/;

/** The value as blocks: an untagged block first (if any text precedes the first tag), then one per tag. */
function parseBlocks(value: string): LangLine[] {
  const blocks: { tag: string | null; lines: string[] }[] = [];
  for (const line of value.split(/\r?\n/)) {
    const tagged = TAGGED_LINE.exec(line);
    if (tagged) blocks.push({ tag: tagged[1]!, lines: [tagged[2]!] });
    else if (blocks.length > 0) blocks.at(-1)!.lines.push(line);
    else blocks.push({ tag: null, lines: [line] });
  }
  return blocks
    .map((b) => ({ tag: b.tag, text: b.lines.join('\n').trim() }))
    .filter((b) => b.tag !== null || b.text !== '');
}

export function langText(value: string | null | undefined, language: string): string {
  if (!value) return '';
  const lines = parseBlocks(value);
  const first = lines[0];
  if (!first) return '';

  const wanted = language.trim();
  if (wanted !== '') {
    const tagged = lines.filter((line): line is LangLine & { tag: string } => line.tag !== null);
    const wantedNormalized = normalizeTag(wanted);
    const wantedPrimary = primarySubtag(wantedNormalized);
    const match =
      tagged.find((line) => line.tag === wanted) ??
      tagged.find((line) => normalizeTag(line.tag) === wantedNormalized) ??
      tagged.find((line) => normalizeTag(line.tag) === wantedPrimary) ??
      tagged.find((line) => primarySubtag(normalizeTag(line.tag)) === wantedPrimary);
    if (match) return match.text;
  }
  return first.text;
}

/**
 * The texts of a value as langText reads them, one per language (tag null: text before any tag), so
 * an editor can tell a value that shows nothing in some language before anyone reads it.
 */
export function langTextParts(value: string): { tag: string | null; text: string }[] {
  return parseBlocks(value);
}

/** The five languages an editor offers for a `lang:::text` value, the first being the fallback of the others. */
export const langTextLanguages = ['en_US', 'zh_CN', 'ko_KR', 'ja_JP', 'id_ID'] as const;
export type LangTextLanguage = (typeof langTextLanguages)[number];
export type LangTextFields = Record<LangTextLanguage, string>;

/** A value taken apart for editing: one text per language, and what names no language of ours (kept as it was). */
export type LangTextEdit = { fields: LangTextFields; others: { tag: string | null; text: string }[] };

export function emptyLangTextFields(): LangTextFields {
  return { en_US: '', zh_CN: '', ko_KR: '', ja_JP: '', id_ID: '' };
}

/**
 * A value as five fields: each tag goes to its language ('en', 'en-US' and 'en_US' alike; an exact
 * tag before a looser one). Untagged text (a value written before languages, like a brand) is the
 * value's fallback, so it becomes the first language's text when that has none.
 */
export function parseLangTextFields(value: string): LangTextEdit {
  const fields = emptyLangTextFields();
  const taken = new Set<LangTextLanguage>();
  const others: LangTextEdit['others'] = [];
  const blocks = parseBlocks(value);
  const languageOf = (tag: string, exact: boolean): LangTextLanguage | undefined => {
    const normalized = normalizeTag(tag);
    return langTextLanguages.find(
      (language) =>
        !taken.has(language) &&
        (exact
          ? normalizeTag(language) === normalized
          : primarySubtag(normalizeTag(language)) === primarySubtag(normalized)),
    );
  };
  const placed = new Set<number>();
  for (const exact of [true, false]) {
    blocks.forEach((block, index) => {
      if (block.tag === null || placed.has(index)) return;
      const language = languageOf(block.tag, exact);
      if (!language) return;
      fields[language] = block.text;
      taken.add(language);
      placed.add(index);
    });
  }
  blocks.forEach((block, index) => {
    if (placed.has(index)) return;
    if (block.tag === null && !taken.has(langTextLanguages[0])) {
      fields[langTextLanguages[0]] = block.text;
      taken.add(langTextLanguages[0]);
    } else others.push(block);
  });
  return { fields, others };
}

/**
 * Five fields as one value: a line per language that has text, English first (the fallback of a
 * language left empty), then the kept others; '' when every field is empty. Line breaks inside a
 * text are kept (a Markdown body spans lines).
 */
export function buildLangText(fields: Partial<LangTextFields>, others: LangTextEdit['others'] = []): string {
  const parts = [
    ...langTextLanguages.map((language) => ({
      tag: language as string | null,
      text: (fields[language] ?? '').replace(/\r\n?/g, '\n').trim(),
    })),
    ...others,
  ];
  return parts
    .filter((part) => part.text !== '' && part.tag !== null)
    .map((part) => `${part.tag}:::${part.text}`)
    .join('\n');
}

/** The first line of a text that would open another language if saved ('zh:::…' at a line's start), or null. */
export function taggedLineIn(text: string): string | null {
  return text.split(/\r?\n/).find((line) => TAGGED_LINE.test(line)) ?? null;
}
