import path from 'node:path';
import { z } from 'zod';
import { ADDRESS_PATTERN, feeRateSchema, operatorRoles, type OperatorRole } from '@wallx/shared';
import { chainConfig, chainEnvShape, type LocalHotWallet, type NetworkHotWallet } from './chain.js';
import { companionConfig, companionEnvShape, type CompanionConfig } from './companion.js';
import { durationMs } from './duration.js';
import { ConfigError } from './error.js';
import { developmentDefaultProblems, trustProxySetting } from './guards.js';
import { isTimeZone } from '../time/days.js';

/**
 * The one place that reads the environment. Everything else receives a `Config`.
 * Booleans and numbers arrive as strings, so they are coerced here and nowhere else.
 */

/** A fee as a share of the price or amount: 0 to 1, at most 6 decimals (the console keeps the same rule). */
const feeRate = feeRateSchema;

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: z.string().url().optional(),
  /** A role that owns the schema, for the migrations; the server's own role (DATABASE_URL) then needs no more than reading and writing rows. */
  MIGRATION_DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  MAIN_SITE_URL: z.string().url().default('https://wallx.io'),
  PUBLIC_API_HOST: z
    .string()
    .default('')
    .refine((v) => v === '' || /^https?:\/\/[^/]+$/.test(v), 'must be empty or an origin like https://api.example.com'),
  PUBLIC_APP_URL: z
    .string()
    .default('')
    .refine((v) => v === '' || /^https?:\/\/[^/]+$/.test(v), 'must be empty or an origin like https://app.example.com'),
  JWT_PRIVATE_KEY: z.string().optional(),
  JWT_PUBLIC_KEY: z.string().optional(),
  /** The public key of the pair being rotated away from (or to): its tokens are still accepted. */
  JWT_PREVIOUS_PUBLIC_KEY: z.string().optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(5).max(86_400).default(900),
  REFRESH_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .max(365 * 86_400)
    .default(30 * 86_400),
  RATE_LIMIT_LOGIN_PER_MINUTE: z.coerce.number().int().min(1).default(20),
  RATE_LIMIT_REFRESH_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  RATE_LIMIT_FUND_PASSWORD_PER_USER_PER_MINUTE: z.coerce.number().int().min(1).default(20),
  RATE_LIMIT_FUND_PASSWORD_PER_IP_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  RATE_LIMIT_DEPOSIT_REPORTS_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  RATE_LIMIT_INVITER_LOOKUPS_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  RATE_LIMIT_WRITEOFF_CODES_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  RATE_LIMIT_RECIPIENT_CHECKS_PER_MINUTE: z.coerce.number().int().min(1).default(20),
  RATE_LIMIT_RECIPIENT_CHECKS_PER_IP_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  RATE_LIMIT_CHECKINS_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  DEPOSIT_UNRESOLVED_REPORTS_MAX: z.coerce.number().int().min(1).default(10),
  REDIS_URL: z.string().url().optional(),
  TRUST_PROXY: trustProxySetting,
  // Operators who may open the console whatever the database says: the first admin, at least.
  OPERATORS: z
    .string()
    .default('')
    .transform((v, ctx) => {
      const operators: { address: string; role: OperatorRole }[] = [];
      for (const entry of v
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean)) {
        const [address = '', role = ''] = entry.split(':').map((part) => part.trim());
        if (!ADDRESS_PATTERN.test(address) || !(operatorRoles as readonly string[]).includes(role)) {
          ctx.addIssue({
            code: 'custom',
            message: `"${entry}" must be address:role, the role one of ${operatorRoles.join(', ')}`,
          });
          return z.NEVER;
        }
        operators.push({ address: address.toLowerCase(), role: role as OperatorRole });
      }
      return operators;
    }),
  /** How long an operator newly added, given a role or enabled again approves nothing (decision 119). */
  OPERATOR_COOLDOWN: durationMs(30 * 86_400_000).default(24 * 3_600_000),
  WEB_DIST_DIR: z.string().optional(),
  ADMIN_DIST_DIR: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** The largest product image an operator may upload, in bytes. */
  IMAGE_UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(20 * 1024 * 1024)
    .default(1024 * 1024),
  OUTPUT_TIME_ZONE: z
    .string()
    .default('Asia/Shanghai')
    .refine(isTimeZone, 'must be an IANA time zone such as Asia/Shanghai'),
  /** The aid fund's share of each staking distribution until operators approve another (decision 143). */
  AID_FUND_SHARE: z
    .string()
    .regex(/^(0(\.\d{1,18})?|1(\.0{1,18})?)$/, 'must be a decimal from 0 to 1 such as 0.1')
    .default('0.1'),
  DEMO_CATALOG: z.enum(['auto', 'true', 'false']).default('auto'),
  /** How long an operator's review of a withdrawal usually takes: the app says so before Confirm. */
  WITHDRAW_REVIEW_HOURS: z.coerce.number().int().min(1).max(720).default(24),
  MTRADE_FEE_RATE: feeRate.default('0.05'),
  C2C_FEE_RATE: feeRate.default('0.01'),
  MARKET_SWEEP_INTERVAL_MS: z.coerce.number().int().min(100).default(5000),
  OUTPUT_CHECK_INTERVAL_MS: z.coerce.number().int().min(100).default(60_000),
  JOB_TRACE_FILE: z.string().optional(),
  EVENTS_HEARTBEAT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  EVENTS_POLL_MS: z.coerce.number().int().min(10).max(10_000).default(100),
  EVENTS_MAX_STREAMS_PER_USER: z.coerce.number().int().min(1).max(100).default(5),
  EVENTS_MAX_STREAMS_PER_IP: z.coerce.number().int().min(1).max(100_000).default(100),
  EVENTS_MAX_STREAMS: z.coerce.number().int().min(1).max(1_000_000).default(10_000),
  /** Prometheus metrics on a listener of their own (never the public port's); unset: no listener. */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  /** Metrics on the main port at /metrics too, for a scraper presenting `Authorization: Bearer <token>`. */
  METRICS_TOKEN: z
    .string()
    .regex(/^[\x21-\x7e]{32,}$/, 'must be at least 32 printable characters without spaces')
    .optional(),
  /** How long the product gauges (database counts, chain reads) are reused between scrapes. */
  METRICS_CACHE_MS: z.coerce.number().int().min(0).max(300_000).default(5000),
  /** Traces by OTLP (http/json) to `<endpoint>/v1/traces`, e.g. an OpenTelemetry collector's http://127.0.0.1:4318; unset: no tracing. */
  OTEL_EXPORTER_OTLP_ENDPOINT: z
    .string()
    .url()
    .refine((v) => /^https?:\/\//.test(v), 'must be an http:// or https:// URL such as http://127.0.0.1:4318')
    .optional(),
  /** The share of requests and job passes traced (a caller's sampled traceparent always is). */
  OTEL_TRACES_SAMPLER_ARG: z.coerce.number().min(0).max(1).default(0.05),
  OTEL_SERVICE_NAME: z
    .string()
    .regex(/^[\w.-]{1,64}$/, 'must be a name of letters, digits, dots, dashes or underscores')
    .default('wallx'),
  /** After SIGTERM, how long the ready probe answers 503 while requests are still served, before the listener closes. */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(120_000).default(5000),
  /** Meanwhile: `serve` requests (a balancer that polls the ready probe) or `refuse` them with 503 (an edge that resends a 503 elsewhere, nginx). */
  SHUTDOWN_DRAIN_MODE: z.enum(['serve', 'refuse']).default('serve'),

  /** WalletConnect v2 (the connect sheet's option for wallets in no browser); unset: the option is hidden. */
  WALLETCONNECT_PROJECT_ID: z
    .string()
    .regex(/^[\w-]{1,64}$/, 'must be the project id WalletConnect (Reown) gave you')
    .optional(),
  WALLETCONNECT_RELAY_URL: z
    .string()
    .default('wss://relay.walletconnect.org')
    .refine((v) => /^wss?:\/\/[^/]+\/?$/.test(v), 'must be a ws:// or wss:// origin'),
  ...chainEnvShape,
  ...companionEnvShape,
});

