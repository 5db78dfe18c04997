import { errorCatalog, fieldProblem, transferRequestRules } from '@wallx/shared';
import type { MessageKey } from './message-key';

// What the forms share beside their schemas' rules (rules.generated.ts): the server's refusals, placed on fields.

/** The fields of a request body, in the schema's order, so that a field the server names maps onto the form. */
export const fieldsOf = <F extends string>(rules: Readonly<Record<F, unknown>>): F[] => Object.keys(rules) as F[];

/** The refusals every form with a fund password places on that field. */
export const fundPasswordRefusals = [
  [errorCatalog.fund_password_incorrect.code, 'fund_password'],
  [errorCatalog.fund_password_locked.code, 'fund_password'],
] as const;

/** The form field a refusal of the server is about: the one it names, or the one its code is about. */
export function fieldOfError<F extends string>(
  error: { code: number; field?: string | undefined },
  fields: readonly F[],
  byCode: ReadonlyArray<readonly [number, F]>,
): F | undefined {
  return fields.find((field) => field === error.field) ?? byCode.find(([code]) => code === error.code)?.[1];
}

/**
 * The fund password every money request needs (each schema's min 1, the same in all): the errors of a
 * form begin with it, so that the form adds its other fields' to them.
 */
export function fundPasswordErrors(password: string): { fund_password?: MessageKey } {
  return fieldProblem(password, transferRequestRules.fund_password)
    ? { fund_password: 'funds.fund_password_required' }
    : {};
}
