import type { UserInfo, UserInfoResult } from '@wallx/shared';
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import type { AccessClaims } from '../auth/tokens.js';
import type { UserRepository, UserRow } from './repository.js';

export function toUserInfo(user: UserRow): UserInfo {
  return {
    bsc: user.address,
    is_validator: user.is_validator,
    share_code: user.share_code,
    inviter: user.inviter_address,
    is_frozen: user.is_frozen,
    has_fund_password: user.has_fund_password,
    created_at: user.created_at.toISOString(),
  };
}

export function createUserService({ db, users }: { db: Db; users: UserRepository }) {
  return {
    /** A revoked session is a 401 here too: the session check is part of the same query. */
    async info({ sessionId, userId }: AccessClaims): Promise<UserInfoResult> {
      const row = await users.infoForSession(db, sessionId, userId);
      if (!row) throw new AppError('unauthorized');
      return { userinfo: toUserInfo(row), balance: { usdt: row.usdt, wallx: row.wallx } };
    },
  };
}
export type UserService = ReturnType<typeof createUserService>;
