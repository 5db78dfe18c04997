/**
 * Sign-in is an EIP-4361 (Sign-In with Ethereum) message: our domain and URI as the page serves
 * them, the chain, a nonce the server issued for this one sign-in, and its issue and expiry times.
 * Its statement is the spec's sentence. Wallets that read EIP-4361 warn when the domain is not the
 * site asking, so a signature collected elsewhere opens nothing here (docs/decisions/072-sign-in-with-ethereum-eip-4361-in-place-of-the-specs-fixed.md).
 */
export const LOGIN_STATEMENT = 'Welcome to wallx! Please sign this message to login.';

/** How long an issued nonce may be signed and sent back: time to open a wallet and confirm. */
export const LOGIN_NONCE_TTL_MS = 5 * 60 * 1000;

/** How far the message's issue time may be from the server's clock (the server sets it; wallets may round). */
export const LOGIN_CLOCK_SKEW_MS = 60 * 1000;

/**
 * Actions that take money out of a session's reach are confirmed by the wallet itself, in the same
 * EIP-4361 form as the sign-in (this site, a nonce from the server), with the action as the statement.
 */
export const WALLET_ACTION_STATEMENTS = {
  set_fund_password:
    'Set the fund password of my WALLX account. It guards transfers, withdrawals, market trades and shipping.',
  reset_fund_password:
    'Reset the fund password of my WALLX account. Transfers, withdrawals and market trades then wait 24 hours.',
} as const;
export type WalletAction = keyof typeof WALLET_ACTION_STATEMENTS;

/** After a reset by signature, what the fund password guards waits this long. */
export const FUND_PASSWORD_RESET_HOLD_MS = 24 * 60 * 60 * 1000;
