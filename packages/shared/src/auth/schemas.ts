import { z } from 'zod';
import { addressSchema, decimalString, signatureSchema } from '../api/primitives.js';

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
  signature: signatureSchema,
  /** The EIP-4361 message, as signed. */
  message: z.string().min(1).max(1000),
  /** A share code or an inviter's address; ignored when it matches no user. */
  referee: z.string().max(64).optional().nullable(),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

/** What the app needs to write the sign-in message: the nonce, its times, and the chain. */
export const loginNonceSchema = z.object({
  nonce: z.string(),
  chain_id: z.number().int(),
  issued_at: z.string(),
  expiration_time: z.string(),
});
export type LoginNonce = z.infer<typeof loginNonceSchema>;

export const loginResultSchema = z.object({
  userinfo: userInfoSchema,
  token: tokenSchema,
  balance: balanceSchema,
  /** This login created the account: the one login whose referee counted. */
  first_login: z.boolean(),
});
export type LoginResult = z.infer<typeof loginResultSchema>;

export const userInfoResultSchema = z.object({ userinfo: userInfoSchema, balance: balanceSchema });
export type UserInfoResult = z.infer<typeof userInfoResultSchema>;

/** Logout: the bearer access token names the session, or — once it has expired — the refresh token here. */
export const logoutRequestSchema = z.object({ refresh_token: z.string().min(1).max(200).optional() });
export type LogoutRequest = z.infer<typeof logoutRequestSchema>;

/** One live login session of mine, as /settings lists them: enough to recognise it, never the whole IP. */
export const sessionSchema = z.object({
  id: z.string(),
  /** 'iPhone · TokenPocket', 'Android · Chrome', …; empty when the browser did not say. */
  device: z.string(),
  /** The network it came from, coarse ('203.0.113.0/24'); null for sessions from before this was kept. */
  network: z.string().nullable(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  /** The session this request comes from. */
  is_current: z.boolean(),
});
export type Session = z.infer<typeof sessionSchema>;

export const sessionIdParamsSchema = z.object({ id: z.string().uuid().max(36) });
