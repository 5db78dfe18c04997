import crypto from 'node:crypto';
import fs from 'node:fs';
import type { FastifyInstance, LightMyRequestResponse as Response } from 'fastify';
import { sql } from 'kysely';
import { getAddress } from 'viem';
import { privateKeyToAccount, generatePrivateKey, type PrivateKeyAccount } from 'viem/accounts';
import { createSiweMessage } from 'viem/siwe';
import { inject } from 'vitest';
import {
  LOGIN_STATEMENT,
  OPERATOR_CONSOLE_PATH,
  OPERATOR_LOGIN_STATEMENT,
  WALLET_ACTION_STATEMENTS,
  type LoginResult,
  type OperatorRole,
} from '@wallx/shared';
import { buildApp } from '../app/app.js';
import type { AppConfig } from '../platform/config/config.js';
import type { ChainContext } from '../platform/chain/context.js';
import { openDatabase, type DatabaseHandle } from '../platform/db/database.js';
import { migrate } from '../platform/db/migrate.js';
import type { LogDestination } from '../platform/logging/logging.js';
import type { Drain } from '../platform/http/drain.js';
import { generateJwtKeys, type JwtKeys } from '../modules/auth/keys.js';
import { checkLedger } from '../kernel/ledger/check.js';
import { createMinersRepository, type ProductInput } from '../modules/miners/repository.js';

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a schema of its own
 * on the PostgreSQL server at TEST_DATABASE_URL when TEST_DB=postgres (the suite runs both ways).
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const url = process.env.TEST_DATABASE_URL;
  if (process.env.TEST_DB === 'postgres') {
    if (!url) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
    const schema = `t_${crypto.randomBytes(6).toString('hex')}`;
    const admin = await openDatabase({ kind: 'postgres', url, poolSize: 1 });
    await sql.raw(`create schema ${schema}`).execute(admin.db);
    await admin.close();
    const handle = await openDatabase({ kind: 'postgres', url, schema, poolSize: 30 });
    await migrate(handle.db);
    return {
      ...handle,
      close: async () => {
        await handle.close();
        const cleanup = await openDatabase({ kind: 'postgres', url, poolSize: 1 });
        await sql.raw(`drop schema ${schema} cascade`).execute(cleanup.db);
        await cleanup.close();
      },
    };
  }
  const snapshot = inject('pgliteSnapshot');
  const handle = await openDatabase({
    kind: 'pglite',
    dataDir: null,
    ...(snapshot ? { snapshot: new Blob([fs.readFileSync(snapshot)]) } : {}),
  });
  // Nothing to do on the snapshot; a file run without the global setup migrates here.
  await migrate(handle.db);
  return handle;
}

/** One operator per role, named by the test configuration (their keys are fixed, so tests can sign as them). */
export const testOperators: Record<OperatorRole, PrivateKeyAccount> = {
  viewer: privateKeyToAccount(`0x${'11'.repeat(32)}`),
  support: privateKeyToAccount(`0x${'22'.repeat(32)}`),
  finance: privateKeyToAccount(`0x${'33'.repeat(32)}`),
  admin: privateKeyToAccount(`0x${'44'.repeat(32)}`),
};
/**
 * The test configuration's second admin, another person: a change of operators is proposed by one
 * admin and approved by another (decision 118), as OPERATORS names two admins for.
 */
export const testSecondAdmin: PrivateKeyAccount = privateKeyToAccount(`0x${'45'.repeat(32)}`);

