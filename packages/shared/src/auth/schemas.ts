import { z } from 'zod';
import { addressSchema, decimalString } from '../api/primitives.js';

export const balanceSchema = z.object({ usdt: decimalString, wallx: decimalString });
export type Balance = z.infer<typeof balanceSchema>;

export const userInfoSchema = z.object({
  bsc: z.string(),
  is_validator: z.boolean(),
  share_code: z.string(),
  inviter: z.string().nullable(),
  is_frozen: z.boolean(),
  has_fund_password: z.boolean(),
  created_at: z.string(),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

export const tokenSchema = z.object({ access_token: z.string(), refresh_token: z.string() });
export type Token = z.infer<typeof tokenSchema>;

export const loginRequestSchema = z.object({
  address: addressSchema,
  signature: z.string().regex(/^0x[0-9a-fA-F]{130}$/, 'must be a 65-byte hex signature'),
  message: z.string().min(1).max(200),
  /** A share code or an inviter's address; ignored when it matches no user. */
  referee: z.string().max(64).optional().nullable(),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

export const loginResultSchema = z.object({
  userinfo: userInfoSchema,
  token: tokenSchema,
  balance: balanceSchema,
});
export type LoginResult = z.infer<typeof loginResultSchema>;

export const userInfoResultSchema = z.object({ userinfo: userInfoSchema, balance: balanceSchema });
export type UserInfoResult = z.infer<typeof userInfoResultSchema>;

/** Logout: the bearer access token names the session, or — once it has expired — the refresh token here. */
export const logoutRequestSchema = z.object({ refresh_token: z.string().min(1).max(200).optional() });
export type LogoutRequest = z.infer<typeof logoutRequestSchema>;