/**
 * Per asset: the smallest withdrawal, its fee, the review threshold (one request, or a user's last
 * 24 hours together, above it waits for an operator) and the platform's hourly cap (withdrawals
 * paid without review in the last hour; past it, further ones wait for an operator).
 */
export type AssetLimits = { min: string; fee: string; reviewAbove: string; hourlyCap: string };

/** The hot wallet's marks of one token (decimal strings, low ≤ target ≤ high). */
export type HotWalletMarks = { low: string; target: string; high: string };

/** Sweeps and the hot/cold split (issue 33). `coldWallet` null on local: a dev account is used. */
export type TreasuryConfig = {
  coldWallet: string | null;
  sweepMin: Record<'USDT' | 'WALLX', string>;
  hot: Record<'USDT' | 'WALLX', HotWalletMarks>;
};

export type ChainConfig =
  | {
      kind: 'local';
      hotWallet: LocalHotWallet;
      treasury: TreasuryConfig;
      confirmations: number;
      scanBlockRange: number;
      scanIntervalMs: number;
      rpcMaxLagBlocks: number;
      withdraw: Record<'USDT' | 'WALLX', AssetLimits>;
    }
  | {
      kind: 'bsc' | 'bsc-testnet';
      chainId: number;
      rpcUrls: string[];
      /** How many nodes must answer a money question alike (RPC_QUORUM). */
      rpcQuorum: number;
      publicRpcUrl: string;
      explorerUrl: string;
      tokens: { USDT: string; WALLX: string };
      depositAddress: string;
      /** The DepositFactory that deploys and sweeps users' own deposit addresses. */
      depositFactory: string;
      hotWallet: NetworkHotWallet;
      treasury: TreasuryConfig;
      confirmations: number;
      scanBlockRange: number;
      scanIntervalMs: number;
      rpcMaxLagBlocks: number;
      withdraw: Record<'USDT' | 'WALLX', AssetLimits>;
    };

