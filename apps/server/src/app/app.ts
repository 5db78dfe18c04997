import type { FastifyInstance } from 'fastify';
import type { ChainContext } from '../platform/chain/context.js';
import type { ModuleContext, RouteRegistration } from '../kernel/module-context.js';
import { createSharedDeps, type BuildAppOptions } from './context.js';
import * as ports from './ports.js';
import { createRouteLimits } from '../platform/http/rate-limits.js';
import { clientKey } from '../platform/http/client-key.js';
import { createFastifyApp } from '../platform/http/fastify-app.js';
import { refuseWhileDraining } from '../platform/http/drain.js';
import { registerWebApp } from '../platform/http/web-app.js';
import { scheduleJobs } from '../platform/jobs/schedule.js';
import { createChainBalances } from '../platform/chain/balances.js';
import { serveMetrics } from '../platform/metrics/endpoint.js';
import { instrumentHttp } from '../platform/metrics/metrics.js';
import { registerProductMetrics } from './product-metrics.js';
import { createMetricsRepository } from './product-metrics-repository.js';
import { aidFundModule } from '../modules/aid-fund/module.js';
import { authModule } from '../modules/auth/module.js';
import { catalogModule } from '../modules/catalog/module.js';
import { checkinsModule } from '../modules/checkins/module.js';
import { companionModule } from '../modules/companion/module.js';
import { contentModule } from '../modules/content/module.js';
import { dashboardModule } from '../modules/dashboard/module.js';
import { depositsModule } from '../modules/deposits/module.js';
import { eventsModule } from '../modules/events/module.js';
import { feedbackModule } from '../modules/feedback/module.js';
import { fundsModule } from '../modules/funds/module.js';
import { healthModule } from '../modules/health/module.js';
import { leaderboardModule } from '../modules/leaderboard/module.js';
import { imagesModule } from '../modules/images/module.js';
import { fundPasswordModule } from '../kernel/fund-password/module.js';
import { ledgerModule } from '../kernel/ledger/module.js';
import { marketsModule } from '../modules/markets/module.js';
import { minersModule } from '../modules/miners/module.js';
import { moneyConsoleModule } from '../modules/money-console/module.js';
import { operatorsModule } from '../modules/operators/module.js';
import { proposalsModule } from '../modules/proposals/module.js';
import { recipientsModule } from '../modules/recipients/module.js';
import { shippingModule } from '../modules/shipping/module.js';
import { stakingModule } from '../modules/staking/module.js';
import { stakingPoolModule } from '../modules/staking-pool/module.js';
import { treasuryModule } from '../modules/treasury/module.js';
import { createTeam, teamModule } from '../modules/team/module.js';
import type { TeamService } from '../modules/team/service.js';
import { userModule } from '../modules/user/module.js';
import { wellbeingConsoleModule } from '../modules/wellbeing-console/module.js';
import { withdrawalsModule } from '../modules/withdrawals/module.js';

