import { createCheckinToday } from './check-in.js';
import type { CheckinsDeps } from './deps.js';
import { createCheckinHistory } from './history.js';

/** Daily check-ins (issue 47): today's entry and its reward (check-in.ts), the history (history.ts). */
export function createCheckinsService(deps: CheckinsDeps) {
  return { ...createCheckinToday(deps), ...createCheckinHistory(deps) };
}
export type CheckinsService = ReturnType<typeof createCheckinsService>;
