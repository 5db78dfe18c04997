import type { UserInfo } from '@wallx/shared';

/** A signed-in user for unit tests: an ordinary account that has set its fund password. */
export const testUser: UserInfo = {
  bsc: '0x00000000000000000000000000000000000000aa',
  is_validator: false,
  share_code: 'ABC123',
  inviter: null,
  is_frozen: false,
  has_fund_password: true,
  created_at: '2025-01-01T00:00:00.000Z',
};
