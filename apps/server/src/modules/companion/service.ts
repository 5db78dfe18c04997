import { createCompanionChat } from './chat.js';
import { createCompanionConversations } from './conversations.js';
import type { CompanionDeps } from './deps.js';

/** The AI companion (issue 49): sending and answering (chat.ts), the conversations (conversations.ts). */
export function createCompanionService(deps: CompanionDeps) {
  return { ...createCompanionChat(deps), ...createCompanionConversations(deps) };
}
export type CompanionService = ReturnType<typeof createCompanionService>;
