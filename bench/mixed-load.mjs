// The mixed load shared by `bench/crash.mjs` and `bench/scale.mjs`: one anvil chain for every server
// instance, users funded by real on-chain deposits, and a driver whose simulated users transfer, buy
// miners, turn them on and collect their output, trade on both markets, withdraw, deposit and have
// pick-up vouchers written off. Every request keeps its Idempotency-Key and body, so a request that
// got no answer (a server killed under it) is sent again, the same, until it is answered.
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createPublicClient, createWalletClient, defineChain, erc20Abi, http as rpcTransport, parseUnits } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { errorCatalog } from '@wallx/shared';
import { consoleSignInBody, fundPasswordBody, root, signInBody } from './lib.mjs';

const dist = (p) => path.join(root, 'apps/server/dist', p);
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The chain id the servers are told they are on: anvil serves it, so CHAIN=bsc-testnet passes verifyChain. */
export const CHAIN_ID = 97;
const PRODUCT_STOCK = 1_000_000;
const PICKUP_STOCK = 1_000_000;
const FUND_PASSWORD = 'bench-123';
/** Every user starts with this much of each asset credited by a real deposit. */
const START_BALANCE = '20000';
const HOME = {
  country: 'CN',
  province: 'CN-GD',
  recipient: 'Li Lei',
  phone: '138 0013 8000',
  postcode: '518000',
  detail: 'No. 1 Shennan Road, Futian, Shenzhen',
};

const errorKeyOf = new Map(Object.entries(errorCatalog).map(([key, { code }]) => [code, key]));

/**
 * Business refusals the load provokes on purpose and that are not errors: a market order someone
 * else bought first (or the sweeper expired), a second pending C2C order, nothing left to collect.
 * Anything else that is not a 2xx is an error.
 */
export const EXPECTED_REFUSALS = new Set(['order_status_error', 'unfinished_order', 'nothing_to_collect']);
/**
 * What a retried request that has no Idempotency-Key answers when its first attempt had taken effect
 * before the server died: placing an order already placed, turning on a miner already on, writing off
 * a voucher already written off, asking for the one pick-up an account may have, logging in with a
 * message already used (the client then signs a new one). Accepted only on a retried request, and
 * checked in the database.
 */
const ALREADY_DONE = {
  'POST /api/web3/verify': 'login_message_used',
  'POST /api/miners/orders/:id/use': 'order_status_error',
  'POST /api/miners/:id/turn_on': 'miner_already_on',
  'POST /api/validator/writeoff': 'writeoff_code_invalid',
  'POST /api/shipping/pickup': 'delivery_already_requested',
  'POST /api/user/fund_password': 'fund_password_already_set',
};

// ---------------------------------------------------------------------------------------------------
// The chain

/**
 * One anvil for every instance, serving chain id 97 with the project's test tokens: the servers run
 * with CHAIN=bsc-testnet and RPC_URL pointing at it (CHAIN=local would start an anvil per server).
 * Blocks every second, so confirmations come whether or not anyone sends a transaction.
 */
