import { RECENT_RECIPIENTS_MAX, type RecentRecipient, type RecipientCheck } from '@wallx/shared';
import type { Db } from '../../platform/db/database.js';
import { recipientAddress, recipientId } from '../../kernel/users/recipient.js';
import type { UserRepository } from '../../kernel/users/repository.js';
import type { RecipientsRepository } from './repository.js';

type Deps = { db: Db; users: UserRepository; recipients: RecipientsRepository };

export function createRecipientsService({ db, users, recipients }: Deps) {
  return {
    /**
     * The transfer's own two recipient checks, in its order, and nothing else: the answer is what
     * a transfer to the address would have said before asking for the fund password.
     */
    async check(sender: { address: string }, to: string): Promise<RecipientCheck> {
      const address = recipientAddress(sender, to);
      await recipientId(db, users, address);
      return { address };
    },

    async recent(userId: string): Promise<RecentRecipient[]> {
      const rows = await recipients.recent(db, userId, RECENT_RECIPIENTS_MAX);
      return rows.map((row) => ({ address: row.address, last_sent_at: new Date(row.last_sent_at).toISOString() }));
    },
  };
}
export type RecipientsService = ReturnType<typeof createRecipientsService>;
