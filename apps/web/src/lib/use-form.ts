import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MessageKey } from './message-key';

/** A rule's verdict on a field: a catalog key, or a key with the values its text needs. */
export type FieldError = MessageKey | { key: MessageKey; values: Record<string, string | number> };
export type FieldErrors<F extends string> = Partial<Record<F, FieldError>>;

type Options<V, F extends string, E extends FieldError> = {
  initial: V;
  /** The form's rules (a pure `validate…` of the feature), run on every render. */
  validate: (values: V) => Partial<Record<F, E>>;
};

/**
 * The state every form of the app keeps: its values, which fields were left (touched), whether a
 * submit was tried, and the server's refusal placed on the field it names. A rule's error shows
 * once its field was touched or a submit was tried; the server's shows until that field changes.
 */
export function useForm<V extends object, F extends string, E extends FieldError = MessageKey>({
  initial,
  validate,
}: Options<V, F, E>) {
  const { t } = useTranslation();
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<ReadonlySet<F>>(new Set());
  const [isSubmitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState<{ field: F; message: string } | null>(null);

  const errors = validate(values);
  const isValid = Object.keys(errors).length === 0;

  // The catalog's typing cannot follow a key chosen at run time together with its values.
  const translate = t as (key: string, values?: Record<string, string | number>) => string;
  const textOf = (error: FieldError) =>
    typeof error === 'string' ? translate(error) : translate(error.key, error.values);

  /** What the field shows under it, if anything. */
  function errorOf(field: F): string | undefined {
    const error = errors[field];
    if (error && (isSubmitted || touched.has(field))) return textOf(error);
    return serverError?.field === field ? serverError.message : undefined;
  }
  /** Changes values; a server refusal about any of `fields` no longer applies. */
  function edit(patch: Partial<V>, ...fields: F[]) {
    setValues((current) => ({ ...current, ...patch }));
    if (serverError && fields.includes(serverError.field)) setServerError(null);
  }
  function touch(field: F) {
    setTouched((current) => (current.has(field) ? current : new Set(current).add(field)));
  }

  return {
    values,
    errors,
    isValid,
    isSubmitted,
    errorOf,
    edit,
    touch,
    /** The props of the input of `key`, which the request (and the server's errors) call `field`. */
    field<K extends keyof V & string>(key: K, field: F) {
      return {
        value: values[key],
        onChange: (value: V[K]) => edit({ [key]: value } as unknown as Partial<V>, field),
        onBlur: () => touch(field),
        error: errorOf(field),
      };
    },
    /** Marks a submit as tried (every rule's error shows); answers whether the values pass. */
    trySubmit(): boolean {
      setSubmitted(true);
      return isValid;
    },
    /** Places the server's message on the field it is about. */
    refuse(field: F, message: string) {
      setServerError({ field, message });
    },
    /** Back to untouched, with these values (after a success the form is fresh). */
    reset(next: V = initial) {
      setValues(next);
      setTouched(new Set());
      setSubmitted(false);
      setServerError(null);
    },
  };
}