export async function startSharedChain({ port }) {
  const local = await import(dist('chain/local-node.js'));
  const child = spawn(
    local.anvilBinary(),
    [
      '--host',
      '127.0.0.1',
      '--port',
      String(port),
      '--chain-id',
      String(CHAIN_ID),
      '--mnemonic',
      local.DEV_MNEMONIC,
      '--silent',
      '--block-time',
      '1',
    ],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const rpcUrl = `http://127.0.0.1:${port}`;
  const chain = defineChain({
    id: CHAIN_ID,
    name: 'bench',
    nativeCurrency: { name: 'BNB', symbol: 'BNB', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  });
  const client = createPublicClient({ chain, transport: rpcTransport(rpcUrl), cacheTime: 0, pollingInterval: 200 });
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`anvil exited: ${stderr}`);
    try {
      await client.getChainId();
      break;
    } catch {
      if (i > 200) throw new Error(`anvil did not answer on ${rpcUrl}: ${stderr}`);
      await sleep(50);
    }
  }
  const rpc = async (method, params = []) => {
    const answer = await (
      await fetch(rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
      })
    ).json();
    if (answer.error) throw new Error(`${method}: ${answer.error.message}`);
    return answer.result;
  };
  const deployer = local.devAccount(local.LOCAL_ROLES.deployer);
  const hot = local.devAccount(local.LOCAL_ROLES.hotWallet);
  const depositAddress = local.devAccount(local.LOCAL_ROLES.deposit).address;
  const deployerWallet = createWalletClient({ account: deployer, chain, transport: rpcTransport(rpcUrl) });
  const { abi, bytecode } = local.testTokenArtifact();
  const tokens = {};
  for (const symbol of ['USDT', 'WALLX']) {
    const hash = await deployerWallet.deployContract({ abi, bytecode, args: [`Test ${symbol}`, symbol] });
    tokens[symbol] = (await client.waitForTransactionReceipt({ hash })).contractAddress;
  }

  /** Mints `amount` of both tokens to each address from the deployer (nonces counted here, one receipt awaited). */
  async function mint(addresses, amount) {
    let nonce = await client.getTransactionCount({ address: deployer.address, blockTag: 'pending' });
    let last;
    for (const to of addresses) {
      for (const symbol of ['USDT', 'WALLX']) {
        last = await deployerWallet.writeContract({
          address: tokens[symbol],
          abi,
          functionName: 'mint',
          args: [to, parseUnits(amount, 18)],
          nonce: nonce++,
        });
      }
    }
    if (last) await client.waitForTransactionReceipt({ hash: last });
  }
  await mint([hot.address], '10000000');

  return {
    pid: child.pid,
    rpcUrl,
    chain,
    client,
    tokens,
    depositAddress,
    hotWallet: hot.address,
    rpc,
    mint,
    /** The servers' chain settings. */
    env: {
      CHAIN: 'bsc-testnet',
      RPC_URL: rpcUrl,
      PUBLIC_RPC_URL: rpcUrl,
      USDT_ADDRESS: tokens.USDT,
      WALLX_ADDRESS: tokens.WALLX,
      DEPOSIT_ADDRESS: depositAddress,
      HOT_WALLET_PRIVATE_KEY: `0x${Buffer.from(hot.getHdKey().privateKey).toString('hex')}`,
      CONFIRMATIONS: '2',
    },
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

// ---------------------------------------------------------------------------------------------------
// Servers

/** Settings every bench server shares: quiet logs, limits out of the way of one loopback client, long tokens. */
/** The origin the benches' instances serve together, as a load balancer's name would be. */
export const BENCH_SITE = 'http://wallx.bench.test';

export function serverSettings({ chain, databaseUrl, operator, extra = {} }) {
  const { privateKey, publicKey } = crypto.generateKeyPairSync('ed25519');
  return {
    ...chain.env,
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    // Every instance and every restart signs and accepts the same tokens.
    JWT_PRIVATE_KEY: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    JWT_PUBLIC_KEY: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    ACCESS_TOKEN_TTL_SECONDS: '86400',
    // The instances are one site behind a balancer: sign-in messages name this origin, whichever port answers.
    PUBLIC_APP_URL: BENCH_SITE,
    OPERATORS: `${operator.address}:admin`,
    DEMO_CATALOG: 'false',
    RATE_LIMIT_LOGIN_PER_MINUTE: '1000000',
    RATE_LIMIT_FUND_PASSWORD_PER_USER_PER_MINUTE: '1000000',
    RATE_LIMIT_FUND_PASSWORD_PER_IP_PER_MINUTE: '1000000',
    RATE_LIMIT_DEPOSIT_REPORTS_PER_MINUTE: '1000000',
    RATE_LIMIT_WRITEOFF_CODES_PER_MINUTE: '1000000',
    DEPOSIT_UNRESOLVED_REPORTS_MAX: '1000',
    WITHDRAW_HOURLY_CAP_USDT: '10000000',
    // The sweeper and the output job look for work every second, so both have runs to show in a short window.
    MARKET_SWEEP_INTERVAL_MS: '1000',
    OUTPUT_CHECK_INTERVAL_MS: '1000',
    ...extra,
  };
}

/** One server process on `port`; `start()` resolves when /api/health answers, with the time it took. */
export function serverProcess({ port, settings, name }) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `wallx-${name}-`));
  const base = `http://127.0.0.1:${port}`;
  const handle = {
    base,
    name,
    dataDir,
    child: null,
    output: '',
    async start() {
      const started = performance.now();
      const child = spawn(process.execPath, ['apps/server/dist/server.js'], {
        cwd: root,
        env: { ...process.env, ...settings, PORT: String(port), DATA_DIR: dataDir },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      handle.child = child;
      const keep = (chunk) => {
        handle.output = (handle.output + chunk).slice(-20_000);
      };
      child.stdout.on('data', keep);
      child.stderr.on('data', keep);
      for (;;) {
        if (child.exitCode !== null)
          throw new Error(`${name} exited (${child.exitCode}) before it was healthy:\n${handle.output}`);
        try {
          if ((await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(1000) })).ok) break;
        } catch {
          // not up yet
        }
        if (performance.now() - started > 60_000) throw new Error(`${name} not healthy after 60 s:\n${handle.output}`);
        await sleep(20);
      }
      return performance.now() - started;
    },
    /** kill -9: no shutdown hook runs, open transactions die with their connections. */
    async kill() {
      const child = handle.child;
      if (!child || child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      const child = handle.child;
      if (child && child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return handle;
}

// ---------------------------------------------------------------------------------------------------
// HTTP with retries, and what each request got

/** Per-endpoint figures: latencies of answered attempts, outcomes. */
export function createStats() {
  const routes = new Map();
  const of = (route) => {
    let s = routes.get(route);
    if (!s)
      routes.set(
        route,
        (s = { latencies: [], ok: 0, refused: new Map(), errors: new Map(), unanswered: 0, converged: 0 }),
      );
    return s;
  };
  const bump = (map, key) => map.set(key, (map.get(key) ?? 0) + 1);
  return {
    routes,
    latency: (route, ms) => of(route).latencies.push(ms),
    outcome(route, kind, label) {
      const s = of(route);
      if (kind === 'ok') s.ok++;
      else if (kind === 'refused') bump(s.refused, label);
      else if (kind === 'converged') s.converged++;
      else bump(s.errors, label);
    },
    unanswered: (route) => of(route).unanswered++,
    errorCount: () => [...routes.values()].reduce((n, s) => n + [...s.errors.values()].reduce((a, b) => a + b, 0), 0),
  };
}

/**
 * Requests spread round-robin over `bases`. A request that gets no answer (refused connection, reset,
 * time-out) is sent again with the same method, path, body and Idempotency-Key until it is answered;
 * every request is recorded with its final answer and how many attempts it took.
 */
export function createHttp({ bases, stats, giveUpMs = 300_000 }) {
  let next = 0;
  const records = [];
  const state = { recording: true, inFlight: 0 };

  async function send(route, method, urlPath, { auth, body, key } = {}) {
    const headers = {
      ...(auth && { authorization: auth }),
      ...(body !== undefined && { 'content-type': 'application/json' }),
      ...(key && { 'idempotency-key': key }),
    };
    const record = {
      route,
      method,
      path: urlPath,
      body,
      key,
      auth,
      attempts: 0,
      unanswered: 0,
      answer: null,
      at: Date.now(),
    };
    const started = performance.now();
    state.inFlight++;
    for (;;) {
      const base = bases[next++ % bases.length];
      record.attempts++;
      const t0 = performance.now();
      try {
        const response = await fetch(`${base}${urlPath}`, {
          method,
          headers,
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(30_000),
        });
        const text = await response.text();
        stats.latency(route, performance.now() - t0);
        let json;
        try {
          json = JSON.parse(text);
        } catch {
          json = { code: -1, message: text.slice(0, 200) };
        }
        record.answer = {
          status: response.status,
          code: json.code,
          key: json.code === 0 ? null : (errorKeyOf.get(json.code) ?? `code ${json.code}`),
          data: json.data,
          message: json.message,
        };
        record.base = base;
        break;
      } catch (error) {
        record.unanswered++;
        stats.unanswered(route);
        if (performance.now() - started > giveUpMs) {
          state.inFlight--;
          throw new Error(
            `${method} ${urlPath}: no answer for ${giveUpMs / 1000} s (${error.cause?.code ?? error.message})`,
          );
        }
        await sleep(50 + Math.random() * 100);
      }
    }
    state.inFlight--;
    classify(record);
    if (state.recording) records.push(record);
    return record;
  }

  function classify(record) {
    const { answer, route } = record;
    if (answer.status >= 200 && answer.status < 300 && answer.code === 0) record.outcome = 'ok';
    else if (record.unanswered > 0 && ALREADY_DONE[route] === answer.key) record.outcome = 'converged';
    else if (EXPECTED_REFUSALS.has(answer.key)) record.outcome = 'refused';
    else record.outcome = 'error';
    stats.outcome(route, record.outcome, answer.key ?? `HTTP ${answer.status}`);
  }

  return { send, records, state, bases };
}

// ---------------------------------------------------------------------------------------------------
// The world: an operator's catalog and pick-up point, funded users, validators

async function signIn(http, account) {
  // A nonce is spent once: after a lost answer whose login went through, the client signs a new one.
  for (;;) {
    const body = await signInBody(http.bases[0], account, BENCH_SITE);
    const answer = await http.send('POST /api/web3/verify', 'POST', '/api/web3/verify', { body });
    if (answer.outcome === 'ok') return `Bearer ${answer.answer.data.token.access_token}`;
    if (answer.outcome === 'converged') continue;
    throw new Error(`login failed: ${JSON.stringify(answer.answer)}`);
  }
}

/** The first fund password, signed by the wallet; a retried set whose signature was spent by a lost attempt signs again. */
async function setFundPassword(http, u) {
  for (;;) {
    const body = await fundPasswordBody(http.bases[0], u.account, FUND_PASSWORD, BENCH_SITE);
    const record = await http.send('POST /api/user/fund_password', 'POST', '/api/user/fund_password', {
      auth: u.auth,
      body,
    });
    if (record.outcome === 'ok' || record.outcome === 'converged') return record;
    if (record.unanswered > 0 && record.answer.key === 'login_message_used') continue;
    return record;
  }
}

async function must(promise, what) {
  const record = await promise;
  if (record.outcome !== 'ok') throw new Error(`${what}: ${JSON.stringify(record.answer)}`);
  return record.answer.data;
}

/** A wallet that logs in, and can send tokens from its own address. */
async function newUser(http, chain, index) {
  const account = privateKeyToAccount(generatePrivateKey());
  const auth = await signIn(http, account);
  const wallet = createWalletClient({ account, chain: chain.chain, transport: rpcTransport(chain.rpcUrl) });
  return { index, account, address: account.address.toLowerCase(), auth, wallet };
}

/** Sends `amount` of `asset` to the deposit address from the user's wallet and reports the hash, as the app does. */
async function deposit(ctx, user, asset, amount, kind) {
  const hash = await user.wallet.writeContract({
    address: ctx.chain.tokens[asset],
    abi: erc20Abi,
    functionName: 'transfer',
    args: [ctx.chain.depositAddress, parseUnits(amount, 18)],
  });
  ctx.deposits.push({ hash, asset, amount, from: user.address, kind });
  await ctx.http.send('POST /api/funds/recharge', 'POST', '/api/funds/recharge', {
    auth: user.auth,
    body: { asset, tx_hash: hash },
  });
  return hash;
}

async function waitForBalance(ctx, user, usdt, wallx) {
  for (let i = 0; i < 600; i++) {
    const info = await must(
      ctx.http.send('GET /api/user/info', 'GET', '/api/user/info', { auth: user.auth }),
      'user info',
    );
    // Exact: balances are decimal strings, compared in token units, never as floats.
    if (
      parseUnits(info.balance.usdt, 18) >= parseUnits(usdt, 18) &&
      parseUnits(info.balance.wallx, 18) >= parseUnits(wallx, 18)
    )
      return;
    await sleep(250);
  }
  throw new Error(`user ${user.address}: deposits never credited`);
}

/**
 * Catalog, pick-up point and validators made by an operator through the console's API; `users`
 * logged in, each funded by two real deposits (USDT and WALLX) and with a fund password.
 */
export async function setupWorld({ http, chain, operator, users: count, validators: validatorCount = 2 }) {
  const ctx = { http, chain, deposits: [] };
  const session = await must(
    http.send('POST /api/admin/auth/login', 'POST', '/api/admin/auth/login', {
      body: await consoleSignInBody(http.bases[0], operator, BENCH_SITE),
    }),
    'operator login',
  );
  const admin = `Bearer ${session.token}`;
  const product = (name, fields) => ({
    name: ['en_US', 'zh_CN', 'ko_KR', 'ja_JP', 'id_ID'].map((lang) => `${lang}:::${name}`).join('\n'),
    category: 'machine',
    price_wallx: null,
    daily_output: '1',
    output_days: 365,
    per_user_limit: null,
    physical: false,
    gift: false,
    on_sale: true,
    stock: PRODUCT_STOCK,
    ...fields,
  });
  const catalog = {};
  for (const [kind, fields] of Object.entries({
    machine: { price_usdt: '10', price_wallx: '50' },
    pickup: { price_usdt: '20', physical: true, pickup_from: '2026-01-01T00:00:00Z' },
  })) {
    let made = (
      await must(
        http.send('POST /api/admin/products', 'POST', '/api/admin/products', {
          auth: admin,
          body: product(`Bench ${kind}`, fields),
        }),
        `product ${kind}`,
      )
    ).product;
    if (!made.on_sale) {
      const { stock: _stock, ...edit } = { ...product(`Bench ${kind}`, fields), version: made.version };
      made = (
        await must(
          http.send('PUT /api/admin/products/:id', 'PUT', `/api/admin/products/${made.id}`, {
            auth: admin,
            body: edit,
          }),
          `show product ${kind}`,
        )
      ).product;
    }
    catalog[kind] = made.id;
  }
  const point = await must(
    http.send('POST /api/admin/pickup-points', 'POST', '/api/admin/pickup-points', {
      auth: admin,
      body: { name: 'en_US:::Bench point', country: 'CN', province: 'CN-GD', address: 'en_US:::Futian', hours: '' },
    }),
    'pickup point',
  );
  await must(
    http.send('PUT /api/admin/pickup-points/:id/inventory', 'PUT', `/api/admin/pickup-points/${point.id}/inventory`, {
      auth: admin,
      body: { product_id: catalog.pickup, quantity: PICKUP_STOCK },
    }),
    'inventory',
  );

  const users = [];
  for (let i = 0; i < count; i++) users.push(await newUser(http, chain, i));
  const validators = [];
  for (let i = 0; i < validatorCount; i++) {
    const v = await newUser(http, chain, -1 - i);
    await must(
      http.send('PUT /api/admin/validators/:address', 'PUT', `/api/admin/validators/${v.address}`, {
        auth: admin,
        body: { point_ids: [point.id] },
      }),
      'validator',
    );
    validators.push(v);
  }

  // Gas and tokens in each user's own wallet, then two deposits each, credited for real by the server.
  for (const u of users) await chain.rpc('anvil_setBalance', [u.address, '0x56BC75E2D63100000']);
  await chain.mint(
    users.map((u) => u.address),
    '1000000',
  );
  await Promise.all(
    users.map(async (u) => {
      await deposit(ctx, u, 'USDT', START_BALANCE, 'setup');
      await deposit(ctx, u, 'WALLX', START_BALANCE, 'setup');
      await must(setFundPassword(http, u), 'fund password');
    }),
  );
  await Promise.all(users.map((u) => waitForBalance(ctx, u, START_BALANCE, START_BALANCE)));
  return {
    admin,
    catalog,
    point: point.id,
    users,
    validators,
    deposits: ctx.deposits,
    pickupStock: PICKUP_STOCK,
    productStock: PRODUCT_STOCK,
  };
}

// ---------------------------------------------------------------------------------------------------
// The load

/**
 * Runs every user's loop until `until()` says stop: each picks an action by weight and waits for its
 * answer before the next (a user of the app does one thing at a time). Returns what was done.
 */
export async function runMixedLoad({ http, chain, world, until, runId = crypto.randomBytes(3).toString('hex') }) {
  const ctx = { http, chain, deposits: world.deposits };
  let seq = 0;
  const key = (u) => `${runId}-${u.index}-${++seq}`;
  const pickOf = (items) => items[Math.floor(Math.random() * items.length)];
  const others = (u) => world.users.filter((o) => o !== u);
  const send = (route, method, urlPath, options) => http.send(route, method, urlPath, options);
  const counts = new Map();
  const writeoffs = [];

  const actions = {
    async transfer(u) {
      const to = pickOf(others(u)).address;
      await send('POST /api/funds/transfer', 'POST', '/api/funds/transfer', {
        auth: u.auth,
        key: key(u),
        body: { to, asset: pickOf(['USDT', 'WALLX']), amount: '1', fund_password: FUND_PASSWORD },
      });
    },
    async buy(u) {
      const bought = await send('POST /api/miners/buy', 'POST', '/api/miners/buy', {
        auth: u.auth,
        key: key(u),
        body: { product_id: world.catalog.machine, pay_asset: pickOf(['USDT', 'WALLX']), quantity: pickOf([1, 2]) },
      });
      if (bought.outcome !== 'ok') return;
      for (const order of bought.answer.data.orders) {
        const used = await send('POST /api/miners/orders/:id/use', 'POST', `/api/miners/orders/${order.id}/use`, {
          auth: u.auth,
        });
        if (used.outcome === 'ok' && Math.random() < 0.5)
          await send('POST /api/miners/:id/turn_on', 'POST', `/api/miners/${used.answer.data.miner.id}/turn_on`, {
            auth: u.auth,
          });
      }
    },
    async collect(u) {
      await send('POST /api/miners/outputs/collect_all', 'POST', '/api/miners/outputs/collect_all', {
        auth: u.auth,
        key: key(u),
      });
    },
    async mtradeSell(u) {
      const mine = await send('GET /api/miners/mine', 'GET', '/api/miners/mine?state=off&limit=20', { auth: u.auth });
      const off = mine.answer.data?.items ?? [];
      if (off.length === 0) return actions.buy(u);
      await send('POST /api/mtrade/orders', 'POST', '/api/mtrade/orders', {
        auth: u.auth,
        key: key(u),
        body: { miner_id: pickOf(off).id, unit_price: '12', expiry: '4H', fund_password: FUND_PASSWORD },
      });
    },
    async mtradeBuy(u) {
      const market = await send(
        'GET /api/mtrade/orders',
        'GET',
        `/api/mtrade/orders?sort=${pickOf(['newest', 'expiring', 'price_asc'])}&limit=20`,
        { auth: u.auth },
      );
      const open = market.answer.data?.items ?? [];
      if (open.length === 0) return;
      const order = pickOf(open);
      await send('POST /api/mtrade/orders/:id/buy', 'POST', `/api/mtrade/orders/${order.id}/buy`, {
        auth: u.auth,
        key: key(u),
        body: { fund_password: FUND_PASSWORD },
      });
    },
    async c2cSell(u) {
      await send('POST /api/c2c/orders', 'POST', '/api/c2c/orders', {
        auth: u.auth,
        key: key(u),
        body: { amount: '10', unit_price: '0.5', expiry: '4H', fund_password: FUND_PASSWORD },
      });
    },
    async c2cBuy(u) {
      const market = await send(
        'GET /api/c2c/orders',
        'GET',
        `/api/c2c/orders?sort=${pickOf(['newest', 'expiring', 'price_asc'])}&limit=20`,
        { auth: u.auth },
      );
      const open = market.answer.data?.items ?? [];
      if (open.length === 0) return;
      await send('POST /api/c2c/orders/:id/buy', 'POST', `/api/c2c/orders/${pickOf(open).id}/buy`, {
        auth: u.auth,
        key: key(u),
        body: { fund_password: FUND_PASSWORD },
      });
    },
    async cancel(u) {
      const market = pickOf(['mtrade', 'c2c']);
      const mine = await send(`GET /api/${market}/my_orders`, 'GET', `/api/${market}/my_orders?role=sell&limit=10`, {
        auth: u.auth,
      });
      const pending = (mine.answer.data?.items ?? []).filter((o) => o.status === 'pending');
      if (pending.length === 0) return;
      await send(
        `POST /api/${market}/orders/:id/cancel`,
        'POST',
        `/api/${market}/orders/${pickOf(pending).id}/cancel`,
        { auth: u.auth, key: key(u) },
      );
    },
    async withdraw(u) {
      await send('POST /api/funds/withdraw', 'POST', '/api/funds/withdraw', {
        auth: u.auth,
        key: key(u),
        body: { asset: pickOf(['USDT', 'WALLX']), amount: '10', fund_password: FUND_PASSWORD },
      });
    },
    async deposit(u) {
      await deposit(ctx, u, pickOf(['USDT', 'WALLX']), '50', 'load');
    },
    async read(u) {
      if (Math.random() < 0.5) await send('GET /api/user/info', 'GET', '/api/user/info', { auth: u.auth });
      else await send('GET /api/funds/records', 'GET', '/api/funds/records?limit=20', { auth: u.auth });
    },
    /**
     * A newcomer logs in, is sent USDT by this user, buys a physical miner, gives an address and asks
     * to pick it up; a validator of the point writes the voucher off.
     */
    async writeoff(u) {
      const newcomer = await newUser(http, chain, 1000 + seq);
      const funded = await send('POST /api/funds/transfer', 'POST', '/api/funds/transfer', {
        auth: u.auth,
        key: key(u),
        body: { to: newcomer.address, asset: 'USDT', amount: '20', fund_password: FUND_PASSWORD },
      });
      if (funded.outcome !== 'ok') return;
      const bought = await send('POST /api/miners/buy', 'POST', '/api/miners/buy', {
        auth: newcomer.auth,
        key: key(newcomer),
        body: { product_id: world.catalog.pickup, pay_asset: 'USDT', quantity: 1 },
      });
      if (bought.outcome !== 'ok') return;
      const address = await send('POST /api/addresses', 'POST', '/api/addresses', { auth: newcomer.auth, body: HOME });
      // A retried address may have been added twice; the first is the default either way.
      if (address.outcome !== 'ok') return;
      // A pick-up takes the fund password, as a transfer does.
      const password = await setFundPassword(http, newcomer);
      if (password.outcome !== 'ok' && password.outcome !== 'converged') return;
      const requested = await send('POST /api/shipping/pickup', 'POST', '/api/shipping/pickup', {
        auth: newcomer.auth,
        body: { order_id: bought.answer.data.orders[0].id, point_id: world.point, fund_password: FUND_PASSWORD },
      });
      let code = requested.answer.data?.request?.code;
      if (!code && requested.outcome === 'converged') {
        const mine = await send('GET /api/shipping/requests', 'GET', '/api/shipping/requests', { auth: newcomer.auth });
        code = mine.answer.data?.items?.[0]?.code;
      }
      if (!code) return;
      const validator = pickOf(world.validators);
      const done = await send('POST /api/validator/writeoff', 'POST', '/api/validator/writeoff', {
        auth: validator.auth,
        body: { code },
      });
      // "Used" after a retry: the validator looks the voucher up, as the app can, and sees it written off.
      if (done.outcome === 'converged') {
        const voucher = await send('GET /api/validator/vouchers/:code', 'GET', `/api/validator/vouchers/${code}`, {
          auth: validator.auth,
        });
        if (voucher.answer.data?.status !== 'written_off') done.outcome = 'error';
      }
      writeoffs.push({ code, outcome: done.outcome });
    },
  };
  const weights = {
    transfer: 20,
    buy: 10,
    collect: 8,
    mtradeSell: 9,
    mtradeBuy: 9,
    c2cSell: 6,
    c2cBuy: 7,
    cancel: 3,
    withdraw: 4,
    deposit: 2,
    read: 8,
    writeoff: 3,
  };
  const total = Object.values(weights).reduce((a, b) => a + b, 0);
  const pick = () => {
    let roll = Math.random() * total;
    for (const [name, weight] of Object.entries(weights)) if ((roll -= weight) < 0) return name;
    return 'read';
  };

  await Promise.all(
    world.users.map(async (u) => {
      while (!until()) {
        const name = pick();
        counts.set(name, (counts.get(name) ?? 0) + 1);
        await actions[name](u);
      }
    }),
  );
  return { actions: Object.fromEntries(counts), writeoffs };
}

// ---------------------------------------------------------------------------------------------------
// Time passing, as the jobs see it

/**
 * A day passes for the output job: every date it reads moves one day back (miners' output days, the
 * outputs and the days already produced), so yesterday is due again with an output for every miner
 * that is on. Done under the job's own lease, so it never runs halfway through a shift; skipped
 * (false) while an instance holds it. Shifting by way of a far date keeps each unique key free.
 */
export async function passOneDay(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('begin');
    const { rows } = await client.query(`
      insert into job_leases (name, holder, expires_at) values ('miner-output', 'bench-clock', now() + interval '1 minute')
      on conflict (name) do update set holder = excluded.holder, expires_at = excluded.expires_at
        where job_leases.expires_at < now() or job_leases.holder = excluded.holder
      returning holder`);
    if (rows.length === 0) {
      await client.query('rollback');
      return false;
    }
    await client.query('commit');
    await client.query('begin');
    await client.query('lock table miner_outputs, miner_output_days in share row exclusive mode');
    await client.query(
      `update miners set first_output_day = first_output_day - 1, last_output_day = last_output_day - 1 where first_output_day is not null`,
    );
    for (const table of ['miner_outputs', 'miner_output_days']) {
      await client.query(`update ${table} set day = day - 100000`);
      await client.query(`update ${table} set day = day + 99999`);
    }
    await client.query('commit');
    return true;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    await client
      .query(`delete from job_leases where name = 'miner-output' and holder = 'bench-clock'`)
      .catch(() => undefined);
    await client.end();
  }
}

/** Some pending orders reach their expiry now, so the sweeper has orders to expire (orders live 4 h at least). */
export async function ageOrders(databaseUrl, count = 3) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    let aged = 0;
    for (const table of ['mtrade_orders', 'c2c_orders']) {
      const { rowCount } = await client.query(
        `update ${table} set expires_at = now() where id in (select id from ${table} where status = 'pending' and expires_at > now() order by random() limit $1)`,
        [count],
      );
      aged += rowCount;
    }
    return aged;
  } finally {
    await client.end();
  }
}

