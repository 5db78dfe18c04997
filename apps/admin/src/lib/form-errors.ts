import { useState } from 'react';
import { ApiError } from '@wallx/shared';

export type FormErrors<Field extends string> = Partial<Record<Field | 'form', string>>;

/**
 * A form's errors by field: its own checks before sending, then the server's refusal on the field it
 * names ('regions.2' is the regions field), or over the form when it names none of the form's.
 */
export function useFormErrors<Field extends string>(fields: readonly Field[]) {
  const [errors, setErrors] = useState<FormErrors<Field>>({});
  function fromServer(error: Error) {
    const field = error instanceof ApiError ? error.field?.split('.')[0] : undefined;
    setErrors(
      field !== undefined && (fields as readonly string[]).includes(field)
        ? ({ [field]: error.message } as FormErrors<Field>)
        : ({ form: error.message } as FormErrors<Field>),
    );
  }
  return {
    errors,
    setErrors,
    fromServer,
    clear: (field: Field) => setErrors(({ [field]: _gone, ...rest }) => rest as FormErrors<Field>),
  };
}
