import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@wallx/shared';

/** A rule's verdict on a field: a catalog key, or a key with the values its text needs. */
export type Problem<K extends string = string> = K | { key: K; values: Record<string, string | number> };
export type Problems<F extends string, K extends string = string> = Partial<Record<F, Problem<K>>>;
/** What the form shows: a text under a field, or over the whole form (`form`). */
export type FormErrors<F extends string> = Partial<Record<F | 'form', string>>;

/**
 * When a rule's error shows. `once-left`: once its field was left or a send was tried, and from then
 * on as the value changes (a phone's form, filled field by field). `once-sent`: only once a send was
 * tried, and editing a field takes its error away until the next send (a console's form, filled
 * from a desk: the operator is not told off while typing).
 */
export type ErrorTiming = 'once-left' | 'once-sent';

export type FormOptions<V, F extends string, E extends Problem = Problem> = {
  initial: V | (() => V);
  /** The form's rules, a pure function of its values (tested on their own). */
  validate?: (values: V) => Partial<Record<F, E>>;
  /**
   * The fields a server refusal may name, as the request names them ('withdraw.USDT.min'; 'regions.2'
   * is an item of regions); `refuseWith` shows a refusal naming another over the form.
   */
  fields?: readonly F[];
  /** 'once-left' unless said. */
  timing?: ErrorTiming;
};

const none: ReadonlySet<never> = new Set();

/**
 * The state every form of the app and the console keeps: its values, which fields were left
 * (touched) or edited since the last send, whether a send was tried, and the server's refusal
 * placed on the field it names (or over the form). The server's refusal shows until its field
 * changes; a rule's error shows as `timing` says, and before the server's.
 */
export function useForm<V extends object, F extends string, E extends Problem = Problem>({
  initial,
  validate,
  fields = [],
  timing = 'once-left',
}: FormOptions<V, F, E>) {
  const { t } = useTranslation();
  const [values, setValues] = useState<V>(initial);
  const [touched, setTouched] = useState<ReadonlySet<F>>(none);
  /** Fields edited since the last send: a console form hides their rules' errors until the next. */
  const [edited, setEdited] = useState<ReadonlySet<string>>(none);
  const [isSubmitted, setSubmitted] = useState(false);
  const [refusal, setRefusal] = useState<{ field: F | 'form'; message: string } | null>(null);

  const problems: Partial<Record<F, E>> = validate?.(values) ?? {};
  const isValid = Object.keys(problems).length === 0;

  // The catalog's typing cannot follow a key chosen at run time together with its values.
  const translate = t as (key: string, values?: Record<string, string | number>) => string;
  const textOf = (problem: Problem) =>
    typeof problem === 'string' ? translate(problem) : translate(problem.key, problem.values);

  function isShown(field: F): boolean {
    return timing === 'once-left' ? isSubmitted || touched.has(field) : isSubmitted && !edited.has(field);
  }
  /** What the field shows under it, if anything. */
  function errorOf(field: F): string | undefined {
    const problem = problems[field];
    if (problem && isShown(field)) return textOf(problem);
    return refusal?.field === field ? refusal.message : undefined;
  }
  /** Every text the form shows, by field (`form` over the whole form). */
  function shownErrors(): FormErrors<F> {
    const shown: FormErrors<F> = {};
    for (const field of Object.keys(problems) as F[]) {
      const text = errorOf(field);
      if (text !== undefined) shown[field] = text;
    }
    if (refusal && shown[refusal.field] === undefined) shown[refusal.field] = refusal.message;
    return shown;
  }
  /** Changes values; errors about any of `changed` no longer apply (a rule's, until the next send on a console). */
  function edit(patch: Partial<V>, ...changed: F[]) {
    setValues((current) => ({ ...current, ...patch }));
    if (refusal && (changed as string[]).includes(refusal.field)) setRefusal(null);
    if (timing === 'once-sent' && changed.length > 0) setEdited((current) => new Set([...current, ...changed]));
  }
  function touch(field: F) {
    setTouched((current) => (current.has(field) ? current : new Set(current).add(field)));
  }
  /** Marks a send as tried (every rule's error shows); answers whether the values pass. */
  function trySubmit(): boolean {
    setSubmitted(true);
    // A console form's send starts clean: only what this send finds shows.
    if (timing === 'once-sent') {
      setEdited(none);
      setRefusal(null);
    }
    return isValid;
  }
  /** Places the server's message on the field it is about. */
  function refuse(field: F, message: string) {
    setRefusal({ field, message });
  }

  return {
    values,
    /** The rules' verdicts on the values as they are, shown or not. */
    problems,
    errors: shownErrors(),
    isValid,
    isSubmitted,
    errorOf,
    edit,
    touch,
    trySubmit,
    refuse,
    /** Changes one value; an error on its field (its key) no longer applies. */
    set<K extends keyof V & string>(key: K, value: V[K]) {
      edit({ [key]: value } as unknown as Partial<V>, key as unknown as F);
    },
    /** The props of the input of `key`, which the request (and the server's errors) call `field`. */
    field<K extends keyof V & string>(key: K, field: F) {
      return {
        value: values[key],
        onChange: (value: V[K]) => edit({ [key]: value } as unknown as Partial<V>, field),
        onBlur: () => touch(field),
        error: errorOf(field),
      };
    },
    /** The form's onSubmit: sends the values once the rules pass. */
    onSubmit(send: (values: V) => void) {
      return (event: FormEvent) => {
        event.preventDefault();
        if (trySubmit()) send(values);
      };
    },
    /** Places the server's refusal on the field it names (an item's on its list), or over the form when it names none of `fields`. */
    refuseWith(error: Error) {
      const named = error instanceof ApiError ? error.field : undefined;
      const known = fields as readonly string[];
      const field = named && (known.includes(named) ? named : named.split('.')[0]);
      setRefusal({ field: field && known.includes(field) ? (field as F) : 'form', message: error.message });
    },
    /** Back to untouched, with these values (or the first ones): after a success the form is fresh. */
    reset(next?: V) {
      setValues(next ?? initial);
      setTouched(none);
      setEdited(none);
      setSubmitted(false);
      setRefusal(null);
    },
  };
}
