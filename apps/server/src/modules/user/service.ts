import type { UserInfoResult } from '@wallx/shared';
import type { Db } from '../../platform/db/database.js';
import { AppError } from '../../platform/errors/app-error.js';
import type { UserRepository } from '../../kernel/users/repository.js';
import { toUserInfo } from '../../kernel/users/user-info.js';

export function createUserService({ db, users }: { db: Db; users: UserRepository }) {
  return {
    /** A revoked session is a 401 here too: the session check is part of the same query. */
    async info({ sessionId, userId }: { sessionId: string; userId: string }): Promise<UserInfoResult> {
      const row = await users.infoForSession(db, sessionId, userId);
      if (!row) throw new AppError('unauthorized');
      return { userinfo: toUserInfo(row), balance: { usdt: row.usdt, wallx: row.wallx } };
    },
  };
}
export type UserService = ReturnType<typeof createUserService>;
