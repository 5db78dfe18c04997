import { formatDate } from '@wallx/shared';

/** Times as operators read them: their local clock, to the second, the same in every language. */
export function formatTime(iso: string | null | undefined): string {
  return iso ? formatDate(iso, 'Y-m-d H:i:s') : '';
}
