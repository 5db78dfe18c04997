import { randomUUID } from 'node:crypto';
import os from 'node:os';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import { createChainBalances } from './chain/balances.js';
import { foundry } from 'viem/chains';
import type { ChainContext } from './chain/context.js';
import type { AssetLimits, Config } from './config.js';
import type { Db } from './db/database.js';
import { OPERATOR_CONSOLE_PATH, OPERATOR_LOGIN_STATEMENT } from '@wallx/shared';
import { AppError } from './http/app-error.js';
import { registerAuthentication } from './http/authenticate.js';
import { registerOperatorAuthentication } from './http/operator.js';
import { registerOpenApi } from './http/openapi.js';
import { createOperatorsRepository } from './modules/operators/repository.js';
import { operatorRoutes } from './modules/operators/routes.js';
import { createOperatorsService } from './modules/operators/service.js';
import { frameworkErrors, registerErrorHandler } from './http/error-handler.js';
import { refuseNulCharacters, registerJsonBodyParser } from './http/text-input.js';
import { clientKey } from './http/client-key.js';
import { createRouteLimits } from './http/rate-limits.js';
import { registerWebApp } from './http/web-app.js';
import { scrubbingDestination, type LogDestination } from './logging.js';
import type { JwtKeys } from './modules/auth/keys.js';
import { createAuthRepository } from './modules/auth/repository.js';
import { authRoutes } from './modules/auth/routes.js';
import { createAuthService } from './modules/auth/service.js';
import { createTokens } from './modules/auth/tokens.js';
import { createDashboardRepository } from './modules/dashboard/repository.js';
import { dashboardRoutes } from './modules/dashboard/routes.js';
import { createDashboardService } from './modules/dashboard/service.js';
import { depositRoutes } from './modules/funds/deposit-routes.js';
import { createDepositRepository } from './modules/funds/deposit-repository.js';
import { createDeposits, type Deposits } from './modules/funds/deposits.js';
import { createFundPasswords } from './fund-password/fund-password.js';
import { createOperatorMoney } from './modules/funds/operator-money.js';
import { createOperatorMoneyRepository } from './modules/funds/operator-repository.js';
import { operatorMoneyRoutes } from './modules/funds/operator-routes.js';
import { createPayoutWorker, PAYOUT_STUCK_AFTER_MS, type PayoutWorker } from './modules/funds/payout-worker.js';
import { createMoneySettings } from './money-settings/money-settings.js';
import { createWithdrawalPostings } from './modules/funds/withdrawal-postings.js';
import { withdrawalRoutes } from './modules/funds/withdrawal-routes.js';
import { createWithdrawalRepository } from './modules/funds/withdrawal-repository.js';
import { createWithdrawals } from './modules/funds/withdrawals.js';
import { createProposalsRepository } from './modules/proposals/repository.js';
import { proposalRoutes } from './modules/proposals/routes.js';
import { createProposals } from './modules/proposals/service.js';
import { repeat } from './jobs/repeat.js';
import { createJobTrace } from './jobs/trace.js';
import { releaseLeasesOf, runLeased } from './db/lease.js';
import { createIdempotency } from './idempotency/idempotency.js';
import { createFundsRepository } from './modules/funds/repository.js';
import { fundsRoutes } from './modules/funds/routes.js';
import { createFundsService } from './modules/funds/service.js';
import { healthRoutes } from './modules/health/routes.js';
import { createLedger } from './modules/ledger/ledger.js';
import { ledgerRoutes } from './modules/ledger/routes.js';
import { createMarketsRepository } from './modules/markets/repository.js';
import { createMarketOperations } from './modules/markets/operator.js';
import { marketOperatorRoutes } from './modules/markets/operator-routes.js';
import { marketsRoutes } from './modules/markets/routes.js';
import { createMarketsService, type MarketsService } from './modules/markets/service.js';
import { createOutputJob, type OutputJob } from './modules/miners/output-job.js';
import { createMinersRepository } from './modules/miners/repository.js';
import { minersRoutes } from './modules/miners/routes.js';
import { createMinersService } from './modules/miners/service.js';
import { createCatalogOperations } from './modules/miners/operator.js';
import { createCatalogRepository } from './modules/miners/operator-repository.js';
import { catalogOperatorRoutes } from './modules/miners/operator-routes.js';
import { checkImage, createImages } from './modules/images/images.js';
import { imageRoutes } from './modules/images/routes.js';
import { createContentOperations } from './modules/content/operator.js';
import { createContentOperatorRepository } from './modules/content/operator-repository.js';
import { contentOperatorRoutes } from './modules/content/operator-routes.js';
import { createContentRepository } from './modules/content/repository.js';
import { contentRoutes } from './modules/content/routes.js';
import { createContentService } from './modules/content/service.js';
import { createFeedbackRepository } from './modules/feedback/repository.js';
import { feedbackRoutes } from './modules/feedback/routes.js';
import { createFeedbackService } from './modules/feedback/service.js';
import { createShippingRepository } from './modules/shipping/repository.js';
import { createShippingOperations } from './modules/shipping/operator.js';
import { shippingOperatorRoutes } from './modules/shipping/operator-routes.js';
import { regions } from './modules/shipping/regions.js';
import { shippingRoutes } from './modules/shipping/routes.js';
import { createShippingService } from './modules/shipping/service.js';
import { createTeamRepository } from './modules/team/repository.js';
import { teamRoutes } from './modules/team/routes.js';
import { createTeamService } from './modules/team/service.js';
import { createUserRepository } from './users/repository.js';
import { userRoutes } from './modules/user/routes.js';
import { createUserService } from './modules/user/service.js';
import { createUserOperations } from './modules/user/operator.js';
import { createUserOperatorRepository } from './modules/user/operator-repository.js';
import { userOperatorRoutes } from './modules/user/operator-routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Present when the app has a chain; tests drive the scanner and the payout worker through them. */
    deposits?: Deposits;
    payouts?: PayoutWorker;
    /** The daily output job, run by the scheduler, by `npm run jobs:output` and by tests. */
    outputJob: OutputJob;
    /** The markets, whose expiry sweeper tests run by hand. */
    markets: MarketsService;
  }
}

