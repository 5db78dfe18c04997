/**
 * A request field's rule as plain values, read off its zod schema by `derive-rules.ts` and written to
 * `rules.generated.ts`: the browsers check a form with these (no zod in their bundles), and the schema
 * stays the one place the rule is written.
 */
export type FieldRule = {
  /** Counted on the trimmed text. */
  readonly trim?: true;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly pattern?: RegExp;
  /** An enum's values. */
  readonly values?: readonly string[];
  /** A number (typed as text in a form), whole when `integer`, within `min`..`max`. */
  readonly number?: true;
  readonly integer?: true;
  readonly min?: number;
  readonly max?: number;
  /** The request may leave the field out. */
  readonly optional?: true;
};

export type FieldRules = Readonly<Record<string, FieldRule>>;

/** The first thing wrong with a typed value, in the order a reader fixes them: missing, then its form. */
export type FieldProblem = 'required' | 'too_short' | 'too_long' | 'invalid' | 'too_small' | 'too_large';

/** What is wrong with a field's text under its rule, or null when the schema would take it. */
export function fieldProblem(value: string, rule: FieldRule): FieldProblem | null {
  // A number typed as text: spaces around it are no part of it.
  const text = rule.trim || rule.number ? value.trim() : value;
  if (text === '') {
    if (rule.optional) return null;
    if ((rule.minLength ?? 0) > 0 || rule.values || rule.number) return 'required';
  }
  if (rule.number) {
    const number = Number(text);
    if (!Number.isFinite(number) || (rule.integer && !Number.isInteger(number))) return 'invalid';
    if (rule.min !== undefined && number < rule.min) return 'too_small';
    if (rule.max !== undefined && number > rule.max) return 'too_large';
    return null;
  }
  if (rule.minLength !== undefined && text.length < rule.minLength) return 'too_short';
  if (rule.maxLength !== undefined && text.length > rule.maxLength) return 'too_long';
  if (rule.pattern && !rule.pattern.test(text)) return 'invalid';
  if (rule.values && !rule.values.includes(text)) return 'invalid';
  return null;
}

/** A form's message for a problem: fixed, or worded with the rule's bounds. */
export type ProblemMessage<M> = M | ((rule: FieldRule) => M);
export type FieldMessages<M> = Partial<Record<FieldProblem, ProblemMessage<M>>>;

/**
 * The messages of a form's fields, each checked under its rule. A field is checked only for the
 * problems the form has words for: the rest stay the server's to refuse (it names the field).
 */
export function formProblems<F extends string, M>(
  rules: Readonly<Record<F, FieldRule>>,
  values: Readonly<Partial<Record<F, string>>>,
  messages: Partial<Record<F, FieldMessages<M>>>,
): Partial<Record<F, M>> {
  const problems: Partial<Record<F, M>> = {};
  for (const field of Object.keys(messages) as F[]) {
    const rule = rules[field];
    const problem = fieldProblem(values[field] ?? '', rule);
    const message = problem === null ? undefined : messages[field]?.[problem];
    if (message !== undefined)
      problems[field] = typeof message === 'function' ? (message as (r: FieldRule) => M)(rule) : message;
  }
  return problems;
}
