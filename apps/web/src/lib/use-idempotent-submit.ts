import { useState } from 'react';
import { createIdempotencyKeys } from './idempotency-key';

type WithKey = { idempotencyKey: string };

/**
 * A money-moving mutation behind one form (or one list of buy buttons): each submission gets an
 * idempotency key, the same one while the same request is sent again after an unanswered try (a
 * time-out, a lost connection), a new one once the server answered. The keys live as long as the
 * component; the fund password is left out of what counts as "the same request".
 */
export function useIdempotentSubmit<V extends WithKey, R>(
  send: (variables: V) => Promise<R>,
): (variables: Omit<V, 'idempotencyKey'>) => Promise<R> {
  const [keys] = useState(createIdempotencyKeys);
  // V minus its key plus a key is V again; TypeScript cannot see that through the generic.
  return (variables) => keys.submit(variables, (idempotencyKey) => send({ ...variables, idempotencyKey } as V));
}