export { ConfigError };

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** null → the embedded PGlite database in `dataDir`. */
  databaseUrl: string | null;
  /** Where the migrations run (a role owning the schema); null: on `databaseUrl`, as the server's own role. */
  migrationDatabaseUrl: string | null;
  dataDir: string;
  mainSiteUrl: string;
  publicApiHost: string;
  /** The origin invite links point at; empty: the origin the request came to. */
  publicAppUrl: string;
  /**
   * `previousPublicKeyPem`: during a key rotation, a second key whose tokens are still accepted (never
   * used to sign), so that instances on either pair accept each other's tokens (docs/operations.md).
   */
  jwt: { privateKeyPem: string | null; publicKeyPem: string | null; previousPublicKeyPem: string | null };
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  rateLimit: {
    loginPerMinute: number;
    refreshPerMinute: number;
    fundPasswordPerUserPerMinute: number;
    fundPasswordPerIpPerMinute: number;
    depositReportsPerMinute: number;
    /** Share-code lookups of the /join page, per client IP: codes are short enough to be worth guessing. */
    inviterLookupsPerMinute: number;
    /** Voucher lookups and write-offs per validator and per client IP: each is a guess at a code. */
    writeoffCodesPerMinute: number;
    /** Recipient checks before a transfer's review, per user: each says whether an address is an account. */
    recipientChecksPerMinute: number;
    /** The same per client IP: higher, since many phones can share one address (a carrier's NAT). */
    recipientChecksPerIpPerMinute: number;
    /** Check-in writes (today's check-in, deleting the history) per user. */
    checkinsPerMinute: number;
    /** Messages to the companion (each a call to the model) and its other writes, per user. */
    companionPerMinute?: number;
    /** Reports of deposits the chain has not settled yet (pending or confirming, last 24 hours) one user may have. */
    unresolvedDepositReports: number;
  };
  redisUrl: string | null;
  /**
   * Whom to believe about the client's address in X-Forwarded-For: nobody, the last N hops, or
   * these proxy addresses. Never every hop: a client could then name any address it likes.
   */
  trustProxy: false | number | string[];
  /** Operators named by configuration (lower-case addresses): they need no row, and a row cannot demote them. */
  operators: { address: string; role: OperatorRole }[];
  /** An operator newly added, given a role or enabled again approves no proposal for this long. */
  operatorCooldownMs: number;
  webDistDir: string | null;
  /** The operator console's build, served at /admin. */
  adminDistDir: string | null;
  logLevel: string;
  chain: ChainConfig;
  /** WalletConnect for the app, when the operator set a project id; its relay's origin. */
  walletConnect: { projectId: string; relayUrl: string } | null;
  /** The daily output job runs at this zone's midnight; a miner's output days are its dates. */
  outputTimeZone: string;
  /** How long a withdrawal's review usually takes, in hours, as the app tells the user. */
  withdrawReviewHours: number;
  /** The largest product image an operator may upload, in bytes. */
  imageUploadMaxBytes: number;
  /** Seed the demo miner catalog into an empty catalog: on the embedded database unless told otherwise. */
  demoCatalog: boolean;
  markets: { mtradeFeeRate: string; c2cFeeRate: string; sweepIntervalMs: number };
  /** The staking pool (issue 48): the aid fund's share of a distribution until operators change it. */
  staking: { aidFundShare: string };
  /**
   * How often each instance checks whether a day's output is due (a minute: the day is produced within
   * a minute of midnight), and where to trace the leased jobs' passes (null: nowhere).
   */
  jobs: { outputCheckIntervalMs: number; traceFile: string | null };
  /**
   * Prometheus metrics: on their own listener (`port`, bound to `host`) and/or on the main port for a
   * bearer `token`. Both null: nothing is served and no request is timed.
   */
  metrics: MetricsConfig;
  tracing: TracingSettings;
  /** After SIGTERM: the ready probe answers 503 this long while the listener still serves, so load balancers move away first. */
  shutdownDrainMs: number;
  /** During that while: serve requests, or refuse all but the probes with 503 `not_ready` before any route runs. */
  shutdownDrainMode: 'serve' | 'refuse';
  /** Event streams: new events looked for every `pollMs`; a comment every `heartbeatMs` keeps proxies from cutting them; so many per user, per client IP (IPv6: per /64) and on this instance. */
  /** The AI companion (issue 49): its model (null: unavailable), the data key, retention, allowance, budget. */
  companion: CompanionConfig;
  events: {
    heartbeatMs: number;
    pollMs: number;
    maxStreamsPerUser: number;
    maxStreamsPerIp: number;
    maxStreams: number;
  };
};