export const testConfig: AppConfig = {
  env: 'test',
  accessTokenTtlSeconds: 900,
  refreshTokenTtlSeconds: 3600,
  // High enough for the load tests; the tests of the limits set their own.
  rateLimit: {
    loginPerMinute: 1000,
    refreshPerMinute: 1000,
    fundPasswordPerUserPerMinute: 100_000,
    fundPasswordPerIpPerMinute: 100_000,
    depositReportsPerMinute: 1000,
    inviterLookupsPerMinute: 1000,
    writeoffCodesPerMinute: 1000,
    recipientChecksPerMinute: 1000,
    recipientChecksPerIpPerMinute: 1000,
    checkinsPerMinute: 1000,
    companionPerMinute: 1000,
    unresolvedDepositReports: 10,
  },
  redisUrl: null,
  trustProxy: false,
  publicApiHost: '',
  publicAppUrl: '',
  mainSiteUrl: 'https://example.com',
  webDistDir: null,
  adminDistDir: null,
  logLevel: 'silent',
  outputTimeZone: 'Asia/Shanghai',
  markets: { mtradeFeeRate: '0.05', c2cFeeRate: '0.01', sweepIntervalMs: 5000 },
  jobs: { outputCheckIntervalMs: 60_000, traceFile: null },
  imageUploadMaxBytes: 1024 * 1024,
  operators: [
    ...Object.entries(testOperators).map(([role, account]) => ({
      address: account.address.toLowerCase(),
      role: role as OperatorRole,
    })),
    { address: testSecondAdmin.address.toLowerCase(), role: 'admin' },
  ],
  operatorCooldownMs: 24 * 60 * 60 * 1000,
};

export type TestApp = {
  app: FastifyInstance;
  database: DatabaseHandle;
  keys: JwtKeys;
  close: () => Promise<void>;
  /** A request of a signed-in user or operator: `t.injectAs(alice, 'POST /api/funds/transfer', { … })`. */
  injectAs: (who: Session | Auth, route: Route, body?: object, headers?: Record<string, string>) => Promise<Response>;
  /** A fresh wallet signed in, with the fund password and the balances asked for. */
  userWith: (fixture?: UserFixture) => Promise<Session>;
};

export async function buildTestApp(
  options: {
    config?: Partial<AppConfig>;
    now?: () => number;
    database?: DatabaseHandle;
    keys?: JwtKeys;
    adminToken?: string;
    chain?: ChainContext;
    runJobs?: boolean;
    logDestination?: LogDestination;
    drain?: Drain;
  } = {},
): Promise<TestApp> {
  const database = options.database ?? (await createTestDatabase());
  // Two apps given one database and one key pair are two instances of one deployment.
  const keys = options.keys ?? generateJwtKeys();
  const app = await buildApp({
    config: { ...testConfig, ...options.config },
    db: database.db,
    keys,
    listen: database.listen,
    ...(options.now ? { now: options.now } : {}),
    ...(options.adminToken ? { adminToken: options.adminToken } : {}),
    ...(options.chain ? { chain: options.chain } : {}),
    ...(options.runJobs ? { runJobs: true } : {}),
    ...(options.logDestination ? { logDestination: options.logDestination } : {}),
    ...(options.drain ? { drain: options.drain } : {}),
  });
  return {
    app,
    database,
    keys,
    close: async () => {
      await app.close();
      if (!options.database) await database.close();
    },
    injectAs: (who, route, body, headers) => injectAs(app, who, route, body, headers),
    userWith: (fixture) => userWith({ app, database }, fixture),
  };
}

/** A sellable catalog product; tests override what they are about. */
export const testProduct = (overrides: Partial<ProductInput> = {}): ProductInput => ({
  name: 'en_US:::Test Miner\nzh_CN:::测试矿机',
  image: '/catalog/home-miner.svg',
  category: 'machine',
  price_usdt: '100',
  price_wallx: '500',
  daily_output: '1.5',
  output_days: 3,
  stock: 1000,
  per_user_limit: null,
  physical: false,
  gift: false,
  on_sale: true,
  sort: 0,
  ...overrides,
});

/** Adds a product to the catalog straight in the database (the catalog has no public write route). */
export function addProduct(database: DatabaseHandle, overrides: Partial<ProductInput> = {}): Promise<string> {
  return createMinersRepository().insertProduct(database.db, testProduct(overrides));
}

/** The ledger check, as `npm run ledger:check` runs it: every money test ends with books that balance. */
export const checkBooks = (database: DatabaseHandle) => checkLedger(database.db);

export function newWallet(): PrivateKeyAccount {
  return privateKeyToAccount(generatePrivateKey());
}

/** The site tests sign in to: what `inject` sends as the host, unless a test names another. */
export const TEST_ORIGIN = 'http://localhost';

