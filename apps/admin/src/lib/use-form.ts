import { useForm as useClientForm, type FormOptions, type Problem } from '@wallx/client';

export type { FormErrors, Problem, Problems } from '@wallx/client';

/**
 * The console's forms (@wallx/client's useForm): a rule's error shows only once the operator
 * sends (a console form is filled from a desk, not field by field on a phone), and editing a
 * field takes its error away until the next send.
 */
export function useForm<V extends object, F extends string, E extends Problem = Problem>(
  options: Omit<FormOptions<V, F, E>, 'timing'>,
) {
  return useClientForm<V, F, E>({ ...options, timing: 'once-sent' });
}