/** OTLP tracing (platform/tracing): null, off, and nothing of OpenTelemetry is loaded. */
export type TracingSettings = { endpoint: string; serviceName: string; sampleRatio: number } | null;

export type MetricsConfig = { port: number | null; host: string; token: string | null; cacheMs: number };

/** The slice of the configuration the app itself reads (tests build it without the environment). */
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
  | 'operatorCooldownMs'
  | 'imageUploadMaxBytes'
> &
  Partial<
    Pick<
      Config,
      'walletConnect' | 'metrics' | 'events' | 'withdrawReviewHours' | 'staking' | 'companion' | 'shutdownDrainMode'
    >
  >;

/** The largest JSON body a request may carry (product images are uploaded raw, with their own limit). */
export const BODY_LIMIT_BYTES = 64 * 1024;

/**
 * The withdrawal settings' defaults when the app has no chain (unit tests): there are no withdrawals
 * then, so they are never read, but the money settings need a value for each asset.
 */
export const NO_CHAIN_WITHDRAW_LIMITS: AssetLimits = { min: '10', fee: '0', reviewAbove: '1', hourlyCap: '1' };

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // An empty variable means "not set", as in most deployment tools.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  // Malformed values, missing chain settings and development defaults are named together: an
  // operator fixes them in one go rather than one restart at a time.
  const unsafe = developmentDefaultProblems(present);
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    throw ConfigError.of([...parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`), ...unsafe]);
  }
  const e = parsed.data;
  const problems = [
    Boolean(e.JWT_PRIVATE_KEY) !== Boolean(e.JWT_PUBLIC_KEY) &&
      'JWT_PRIVATE_KEY and JWT_PUBLIC_KEY must be set together',
    e.JWT_PREVIOUS_PUBLIC_KEY &&
      !e.JWT_PUBLIC_KEY &&
      'JWT_PREVIOUS_PUBLIC_KEY: needs JWT_PRIVATE_KEY and JWT_PUBLIC_KEY (a rotation is from one configured pair to another)',
    e.MIGRATION_DATABASE_URL &&
      !e.DATABASE_URL &&
      'MIGRATION_DATABASE_URL: needs DATABASE_URL (the embedded database has one role)',
  ].filter((line): line is string => typeof line === 'string');
  let chain: ChainConfig | undefined;
  try {
    chain = chainConfig(e);
  } catch (error) {
    if (!(error instanceof ConfigError) || error.problems.length === 0) throw error;
    problems.push(...error.problems);
  }
  const companion = companionConfig(e);
  problems.push(...companion.problems);
  problems.push(...unsafe);
  if (problems.length > 0 || !chain) throw ConfigError.of(problems);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL ?? null,
    migrationDatabaseUrl: e.MIGRATION_DATABASE_URL ?? null,
    dataDir: path.resolve(e.DATA_DIR),
    mainSiteUrl: e.MAIN_SITE_URL,
    publicApiHost: e.PUBLIC_API_HOST,
    publicAppUrl: e.PUBLIC_APP_URL,
    jwt: {
      privateKeyPem: e.JWT_PRIVATE_KEY ?? null,
      publicKeyPem: e.JWT_PUBLIC_KEY ?? null,
      previousPublicKeyPem: e.JWT_PREVIOUS_PUBLIC_KEY ?? null,
    },
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlSeconds: e.REFRESH_TOKEN_TTL_SECONDS,
    rateLimit: {
      loginPerMinute: e.RATE_LIMIT_LOGIN_PER_MINUTE,
      refreshPerMinute: e.RATE_LIMIT_REFRESH_PER_MINUTE,
      fundPasswordPerUserPerMinute: e.RATE_LIMIT_FUND_PASSWORD_PER_USER_PER_MINUTE,
      fundPasswordPerIpPerMinute: e.RATE_LIMIT_FUND_PASSWORD_PER_IP_PER_MINUTE,
      depositReportsPerMinute: e.RATE_LIMIT_DEPOSIT_REPORTS_PER_MINUTE,
      inviterLookupsPerMinute: e.RATE_LIMIT_INVITER_LOOKUPS_PER_MINUTE,
      writeoffCodesPerMinute: e.RATE_LIMIT_WRITEOFF_CODES_PER_MINUTE,
      recipientChecksPerMinute: e.RATE_LIMIT_RECIPIENT_CHECKS_PER_MINUTE,
      recipientChecksPerIpPerMinute: e.RATE_LIMIT_RECIPIENT_CHECKS_PER_IP_PER_MINUTE,
      checkinsPerMinute: e.RATE_LIMIT_CHECKINS_PER_MINUTE,
      companionPerMinute: e.RATE_LIMIT_COMPANION_PER_MINUTE,
      unresolvedDepositReports: e.DEPOSIT_UNRESOLVED_REPORTS_MAX,
    },
    redisUrl: e.REDIS_URL ?? null,
    trustProxy: e.TRUST_PROXY,
    operators: e.OPERATORS,
    operatorCooldownMs: e.OPERATOR_COOLDOWN,
    webDistDir: e.WEB_DIST_DIR ? path.resolve(e.WEB_DIST_DIR) : null,
    adminDistDir: e.ADMIN_DIST_DIR ? path.resolve(e.ADMIN_DIST_DIR) : null,
    logLevel: e.LOG_LEVEL,
    chain,
    walletConnect: e.WALLETCONNECT_PROJECT_ID
      ? { projectId: e.WALLETCONNECT_PROJECT_ID, relayUrl: e.WALLETCONNECT_RELAY_URL.replace(/\/$/, '') }
      : null,
    outputTimeZone: e.OUTPUT_TIME_ZONE,
    staking: { aidFundShare: e.AID_FUND_SHARE },
    withdrawReviewHours: e.WITHDRAW_REVIEW_HOURS,
    demoCatalog: e.DEMO_CATALOG === 'auto' ? !e.DATABASE_URL : e.DEMO_CATALOG === 'true',
    imageUploadMaxBytes: e.IMAGE_UPLOAD_MAX_BYTES,
    markets: {
      mtradeFeeRate: e.MTRADE_FEE_RATE,
      c2cFeeRate: e.C2C_FEE_RATE,
      sweepIntervalMs: e.MARKET_SWEEP_INTERVAL_MS,
    },
    jobs: {
      outputCheckIntervalMs: e.OUTPUT_CHECK_INTERVAL_MS,
      traceFile: e.JOB_TRACE_FILE ? path.resolve(e.JOB_TRACE_FILE) : null,
    },
    metrics: {
      port: e.METRICS_PORT ?? null,
      host: e.METRICS_HOST,
      token: e.METRICS_TOKEN ?? null,
      cacheMs: e.METRICS_CACHE_MS,
    },
    tracing: e.OTEL_EXPORTER_OTLP_ENDPOINT
      ? {
          endpoint: e.OTEL_EXPORTER_OTLP_ENDPOINT,
          serviceName: e.OTEL_SERVICE_NAME,
          sampleRatio: e.OTEL_TRACES_SAMPLER_ARG,
        }
      : null,
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS,
    shutdownDrainMode: e.SHUTDOWN_DRAIN_MODE,
    companion: companion.config,
    events: {
      heartbeatMs: e.EVENTS_HEARTBEAT_MS,
      pollMs: e.EVENTS_POLL_MS,
      maxStreamsPerUser: e.EVENTS_MAX_STREAMS_PER_USER,
      maxStreamsPerIp: e.EVENTS_MAX_STREAMS_PER_IP,
      maxStreams: e.EVENTS_MAX_STREAMS,
    },
  };
}

/** The validated environment, as config-chain.ts reads it. */
export type Env = z.infer<typeof envSchema>;