/**
 * Composition root: builds every module from the shared dependencies and the ports between them
 * (app/ports.ts), registers their routes on one Fastify instance, and schedules the jobs.
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, chain } = options;
  const app = await createFastifyApp({ config, chain, logDestination: options.logDestination });
  if (options.drain && config.shutdownDrainMode === 'refuse') refuseWhileDraining(app, options.drain);
  const shared = createSharedDeps(app, options);
  // Served on a listener of its own or for a token; otherwise requests are not even timed.
  const isMetricsServed = Boolean(config.metrics && (config.metrics.port !== null || config.metrics.token !== null));
  if (isMetricsServed) instrumentHttp(app, shared.metrics);

  // Sign-in comes first: every other module's routes are guarded by it.
  const team = createTeam(shared);
  const auth = authModule(shared, { keys: options.keys, team });
  const operators = operatorsModule(shared, { confirmSignIn: ports.operatorSignIn(auth.auth) });
  const ctx: ModuleContext = {
    ...shared,
    guards: auth.guards,
    requireOperator: operators.requireOperator,
    limits: createRouteLimits(app, config.rateLimit),
    fundPasswords: ports.walletFundPasswords(shared, auth.auth),
  };

  const events = eventsModule(ctx, eventStreamOptions(options, auth.auth.inactiveSessions));
  const funds = fundsModule(ctx);
  const miners = minersModule(ctx, { purchases: team });
  const images = imagesModule(ctx);
  const catalog = catalogModule(ctx, { miners: miners.repository, images: images.productImages });
  const markets = marketsModule(ctx, { miners: miners.repository });
  const staking = stakingModule(ctx);
  // Who may earn check-in rewards and prizes: a working miner or a stake (ECOSYSTEM.md).
  const mayEarn = ports.workingMiners(miners.repository, staking.holders);
  const leaderboard = leaderboardModule(ctx, { miners: mayEarn });
  const shipping = shippingModule(ctx);
  const content = contentModule(ctx, {
    viewer: ports.courseViewer(ctx, shipping, miners.repository),
    isRegion: shipping.isRegion,
  });
  const user = userModule(
    ctx,
    ports.userOperatorPorts({
      team,
      funds: funds.funds,
      miners: miners.miners,
      shipping,
      marketOperations: markets.operations,
    }),
  );
  const deposits = chain && depositsModule(ctx, chain);
  const withdrawals = chain && withdrawalsModule(ctx, chain);
  const treasury = chain && treasuryModule(ctx, chain);
  const wellbeing = wellbeingConsoleModule(ctx);
  const aidFund = aidFundModule(ctx, { payouts: withdrawals ? withdrawals.grantPayouts : null });
  const stakingPool = stakingPoolModule(ctx);
  const companion = companionModule(ctx);
  // Money decisions need the chain; operator changes, the fees and limits and the reward rules and
  // budget are proposals either way.
  const proposals = proposalsModule(ctx, {
    handlers: {
      ...operators.proposalHandlers,
      'money_settings.update': ctx.moneySettings.proposalHandler(),
      ...wellbeing.proposalHandlers,
      ...aidFund.proposalHandlers,
      ...stakingPool.proposalHandlers,
      ...(deposits && withdrawals
        ? ports.proposalHandlers(withdrawals.withdrawals, withdrawals.payouts, deposits.deposits)
        : {}),
    },
    operators: operators.operators,
  });
  const propose = proposals.proposals.propose;
  const dashboard = dashboardModule(ctx, {
    holdings: treasury ? treasury.treasury.holdings : null,
    scanner: deposits ? deposits.deposits.scannerProgress : null,
  });
  if (isMetricsServed) productMetrics(options, shared, { deposits, withdrawals, dashboard });

  // The order of registration is the order of the OpenAPI document's paths, kept as it was.
  const routes: RouteRegistration[] = [
    healthModule(ctx, { drain: options.drain }).routes,
    auth.routes,
    user.routes,
    fundPasswordModule(ctx).routes,
    funds.routes,
    recipientsModule(ctx).routes,
    miners.routes,
    images.routes,
    catalog.routes,
    markets.routes,
    teamModule(ctx, team).routes,
    operators.routes(propose),
    feedbackModule(ctx).routes,
    checkinsModule(ctx, { miners: mayEarn }).routes,
    shipping.routes,
    content.routes,
    shipping.operatorRoutes,
    user.operatorRoutes,
    content.operatorRoutes,
    dashboard.routes,
    ...(chain && deposits && withdrawals && treasury ? [deposits.routes, withdrawals.routes] : []),
    proposals.routes,
    ...(chain && deposits && withdrawals && treasury
      ? [
          withdrawals.operatorRoutes,
          deposits.operatorRoutes,
          moneyConsoleModule(ctx, chain, { propose }).routes,
          treasury.routes,
        ]
      : []),
    leaderboard.routes,
    leaderboard.operatorRoutes,
    wellbeing.routes(propose),
    staking.routes,
    aidFund.routes,
    aidFund.operatorRoutes(propose),
    stakingPool.routes(propose),
    companion.routes,
    companion.operatorRoutes,
    ledgerModule(ctx).routes,
    events.routes,
  ];
  // Configuration's operators exist without a proposal: the audit log names them (decision 120).
  await operators.operators.recordBootstrap();
  await app.register(async (api) => {
    for (const register of routes) await register(api);
    api.get('/api/openapi.json', { schema: { hide: true } }, async () => api.swagger());
  });
  serveMetrics(app, shared.metrics, config.metrics);

  scheduleJobs(app, {
    db: ctx.db,
    config,
    instanceId: ctx.instanceId,
    observe: ctx.observe,
    runJobs: options.runJobs ?? false,
    outputCatchUp: () => miners.outputJob.catchUp(),
    marketExpiry: () => markets.markets.expireOnce(),
    forgetOldEvents: () => events.notices.forgetOld(),
    leaderboardClose: () => leaderboard.weeklyClose.closeDue(),
    stakeMaturity: () => staking.maturity.returnDue(),
    stakingDistribution: () => stakingPool.distribution.distributeDue(),
    companionRetention: () => companion.retention.forgetOld(),
    chain: chain && deposits && withdrawals && treasury ? chainJobs(chain, deposits, withdrawals, treasury) : null,
  });

  await serveWebApp(app, config, chain, team);
  return app;
}

/** The event streams' limits (the configuration's, else their defaults) and where they hear of changes. */
function eventStreamOptions(
  options: BuildAppOptions,
  inactiveSessions: ReturnType<typeof authModule>['auth']['inactiveSessions'],
): Parameters<typeof eventsModule>[1] {
  const { events } = options.config;
  return {
    listen: options.listen,
    heartbeatMs: events?.heartbeatMs ?? 15_000,
    pollMs: events?.pollMs ?? 100,
    maxStreamsPerUser: events?.maxStreamsPerUser ?? 5,
    maxStreamsPerIp: events?.maxStreamsPerIp ?? 100,
    maxStreams: events?.maxStreams ?? 10_000,
    inactiveSessions,
  };
}

