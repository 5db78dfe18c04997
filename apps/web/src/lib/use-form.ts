import { useForm as useClientForm, type FormOptions, type Problem } from '@wallx/client';
import type { MessageKey } from './message-key';

/** A rule's verdict on a field: a key of the app's catalog, or a key with the values its text needs. */
export type FieldError = Problem<MessageKey>;
export type FieldErrors<F extends string> = Partial<Record<F, FieldError>>;

/**
 * The app's forms (@wallx/client's useForm): a rule's error shows once its field was left or a
 * submit was tried, and its keys are the app's catalog's.
 */
export function useForm<V extends object, F extends string, E extends FieldError = MessageKey>(
  options: FormOptions<V, F, E>,
) {
  return useClientForm<V, F, E>(options);
}