export type AppConfig = Pick<
  Config,
  | 'env'
  | 'accessTokenTtlSeconds'
  | 'refreshTokenTtlSeconds'
  | 'rateLimit'
  | 'redisUrl'
  | 'trustProxy'
  | 'publicApiHost'
  | 'publicAppUrl'
  | 'mainSiteUrl'
  | 'webDistDir'
  | 'adminDistDir'
  | 'logLevel'
  | 'outputTimeZone'
  | 'markets'
  | 'jobs'
  | 'operators'
  | 'imageUploadMaxBytes'
> &
  Partial<Pick<Config, 'walletConnect'>>;

export type BuildAppOptions = {
  config: AppConfig;
  db: Db;
  keys: JwtKeys;
  /** Enables the internal routes the project's commands use against a running server. */
  adminToken?: string;
  /** The chain deposits and withdrawals use; without it those routes are absent (unit tests). */
  chain?: ChainContext;
  /** Background jobs (deposit scanner…); off in API tests, which drive them by hand. */
  runJobs?: boolean;
  /** Injected clock for tests of time windows. */
  now?: () => number;
  /** Where log lines go (standard output unless a test reads them); secrets are scrubbed either way. */
  logDestination?: LogDestination;
};

const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

/** Composition root: builds every module and registers its routes on one Fastify instance. */
export async function buildApp({
  config,
  db,
  keys,
  now,
  adminToken,
  chain,
  runJobs = false,
  logDestination,
}: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    // RPC errors quote the URL they called, API key and all.
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization'],
      stream: scrubbingDestination(chain ? [chain.rpcUrl] : [], logDestination),
    },
    // A hop count trusts that many proxies in front of us, as Express does (Fastify refuses numbers):
    // right only when clients cannot reach the server but through them — else list their addresses.
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    bodyLimit: 64 * 1024,
    frameworkErrors,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerJsonBodyParser(app);

  // A request without a body is checked as an empty object, so the error names the field it lacks.
  app.addHook('preValidation', async (request) => {
    if (request.body === undefined && request.routeOptions.schema?.body) request.body = {};
  });
  app.addHook('preValidation', refuseNulCharacters);

  await registerOpenApi(app);

  const redis = config.redisUrl ? new Redis(config.redisUrl, { connectTimeout: 500, maxRetriesPerRequest: 1 }) : null;
  if (redis) app.addHook('onClose', async () => void redis.disconnect());
  await app.register(fastifyRateLimit, {
    global: false,
    keyGenerator: (request) => clientKey(request.ip),
    ...(redis ? { redis, nameSpace: 'wallx-rl-' } : {}),
    errorResponseBuilder: (_request, context) =>
      new AppError('rate_limited', {
        params: { seconds: Math.max(1, Math.ceil(context.ttl / 1000)) },
        headers: { 'retry-after': String(Math.max(1, Math.ceil(context.ttl / 1000))) },
      }),
  });

  const users = createUserRepository();
  const tokens = createTokens(keys, config.accessTokenTtlSeconds);
  const team = createTeamService({
    db,
    team: createTeamRepository(),
    timeZone: config.outputTimeZone,
    publicAppUrl: config.publicAppUrl,
    ...(now ? { now } : {}),
  });
  const auth = createAuthService({
    db,
    users,
    team,
    auth: createAuthRepository(),
    tokens,
    refreshTtlSeconds: config.refreshTokenTtlSeconds,
    // Without a chain (tests of what needs none) sign-in names the local node's.
    chainId: chain?.chainId ?? foundry.id,
    publicAppUrl: config.publicAppUrl,
    ...(now ? { now } : {}),
  });
  const guards = registerAuthentication(app, auth);
  const operators = createOperatorsService({
    db,
    operators: createOperatorsRepository(),
    configured: config.operators,
    confirmSignIn: (input, origin) =>
      auth.confirmSigned(input, { statement: OPERATOR_LOGIN_STATEMENT, path: OPERATOR_CONSOLE_PATH }, origin),
    ...(now ? { now } : {}),
  });
  const requireOperator = registerOperatorAuthentication(app, operators);
  const limits = createRouteLimits(app, config.rateLimit);

  await app.register(async (api) => {
    await healthRoutes(api, { db });
    await authRoutes(api, { auth, guards, rateLimit: config.rateLimit });
    await userRoutes(api, { users: createUserService({ db, users }), guards });
    const fundPasswords = createFundPasswords({ db, confirmWithWallet: auth.confirmAction, ...(now ? { now } : {}) });
    const idempotency = createIdempotency(db);
    const ledger = createLedger();
    const funds = createFundsService({
      db,
      ledger,
      users,
      funds: createFundsRepository(),
      fundPasswords,
      idempotency,
    });
    await fundsRoutes(api, { funds, fundPasswords, guards, limits });
    // Job leases name their holder: unique per app, even when a host reuses a pid or runs two apps in one process.
    const instanceId = `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
    const observe = config.jobs.traceFile ? createJobTrace(config.jobs.traceFile) : undefined;
    const minersRepository = createMinersRepository();
    const miners = createMinersService({
      db,
      ledger,
      users,
      miners: minersRepository,
      purchases: team,
      fundPasswords,
      idempotency,
      timeZone: config.outputTimeZone,
      ...(now ? { now } : {}),
    });
    const outputJob = createOutputJob({
      db,
      timeZone: config.outputTimeZone,
      instanceId,
      observe,
      ...(now ? { now } : {}),
    });
    app.decorate('outputJob', outputJob);
    await minersRoutes(api, { miners, outputJob, guards, limits, adminToken });
    // Without a chain there are no withdrawals: their limits are then never read.
    const withdrawDefaults = (limits: AssetLimits = { min: '10', fee: '0', reviewAbove: '1', hourlyCap: '1' }) => ({
      min: limits.min,
      fee: limits.fee,
      review_above: limits.reviewAbove,
      hourly_cap: limits.hourlyCap,
    });
    const moneySettings = createMoneySettings({
      db,
      defaults: {
        withdraw: { USDT: withdrawDefaults(chain?.withdraw.USDT), WALLX: withdrawDefaults(chain?.withdraw.WALLX) },
        markets: { mtrade_fee_rate: config.markets.mtradeFeeRate, c2c_fee_rate: config.markets.c2cFeeRate },
      },
    });
    const marketsRepository = createMarketsRepository();
    const images = createImages();
    await imageRoutes(api, { db, images });
    await catalogOperatorRoutes(api, {
      operations: createCatalogOperations({
        db,
        catalog: createCatalogRepository(),
        miners: minersRepository,
        users,
        images: { check: checkImage, store: images.store },
      }),
      requireOperator,
      imageMaxBytes: config.imageUploadMaxBytes,
    });
    const markets = createMarketsService({
      db,
      ledger,
      miners: minersRepository,
      markets: marketsRepository,
      users,
      fundPasswords,
      idempotency,
      fees: moneySettings,
      ...(now ? { now } : {}),
    });
    app.decorate('markets', markets);
    await marketsRoutes(api, { markets, guards, limits });
    const marketOperations = createMarketOperations({
      db,
      ledger,
      miners: minersRepository,
      markets: marketsRepository,
    });
    await marketOperatorRoutes(api, { operations: marketOperations, requireOperator });
    await teamRoutes(api, { team, guards, inviterLookupsPerMinute: config.rateLimit.inviterLookupsPerMinute });
    await operatorRoutes(api, { operators, requireOperator, loginPerMinute: config.rateLimit.loginPerMinute });
    await feedbackRoutes(api, {
      feedback: createFeedbackService({ db, feedback: createFeedbackRepository(), ...(now ? { now } : {}) }),
      guards,
      requireOperator,
    });
    const shippingRepository = createShippingRepository();
    await shippingRoutes(api, {
      shipping: createShippingService({ db, shipping: shippingRepository, fundPasswords, ...(now ? { now } : {}) }),
      guards,
      limits,
    });
    const courseViewer = {
      region: async (userId: string) => {
        const home = await shippingRepository.defaultAddress(db, userId);
        return home ? { country: home.country, province: home.province } : null;
      },
      holdsMiner: (userId: string) => minersRepository.holdsMiner(db, userId),
    };
    await contentRoutes(api, {
      content: createContentService({ db, content: createContentRepository(), viewer: courseViewer }),
      guards,
    });
    await shippingOperatorRoutes(api, {
      operations: createShippingOperations({ db, shipping: shippingRepository, ...(now ? { now } : {}) }),
      requireOperator,
    });
    await userOperatorRoutes(api, {
      operations: createUserOperations({
        db,
        repository: createUserOperatorRepository(),
        ports: {
          // The user is its own viewer: the team module answers for the user's team as the app does.
          team: {
            summary: (user) => team.summary(user, undefined),
            members: (user, query) => team.members(user, query),
          },
          records: (userId, query) => funds.records(userId, query),
          miners: (userId, query) => miners.mine(userId, query),
          validatorPoints: async (userId) => {
            const { point_ids } = await shippingRepository.validatorPoints(db, userId);
            return shippingRepository.pointNames(db, point_ids);
          },
          region: courseViewer.region,
          withdrawOrders: (trx, operator, userId, reason) =>
            marketOperations.withdrawAllOf(trx, operator, userId, reason),
        },
      }),
      requireOperator,
    });
    // A course may be limited to the countries and provinces an address may be in.
    const isRegion = (code: string) =>
      regions.some(
        ({ country, provinces }) => country === code || provinces.some((province) => province.code === code),
      );
    await contentOperatorRoutes(api, {
      operations: createContentOperations({ db, content: createContentOperatorRepository(), isRegion }),
      requireOperator,
    });
    const dashboard = createDashboardService({
      db,
      dashboard: createDashboardRepository(),
      chainBalances: chain ? createChainBalances(chain) : null,
      timeZone: config.outputTimeZone,
      log: app.log,
      ...(now ? { now } : {}),
    });
    await dashboardRoutes(api, { dashboard, requireOperator });
    // On close every job is stopped (its pass finished), then its leases are given up, so that another
    // instance takes over at its next pass rather than when the leases lapse (payouts: two minutes).
    const jobs: { stop: () => Promise<void> }[] = [];
    app.addHook('onClose', async () => {
      for (const job of jobs) await job.stop();
      if (jobs.length > 0) await releaseLeasesOf(db, instanceId);
    });
    if (runJobs) {
      // Checked every minute (OUTPUT_CHECK_INTERVAL_MS); it produces once a day has ended (and catches up missed days).
      const daily = repeat('miner-output', () => outputJob.catchUp(), {
        intervalMs: config.jobs.outputCheckIntervalMs,
        log: app.log,
      });
      // One sweeper at a time: two would only race for the same rows (each skips what the other locked).
      // The holder keeps the lease from pass to pass; if it dies, another takes over once it lapses.
      const sweeperLease = {
        name: 'market-expiry',
        holder: instanceId,
        ttlMs: Math.max(30_000, 3 * config.markets.sweepIntervalMs),
        observe,
      };
      const sweeper = repeat('market-expiry', () => runLeased(db, sweeperLease, () => markets.expireOnce()), {
        intervalMs: config.markets.sweepIntervalMs,
        log: app.log,
      });
      jobs.push(daily, sweeper);
    }
    if (chain) {
      const deposits = createDeposits({
        db,
        chain,
        ledger,
        users,
        repository: createDepositRepository(),
        instanceId,
        maxUnresolvedReports: config.rateLimit.unresolvedDepositReports,
        observe,
      });
      const withdrawalRepository = createWithdrawalRepository();
      const postings = createWithdrawalPostings({ ledger, repository: withdrawalRepository });
      const withdrawals = createWithdrawals({
        db,
        settings: moneySettings,
        users,
        fundPasswords,
        idempotency,
        repository: withdrawalRepository,
        postings,
      });
      const payouts = createPayoutWorker({
        db,
        chain,
        repository: withdrawalRepository,
        postings,
        instanceId,
        observe,
      });
      app.decorate('deposits', deposits);
      app.decorate('payouts', payouts);
      await depositRoutes(api, { deposits, guards, limits, requireOperator });
      await withdrawalRoutes(api, { withdrawals, guards, limits, requireOperator });
      const proposals = createProposals({
        db,
        repository: createProposalsRepository(),
        handlers: { ...withdrawals.proposalHandlers(payouts), ...deposits.proposalHandlers() },
        ...(now ? { now } : {}),
      });
      await proposalRoutes(api, { proposals, requireOperator });
      const operatorMoney = createOperatorMoney({
        db,
        repository: createOperatorMoneyRepository(),
        settings: moneySettings,
        chain,
        timeZone: config.outputTimeZone,
        stuckAfterMs: PAYOUT_STUCK_AFTER_MS,
        ...(now ? { now } : {}),
      });
      await operatorMoneyRoutes(api, { money: operatorMoney, requireOperator });
      if (runJobs) {
        const scanner = repeat('deposit-scanner', () => deposits.scanOnce(), {
          intervalMs: chain.scanIntervalMs,
          log: app.log,
        });
        const payer = repeat('payout-worker', () => payouts.processOnce(), {
          intervalMs: chain.scanIntervalMs,
          log: app.log,
        });
        jobs.push(scanner, payer);
      }
    }
    await ledgerRoutes(api, { db, adminToken });
    api.get('/api/openapi.json', { schema: { hide: true } }, async () => api.swagger());
  });

  await registerWebApp(
    app,
    config.webDistDir
      ? {
          distDir: config.webDistDir,
          adminDistDir: config.adminDistDir,
          apiHost: config.publicApiHost,
          mainSiteUrl: config.mainSiteUrl,
          walletConnect: config.walletConnect && chain ? { ...config.walletConnect, chainId: chain.chainId } : null,
          isProduction: config.env === 'production',
        }
      : null,
  );
  return app;
}