type Built<T extends (...args: never[]) => unknown> = NonNullable<ReturnType<T>>;

/** The product's own series (balances, payouts, the scanner), read on each scrape. */
function productMetrics(
  options: BuildAppOptions,
  shared: ReturnType<typeof createSharedDeps>,
  modules: {
    deposits: Built<typeof depositsModule> | undefined;
    withdrawals: Built<typeof withdrawalsModule> | undefined;
    dashboard: ReturnType<typeof dashboardModule>;
  },
): void {
  const { chain, config } = options;
  const { deposits, withdrawals, dashboard } = modules;
  registerProductMetrics({
    metrics: shared.metrics,
    db: shared.db,
    repository: createMetricsRepository(),
    pool: options.pool,
    chain:
      chain && deposits && withdrawals
        ? {
            chain,
            balances: createChainBalances(chain),
            scannerProgress: () => deposits.deposits.scannerProgress(),
            stuckAfterMs: withdrawals.stuckAfterMs,
            dashboard: dashboard.dashboard,
          }
        : null,
    cacheMs: config.metrics?.cacheMs ?? 0,
  });
}

/** The chain's jobs: the deposit scan, and one job that sends from the hot wallet. */
function chainJobs(
  chain: ChainContext,
  deposits: Built<typeof depositsModule>,
  withdrawals: Built<typeof withdrawalsModule>,
  treasury: Built<typeof treasuryModule>,
) {
  return {
    scanIntervalMs: chain.scanIntervalMs,
    depositScan: () => deposits.deposits.scanOnce(),
    // One job sends from the hot wallet, so its nonces have one writer: payouts first, then
    // sweeps into it, then its excess to cold.
    // A step that fails (an RPC call, say) does not keep the others from their pass.
    hotWallet: async () => {
      const steps = [
        () => withdrawals.payouts.processOnce(),
        () => treasury.worker.sweepOnce(),
        () => treasury.worker.coolOnce(),
      ];
      const failures: unknown[] = [];
      for (const step of steps) await step().catch((error: unknown) => failures.push(error));
      if (failures.length > 0) throw failures[0];
    },
  };
}

/** The app's and the console's pages, when the build is there to serve. */
function serveWebApp(
  app: FastifyInstance,
  config: BuildAppOptions['config'],
  chain: ChainContext | undefined,
  team: TeamService,
) {
  const inviterLookups = app.createRateLimit({
    max: config.rateLimit.inviterLookupsPerMinute,
    timeWindow: 60_000,
    keyGenerator: (request) => `join-page:${clientKey(request.ip)}`,
  });
  return registerWebApp(
    app,
    config.webDistDir
      ? {
          distDir: config.webDistDir,
          adminDistDir: config.adminDistDir,
          apiHost: config.publicApiHost,
          mainSiteUrl: config.mainSiteUrl,
          walletConnect: config.walletConnect && chain ? { ...config.walletConnect, chainId: chain.chainId } : null,
          isProduction: config.env === 'production',
          publicAppUrl: config.publicAppUrl,
          // The /join link's preview names its inviter as the join page does: shortened, or not at all.
          // Counted per client as the API's lookup is, so that share codes cannot be tried through
          // pages faster than through GET /api/share/inviter: past the limit, the generic card.
          inviterOf: async (code, request) => {
            if (code.length > 64) return null;
            // isAllowed means the allow list's; a counted request says whether it went over.
            const counted = await inviterLookups(request);
            if (!counted.isAllowed && counted.isExceeded) return null;
            return team.inviter(code).then(
              ({ address }) => address,
              () => null,
            );
          },
        }
      : null,
  );
}