// ---------------------------------------------------------------------------------------------------
// Job traces (JOB_TRACE_FILE)

/** The leased jobs, by the lease names they take. */
export const JOBS = {
  'miner-output': (lease) => lease === 'miner-output',
  'market-expiry': (lease) => lease === 'market-expiry',
  'deposit-scanner': (lease) => lease.startsWith('deposits:'),
  'payout-worker': (lease) => lease.startsWith('payout:'),
};

export function readTraces(files) {
  return files.flatMap((file) =>
    fs.existsSync(file)
      ? fs
          .readFileSync(file, 'utf8')
          .trim()
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line))
      : [],
  );
}

// ---------------------------------------------------------------------------------------------------
// Figures

/**
 * CPU seconds used so far by the PostgreSQL backends connected to `databaseUrl`'s database (the
 * servers' pools), by pid: PostgreSQL runs on this machine, so /proc has them.
 */
export async function databaseCpu(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    return new Map(rows.map((r) => [r.pid, cpuSeconds(r.pid)]));
  } finally {
    await client.end();
  }
}

/** CPU seconds between two `databaseCpu` readings: backends there at both, plus the whole of those that came later. */
export function databaseCpuBetween(before, after) {
  let sum = 0;
  for (const [pid, seconds] of after) sum += seconds - (before.get(pid) ?? 0);
  return sum;
}