/** A sign-in message (EIP-4361) as the app writes it, for a nonce the server issued. */
export function signInMessage(fields: {
  address: string;
  nonce: string;
  chainId: number;
  issuedAt: string;
  expirationTime: string;
  origin?: string;
  statement?: string;
  path?: string;
}): string {
  const site = new URL(fields.origin ?? TEST_ORIGIN);
  return createSiweMessage({
    domain: site.host,
    address: getAddress(fields.address),
    statement: fields.statement ?? LOGIN_STATEMENT,
    uri: `${site.origin}${fields.path ?? ''}`,
    version: '1',
    chainId: fields.chainId,
    nonce: fields.nonce,
    issuedAt: new Date(fields.issuedAt),
    expirationTime: new Date(fields.expirationTime),
  });
}

/** A nonce from the server and the wallet's signature of the sign-in message carrying it: a login's body. */
export async function signedLogin(app: FastifyInstance, account: PrivateKeyAccount, options: { origin?: string } = {}) {
  const nonce = (await app.inject({ method: 'POST', url: '/api/web3/nonce' })).json();
  if (nonce.code !== 0) throw new Error(`no nonce: ${JSON.stringify(nonce)}`);
  const message = signInMessage({
    address: account.address,
    nonce: nonce.data.nonce,
    chainId: nonce.data.chain_id,
    issuedAt: nonce.data.issued_at,
    expirationTime: nonce.data.expiration_time,
    ...options,
  });
  const signature = await account.signMessage({ message });
  return { address: account.address, signature, message };
}

/** The wallet's signature of an action (the reset of a fund password, …): a fresh nonce, the action's statement. */
export async function signedAction(
  app: FastifyInstance,
  account: PrivateKeyAccount,
  statement: string,
  options: { origin?: string; path?: string } = {},
) {
  const nonce = (await app.inject({ method: 'POST', url: '/api/web3/nonce' })).json();
  const message = signInMessage({
    address: account.address,
    nonce: nonce.data.nonce,
    chainId: nonce.data.chain_id,
    issuedAt: nonce.data.issued_at,
    expirationTime: nonce.data.expiration_time,
    statement,
    ...options,
  });
  return { message, signature: await account.signMessage({ message }) };
}

/**
 * Sets a session's first fund password as the app does: the wallet signs the set, then the request
 * carries the signature. Throws unless the API answers code 0.
 */
export async function setFundPassword(
  app: FastifyInstance,
  session: { account: PrivateKeyAccount; auth: { authorization: string } },
  password: string,
  options: { origin?: string } = {},
) {
  const proof = await signedAction(app, session.account, WALLET_ACTION_STATEMENTS.set_fund_password, options);
  const response = await app.inject({
    method: 'POST',
    url: '/api/user/fund_password',
    headers: session.auth,
    payload: { password, confirm: password, ...proof },
  });
  if (response.json().code !== 0) throw new Error(`fund password not set: ${response.body}`);
}

/** Logs a wallet in through the real endpoints (nonce, then verify) and answers the envelope's data. */
export async function login(
  app: FastifyInstance,
  account: PrivateKeyAccount = newWallet(),
  referee?: string,
  /** The site the message names: an app configured with a public origin checks for that one. */
  options: { origin?: string } = {},
): Promise<LoginResult & { account: PrivateKeyAccount; auth: { authorization: string } }> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/web3/verify',
    payload: { ...(await signedLogin(app, account, options)), ...(referee ? { referee } : {}) },
  });
  const body = response.json();
  if (body.code !== 0) throw new Error(`login failed: ${response.body}`);
  return { ...body.data, account, auth: { authorization: `Bearer ${body.data.token.access_token}` } };
}

/** A console sign-in's body, as the console sends it: the wallet's EIP-4361 signature for this site's /admin, a fresh nonce. */
export async function signedConsoleLogin(
  app: FastifyInstance,
  account: PrivateKeyAccount,
  options: { origin?: string; path?: string; statement?: string } = {},
) {
  const signed = await signedAction(app, account, options.statement ?? OPERATOR_LOGIN_STATEMENT, {
    path: OPERATOR_CONSOLE_PATH,
    ...options,
  });
  return { address: account.address, ...signed };
}

/** A console session of the test operator with this role: the headers its requests carry. */
export function operatorLogin(app: FastifyInstance, role: OperatorRole = 'admin'): Promise<{ authorization: string }> {
  return consoleLogin(app, testOperators[role]);
}

