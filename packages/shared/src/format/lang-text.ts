interface LangLine {
  /** The tag before ':::', or null for a plain-text line. */
  tag: string | null;
  text: string;
}

const separator = ':::';

/** 'zh-CN', 'ZH_cn' → 'zh_cn', so both tag spellings compare equal. */
function normalizeTag(tag: string): string {
  return tag.trim().replace(/-/g, '_').toLowerCase();
}

function primarySubtag(normalizedTag: string): string {
  return normalizedTag.split('_')[0] ?? '';
}

function parseLine(line: string): LangLine {
  const at = line.indexOf(separator);
  if (at < 0) return { tag: null, text: line.trim() };
  // Only the first ':::' separates; the text may contain more of them.
  return { tag: line.slice(0, at).trim(), text: line.slice(at + separator.length).trim() };
}

/**
 * Picks one language out of multi-language text, one 'lang:::text' line per language, e.g.
 * 'zh_CN:::你好\nen_US:::Hello'. For `language` 'zh_CN' the line is chosen by, in order:
 *   1. the exact tag 'zh_CN';
 *   2. the same tag spelled differently ('zh-CN', 'zh_cn');
 *   3. the bare primary subtag 'zh';
 *   4. any other tag with that primary subtag ('zh_TW');
 * and otherwise the first line. Lines without ':::' are plain text: they only serve as that
 * first-line fallback. A value with no ':::' at all is plain text and is returned trimmed.
 * Blank lines are ignored.
 */
export function langText(value: string | null | undefined, language: string): string {
  if (!value) return '';
  if (!value.includes(separator)) return value.trim();

  const lines = value
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '')
    .map(parseLine);
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
