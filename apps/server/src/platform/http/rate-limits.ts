import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors/app-error.js';
import { currentUser } from './authenticate.js';
import { clientKey } from './client-key.js';
import { requiring } from './route-requirements.js';

export type RouteLimitsConfig = {
  fundPasswordPerUserPerMinute: number;
  fundPasswordPerIpPerMinute: number;
  depositReportsPerMinute: number;
  writeoffCodesPerMinute: number;
  recipientChecksPerMinute: number;
  recipientChecksPerIpPerMinute: number;
  checkinsPerMinute: number;
  companionPerMinute?: number;
};

type Check = (request: FastifyRequest) => Promise<void>;

export type RouteLimits = {
  /** Routes that check the fund password (Argon2, the server's most expensive step): per client IP, then per user. */
  fundPassword: Check[];
  /** Deposit reports, each of which costs RPC calls to the chain: per user. */
  depositReport: Check[];
  /** Validators' voucher lookups and write-offs: each is a guess at a code. Per client IP, then per user. */
  writeoffCode: Check[];
  /** Recipient checks: each tells whether an address is an account. Per client IP, then per user. */
  recipientCheck: Check[];
  /** Check-in writes: each is a transaction that may pay a reward. Per user. */
  checkin: Check[];
  /** Messages to the companion (each a call to the model) and its other writes. Per user. */
  companion: Check[];
};

/**
 * Per-route limits on top of authentication, through @fastify/rate-limit's store (Redis when
 * configured, so every instance counts together). Each limiter keeps its own counter; they run as
 * preHandlers after `requireUser`, so a user's limit follows the user and not the address they use.
 */
export function createRouteLimits(app: FastifyInstance, config: RouteLimitsConfig): RouteLimits {
  function limiter(name: string, max: number, keyOf: (request: FastifyRequest) => string): Check {
    const check = app.createRateLimit({
      max,
      timeWindow: 60_000,
      keyGenerator: (request) => `${name}:${keyOf(request)}`,
    });
    return requiring('rate-limit', async (request) => {
      const result = await check(request);
      if (result.isAllowed || !result.isExceeded) return;
      const seconds = Math.max(1, result.ttlInSeconds);
      throw new AppError('rate_limited', { params: { seconds }, headers: { 'retry-after': String(seconds) } });
    });
  }
  const byUser = (request: FastifyRequest) => currentUser(request).id;
  return {
    fundPassword: [
      limiter('fund-password-ip', config.fundPasswordPerIpPerMinute, (request) => clientKey(request.ip)),
      limiter('fund-password-user', config.fundPasswordPerUserPerMinute, byUser),
    ],
    depositReport: [limiter('deposit-report-user', config.depositReportsPerMinute, byUser)],
    writeoffCode: [
      limiter('writeoff-code-ip', config.writeoffCodesPerMinute, (request) => clientKey(request.ip)),
      limiter('writeoff-code-user', config.writeoffCodesPerMinute, byUser),
    ],
    recipientCheck: [
      limiter('recipient-check-ip', config.recipientChecksPerIpPerMinute, (request) => clientKey(request.ip)),
      limiter('recipient-check-user', config.recipientChecksPerMinute, byUser),
    ],
    checkin: [limiter('checkin-user', config.checkinsPerMinute, byUser)],
    companion: [limiter('companion-user', config.companionPerMinute ?? 10, byUser)],
  };
}
