import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@wallx/shared';

/** A rule's verdict on a field: a catalog key, or a key with the values its text needs. */
export type Problem = string | { key: string; values: Record<string, string | number> };
export type Problems<F extends string> = Partial<Record<F, Problem>>;
/** What the form shows: a text under a field, or over the whole form (`form`). */
export type FormErrors<F extends string> = Partial<Record<F | 'form', string>>;

type Options<V, F extends string> = {
  initial: V | (() => V);
  /**
   * The fields a server refusal may name, as the request names them ('withdraw.USDT.min'; 'regions.2'
   * is an item of regions); a refusal naming another shows over the form.
   */
  fields: readonly F[];
  /** The form's rules, a pure function of its values (tested on their own), checked when it is sent. */
  rules?: (values: V) => Problems<F>;
};

/**
 * The state every console form keeps, adapted from the app's (apps/web/src/lib/use-form.ts): its
 * values, and its errors. Unlike the app's, an error shows only once the operator sends (a console
 * form is filled from a desk, not field by field on a phone), and editing a field takes its error
 * away until the next send: the operator is not told off while typing.
 */
export function useForm<V extends object, F extends string>({ initial, fields, rules }: Options<V, F>) {
  const { t } = useTranslation();
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FormErrors<F>>({});

  // The catalog's typing cannot follow a key chosen at run time together with its values.
  const translate = t as (key: string, values?: Record<string, string | number>) => string;
  const textOf = (problem: Problem) =>
    typeof problem === 'string' ? translate(problem) : translate(problem.key, problem.values);

  function clear(field: string) {
    setErrors((current) => {
      if (!(field in current)) return current;
      const { [field as F]: _gone, ...rest } = current;
      return rest as FormErrors<F>;
    });
  }

  /** Runs the rules: their texts show, and whether the values pass. */
  function check(): boolean {
    const problems = rules?.(values) ?? {};
    setErrors(
      Object.fromEntries(
        Object.entries(problems).map(([field, problem]) => [field, textOf(problem as Problem)]),
      ) as FormErrors<F>,
    );
    return Object.keys(problems).length === 0;
  }

  return {
    values,
    errors,
    /** Changes one value; an error on its field no longer applies. */
    set<K extends keyof V & string>(key: K, value: V[K]) {
      setValues((current) => ({ ...current, [key]: value }));
      clear(key);
    },
    /** Changes several values; errors on `fields` no longer apply. */
    edit(patch: Partial<V>, ...changed: F[]) {
      setValues((current) => ({ ...current, ...patch }));
      changed.forEach(clear);
    },
    check,
    /** The form's onSubmit: sends the values once the rules pass. */
    onSubmit(send: (values: V) => void) {
      return (event: FormEvent) => {
        event.preventDefault();
        if (check()) send(values);
      };
    },
    /** Places the server's refusal on the field it names, or over the form when it names none of the form's. */
    refuse(error: Error) {
      const named = error instanceof ApiError ? error.field : undefined;
      const known = fields as readonly string[];
      const field = named && (known.includes(named) ? named : named.split('.')[0]);
      setErrors(
        (field && known.includes(field) ? { [field]: error.message } : { form: error.message }) as FormErrors<F>,
      );
    },
    /** No errors shown (a new send starts clean). */
    clearErrors() {
      setErrors({});
    },
    /** Back to these values (or the first ones), with no errors. */
    reset(next?: V) {
      setValues(next ?? initial);
      setErrors({});
    },
  };
}
