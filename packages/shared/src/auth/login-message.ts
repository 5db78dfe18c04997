/**
 * Sign-in is an EIP-4361 (Sign-In with Ethereum) message: our domain and URI as the page serves
 * them, the chain, a nonce the server issued for this one sign-in, and its issue and expiry times.
 * Its statement is the spec's sentence. Wallets that read EIP-4361 warn when the domain is not the
 * site asking, so a signature collected elsewhere opens nothing here (docs/decisions.md, 72).
 */
export const LOGIN_STATEMENT = 'Welcome to wallx! Please sign this message to login.';

/** How long an issued nonce may be signed and sent back: time to open a wallet and confirm. */
export const LOGIN_NONCE_TTL_MS = 5 * 60 * 1000;

/** How far the message's issue time may be from the server's clock (the server sets it; wallets may round). */
export const LOGIN_CLOCK_SKEW_MS = 60 * 1000;
