import type { UserInfo } from '@wallx/shared';
import type { UserRow } from './repository.js';

/** A user as the API shows it, at login and in userinfo. */
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