/** CPU seconds a process has used so far (user + system, from /proc; 0 where there is no /proc). */
export function cpuSeconds(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime and stime, fields 14 and 15 of stat, in clock ticks (100 a second on Linux).
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

export function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** Per endpoint: requests answered per second, p50 and p99 in ms, outcome counts. */
export function endpointTable(stats, seconds) {
  const rows = {};
  for (const [route, s] of [...stats.routes.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    const sorted = [...s.latencies].sort((a, b) => a - b);
    rows[route] = {
      requests: sorted.length,
      rps: sorted.length / seconds,
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      ok: s.ok,
      refused: [...s.refused.values()].reduce((a, b) => a + b, 0),
      refusedBy: Object.fromEntries(s.refused),
      errors: [...s.errors.values()].reduce((a, b) => a + b, 0),
      errorsBy: Object.fromEntries(s.errors),
      unanswered: s.unanswered,
      converged: s.converged,
    };
  }
  return rows;
}

/** A Markdown table of `rows` (objects) under the given column names. */
export function markdownTable(columns, rows) {
  const cell = (v) => String(v ?? '').replaceAll('|', '\\|');
  return [
    `| ${columns.join(' | ')} |`,
    `|${columns.map(() => '---').join('|')}|`,
    ...rows.map((r) => `| ${columns.map((c) => cell(r[c])).join(' | ')} |`),
  ].join('\n');
}

/** The figures of a benchmark's last run, kept in bench/results/<name>.md ("results in bench/"). */
export function writeResults(name, text) {
  fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  fs.writeFileSync(path.join(root, 'bench/results', `${name}.md`), text);
}
