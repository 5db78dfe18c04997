/** How many characters a free text (a reason, a reply, a note) may have once trimmed. */
export type LengthRule = { min: number; max: number };

/**
 * The server's length rule on a free text, for the forms to check first: what is wrong with it
 * (counted on the trimmed text), or null when it passes.
 */
export function lengthProblem(text: string, rule: LengthRule): 'too_short' | 'too_long' | null {
  const length = text.trim().length;
  if (length < rule.min) return 'too_short';
  if (length > rule.max) return 'too_long';
  return null;
}
