import crypto from 'node:crypto';
import { recoverMessageAddress, type Hex } from 'viem';
import {
  LOGIN_CLOCK_SKEW_MS,
  LOGIN_NONCE_TTL_MS,
  LOGIN_STATEMENT,
  WALLET_ACTION_STATEMENTS,
  type LoginNonce,
  type WalletAction,
} from '@wallx/shared';
import type { Trx } from '../../platform/db/database.js';
import { AppError } from '../../platform/errors/app-error.js';
import type { AuthDeps, LoginInput } from './deps.js';
import { parseSignInMessage } from './sign-in-message.js';

/** What a message must say besides the site and chain: its statement, and its URI's path when it names one. */
type MessageRules = { statement?: string; path?: string };

/** Sign-in with Ethereum messages of ours: the nonces, their checks, and the wallet's confirmation of an action. */
export function createSignedMessages({ db, auth, chainId, publicAppUrl, now = Date.now }: AuthDeps) {
  /**
   * The nonce a sign-in message carries when every field is ours: read by the EIP-4361 grammar (any
   * client's spelling: the optional scheme, RFC 3339 times in any form) and each field compared with
   * what it must mean: this site (its scheme when named, host, and origin; when a path is named, that
   * URI exactly) and chain, our statement, the address that signed it, within its time; and none of
   * the fields we never ask for (not-before, request id, resources).
   */
  async function checkMessage(
    input: Omit<LoginInput, 'referee'>,
    origin: string,
    { statement = LOGIN_STATEMENT, path }: MessageRules = {},
  ): Promise<string> {
    const invalid = () => new AppError('login_message_invalid', { field: 'message' });
    const fields = parseSignInMessage(input.message);
    if (!fields || fields.version !== '1' || !fields.expirationTime) throw invalid();
    const { scheme, domain, address, uri, chainId: messageChain, nonce, issuedAt, expirationTime } = fields;
    if (fields.statement !== statement) throw invalid();
    if (fields.notBefore || fields.requestId !== null || fields.resources) throw invalid();
    const site = new URL(origin);
    let uriOrigin: string;
    try {
      uriOrigin = new URL(uri).origin;
    } catch {
      throw invalid();
    }
    // Schemes and host names are case-insensitive (RFC 3986); the URL parser already lowered the site's.
    if (scheme !== null && `${scheme.toLowerCase()}:` !== site.protocol) throw invalid();
    if (domain.toLowerCase() !== site.host || uriOrigin !== site.origin || messageChain !== chainId) throw invalid();
    if (path !== undefined && uri !== `${site.origin}${path}`) throw invalid();
    if (address.toLowerCase() !== input.address.toLowerCase())
      throw new AppError('signature_invalid', { field: 'signature' });
    const at = now();
    if (
      issuedAt.getTime() > at + LOGIN_CLOCK_SKEW_MS ||
      expirationTime.getTime() <= at ||
      expirationTime.getTime() - issuedAt.getTime() > LOGIN_NONCE_TTL_MS + LOGIN_CLOCK_SKEW_MS
    ) {
      throw new AppError('login_message_expired', { field: 'message' });
    }
    let signer: string;
    try {
      signer = await recoverMessageAddress({ message: input.message, signature: input.signature as Hex });
    } catch (cause) {
      throw new AppError('signature_invalid', { field: 'signature', cause });
    }
    if (signer.toLowerCase() !== input.address.toLowerCase())
      throw new AppError('signature_invalid', { field: 'signature' });
    return nonce;
  }

  /** Spends a checked message's nonce, in its own statement, or says why it cannot be. */
  async function spend(trx: Trx, nonce: string): Promise<void> {
    const spent = await auth.spendNonce(trx, nonce, new Date(now()));
    if (spent === 'used') throw new AppError('login_message_used', { field: 'message' });
    if (spent === 'expired') throw new AppError('login_message_expired', { field: 'message' });
    if (spent === 'unknown') throw new AppError('login_message_invalid', { field: 'message' });
  }

  /**
   * A signed message of ours other than the app's sign-in (the console's, an action's): every field
   * checked as the sign-in's, with its own statement and URI, and its nonce spent — in `trx` when
   * given, so the nonce is spent only if what it confirms is written too.
   */
  async function confirmSigned(
    input: Omit<LoginInput, 'referee'>,
    rules: MessageRules,
    requestOrigin: string,
    trx?: Trx,
  ): Promise<void> {
    const nonce = await checkMessage(input, publicAppUrl || requestOrigin, rules);
    if (trx) await spend(trx, nonce);
    else await db.transaction().execute((own) => spend(own, nonce));
  }

  return {
    /**
     * The wallet's own confirmation of an action a session alone may not take: a message as the
     * sign-in's (this site, a nonce of ours, its times), with the action as its statement, signed by
     * the account's address. The nonce is spent.
     */
    async confirmAction(
      address: string,
      action: WalletAction,
      proof: { message?: string | undefined; signature?: string | undefined },
      requestOrigin: string,
      trx?: Trx,
    ): Promise<void> {
      if (!proof.message || !proof.signature) throw new AppError('wallet_signature_required', { field: 'signature' });
      await confirmSigned(
        { address, message: proof.message, signature: proof.signature },
        { statement: WALLET_ACTION_STATEMENTS[action] },
        requestOrigin,
        trx,
      );
    },

    confirmSigned,
    checkMessage,
    spend,

    /** A nonce for one sign-in, with the times and chain the message must carry. */
    async nonce(): Promise<LoginNonce> {
      const at = now();
      const nonce = crypto.randomBytes(16).toString('hex');
      const expiresAt = new Date(at + LOGIN_NONCE_TTL_MS);
      await auth.insertNonce(db, nonce, expiresAt);
      return {
        nonce,
        chain_id: chainId,
        issued_at: new Date(at).toISOString(),
        expiration_time: expiresAt.toISOString(),
      };
    },
  };
}
export type SignedMessages = ReturnType<typeof createSignedMessages>;
