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
