import {
  companionNotice,
  type CompanionConversation,
  type CompanionConversationDetail,
  type CompanionStatus,
  type Page,
} from '@wallx/shared';
import { AppError } from '../../platform/errors/app-error.js';
import { pageById, type PageQuery } from '../../platform/pagination/page.js';
import { dayInZone } from '../../platform/time/days.js';
import { crisisLineFor, limitsInForce, type Asker, type CompanionDeps } from './deps.js';
import type { ConversationRow } from './repository.js';

/** The most messages a conversation shows: the retention and the allowance keep real ones far below. */
const MESSAGES_SHOWN = 500;

const conversationView = (row: ConversationRow): CompanionConversation => ({
  id: row.id,
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
  messages: row.messages,
});

/** A user's own conversations: the status, the list, one conversation, starting and deleting them. */
export function createCompanionConversations(deps: CompanionDeps) {
  const { db, repository, config, timeZone, now = Date.now } = deps;
  const isAvailable = () => Boolean(config.model && deps.cipher);

  return {
    async status(asker: Asker): Promise<CompanionStatus> {
      const [limits, used, seen, picked, countries] = await Promise.all([
        limitsInForce(deps),
        repository.usedOn(db, asker.userId, dayInZone(now(), timeZone)),
        repository.noticeSeen(db, asker.userId),
        repository.crisisCountry(db, asker.userId),
        repository.supportLineCountries(db),
      ]);
      return {
        available: isAvailable(),
        notice: companionNotice[asker.language],
        notice_seen: seen,
        allowance: { daily: limits.dailyMessages, used, left: Math.max(0, limits.dailyMessages - used) },
        retention_days: config.retentionDays,
        crisis_country: picked ?? null,
        crisis_countries: countries,
      };
    },

    /** The user's pick on the crisis card: that country's line from now on, before any other (decision 161). */
    async pickCrisisCountry(userId: string, country: string | null): Promise<{ crisis_country: string | null }> {
      await repository.setCrisisCountry(db, userId, country);
      return { crisis_country: country };
    },

    async markNoticeSeen(userId: string): Promise<void> {
      await repository.markNoticeSeen(db, userId);
    },

    async start(userId: string): Promise<CompanionConversation> {
      if (!isAvailable()) throw new AppError('companion_unavailable');
      return conversationView(await repository.createConversation(db, userId));
    },

    list(userId: string, query: PageQuery): Promise<Page<CompanionConversation>> {
      return pageById(query, async (range) =>
        (await repository.conversations(db, userId, range)).map(conversationView),
      );
    },

    async read(asker: Asker, id: string): Promise<CompanionConversationDetail> {
      const conversation = await repository.conversation(db, asker.userId, id);
      if (!conversation) throw new AppError('companion_conversation_not_found', { field: 'id' });
      // Without the key nothing can be read: the companion is not there (and its data cannot be shown).
      if (!deps.cipher) throw new AppError('companion_unavailable');
      const cipher = deps.cipher;
      const rows = await repository.messages(db, id, MESSAGES_SHOWN);
      const items = rows.map((row) => ({
        id: row.id,
        role: row.role,
        content: cipher.open(row.body, { userId: asker.userId, conversationId: id, messageId: row.id }),
        crisis: row.crisis,
        created_at: row.created_at.toISOString(),
      }));
      const isFlagged = rows.some((row) => row.crisis);
      return {
        ...conversationView(conversation),
        items,
        unanswered: rows.at(-1)?.role === 'user',
        support_line: isFlagged ? await crisisLineFor(deps, asker) : null,
      };
    },

    /** Deleted at once, messages and all (ON DELETE CASCADE): nothing of it is kept. */
    async delete(userId: string, id: string): Promise<{ conversations: number }> {
      const deleted = await repository.deleteConversation(db, userId, id);
      if (deleted === 0) throw new AppError('companion_conversation_not_found', { field: 'id' });
      return { conversations: deleted };
    },

    async deleteAll(userId: string): Promise<{ conversations: number }> {
      return { conversations: await repository.deleteConversations(db, userId) };
    },
  };
}
export type CompanionConversations = ReturnType<typeof createCompanionConversations>;