/** A console session of any operator's wallet (configured or added): the headers its requests carry. */
export async function consoleLogin(
  app: FastifyInstance,
  account: PrivateKeyAccount,
): Promise<{ authorization: string }> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/admin/auth/login',
    payload: await signedConsoleLogin(app, account),
  });
  const body = response.json();
  if (body.code !== 0) throw new Error(`operator login failed: ${response.body}`);
  return { authorization: `Bearer ${body.data.token}` };
}

/**
 * An operator written straight into the database, as if added by `addedBy` (the test admin unless
 * named) long ago (30 days: past the cooldown), for tests that are not about adding operators; those
 * go through the proposals (decision 118). `person`: the address they are a second wallet of.
 */
export async function seedOperator(
  database: DatabaseHandle,
  account: PrivateKeyAccount | string,
  role: OperatorRole,
  options: { person?: string; addedBy?: string; at?: Date } = {},
): Promise<string> {
  const address = (typeof account === 'string' ? account : account.address).toLowerCase();
  const addedBy = (options.addedBy ?? testOperators.admin.address).toLowerCase();
  const at = options.at ?? new Date(Date.now() - 30 * 24 * 60 * 60 * 1000);
  await database.db
    .insertInto('operators')
    .values({ address, role, added_by: addedBy, person: options.person?.toLowerCase() ?? null, created_at: at })
    .execute();
  await database.db
    .insertInto('operator_grants')
    .values({ operator: address, granted_by: addedBy, action: 'add', created_at: at })
    .execute();
  return address;
}

/** Money enters only from the chain; tests stand in for a confirmed deposit with the same ledger posting. */
export async function credit(database: DatabaseHandle, address: string, asset: 'USDT' | 'WALLX', amount: string) {
  const { createLedger } = await import('../kernel/ledger/ledger.js');
  const user = await database.db
    .selectFrom('users')
    .select('id')
    .where('address', '=', address.toLowerCase())
    .executeTakeFirstOrThrow();
  await database.db.transaction().execute((trx) =>
    createLedger().post(trx, {
      debit: { platform: 'deposits' },
      credit: { user: user.id },
      asset,
      amount,
      type: 'deposit',
      ref: { type: 'test_deposit', id: crypto.randomUUID() },
    }),
  );
}

/** A bearer header, as `login` and `operatorLogin` answer it. */
export type Auth = { authorization: string };
export type Session = Awaited<ReturnType<typeof login>>;
/** A route as the server declares it: method, space, URL (with its query string, if any). */
export type Route = `${'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'} /${string}`;

/**
 * A request with a session's bearer header (fastify/demo's `injectWithLogin`); `body` is sent as
 * JSON. Tests of bad headers, bodies or auth keep `app.inject`, where what they craft is visible.
 */
export function injectAs(
  app: FastifyInstance,
  who: Session | Auth,
  route: Route,
  body?: object,
  headers: Record<string, string> = {},
): Promise<Response> {
  const space = route.indexOf(' ');
  const method = route.slice(0, space) as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  const auth = 'auth' in who ? who.auth : who;
  return app.inject({
    method,
    url: route.slice(space + 1),
    headers: { ...auth, ...headers },
    ...(body === undefined ? {} : { payload: body }),
  });
}

export type UserFixture = {
  /** Credited as a confirmed deposit would be. */
  usdt?: string;
  wallx?: string;
  /** Set through the wallet-signed route; none when absent. */
  fundPassword?: string;
  account?: PrivateKeyAccount;
  referee?: string;
};

/** A signed-in user of a fresh wallet (no account is shared between tests) with what the test needs. */
export async function userWith(
  t: Pick<TestApp, 'app' | 'database'>,
  { usdt, wallx, fundPassword, account, referee }: UserFixture = {},
): Promise<Session> {
  const session = await login(t.app, account, referee);
  if (fundPassword !== undefined) await setFundPassword(t.app, session, fundPassword);
  if (usdt && usdt !== '0') await credit(t.database, session.userinfo.bsc, 'USDT', usdt);
  if (wallx && wallx !== '0') await credit(t.database, session.userinfo.bsc, 'WALLX', wallx);
  return session;
}
