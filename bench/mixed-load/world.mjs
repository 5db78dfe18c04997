// The world the load runs in: an operator's catalog and pick-up point, funded users, validators.
import { createWalletClient, erc20Abi, http as rpcTransport, parseUnits } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { consoleSignInBody, fundPasswordBody, signInBody, sleep } from '../lib.mjs';
import { BENCH_SITE } from './servers.mjs';

const PRODUCT_STOCK = 1_000_000;
const PICKUP_STOCK = 1_000_000;
export const FUND_PASSWORD = 'bench-123';
/** Every user starts with this much of each asset credited by a real deposit. */
const START_BALANCE = '20000';
export const HOME = {
  country: 'CN',
  province: 'CN-GD',
  recipient: 'Li Lei',
  phone: '138 0013 8000',
  postcode: '518000',
  detail: 'No. 1 Shennan Road, Futian, Shenzhen',
};

/**
 * A signed body whose nonce is asked for outside the retrying client: null when the server was killed
 * under the request (the caller asks again, once it is back).
 */
async function askedAgain(sign) {
  try {
    return await sign();
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    await sleep(200);
    return null;
  }
}

async function signIn(http, account) {
  // A nonce is spent once: after a lost answer whose login went through, the client signs a new one.
  for (;;) {
    const body = await askedAgain(() => signInBody(http.bases[0], account, BENCH_SITE));
    if (!body) continue;
    const answer = await http.send('POST /api/web3/verify', 'POST', '/api/web3/verify', { body });
    if (answer.outcome === 'ok') return `Bearer ${answer.answer.data.token.access_token}`;
    if (answer.outcome === 'converged') continue;
    throw new Error(`login failed: ${JSON.stringify(answer.answer)}`);
  }
}

/** The first fund password, signed by the wallet; a retried set whose signature was spent by a lost attempt signs again. */
export async function setFundPassword(http, u) {
  for (;;) {
    const body = await askedAgain(() => fundPasswordBody(http.bases[0], u.account, FUND_PASSWORD, BENCH_SITE));
    if (!body) continue;
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
export async function newUser(http, chain, index) {
  const account = privateKeyToAccount(generatePrivateKey());
  const auth = await signIn(http, account);
  const wallet = createWalletClient({ account, chain: chain.chain, transport: rpcTransport(chain.rpcUrl) });
  return { index, account, address: account.address.toLowerCase(), auth, wallet };
}

/** Sends `amount` of `asset` to the deposit address from the user's wallet and reports the hash, as the app does. */
export async function deposit(ctx, user, asset, amount, kind) {
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

/**
 * An exchange's withdrawal to the user's own deposit address (issue 33): sent from a wallet that is no
 * user of ours and reported by nobody; the scanner credits it and the sweep job moves it to the hot wallet.
 */
export async function depositFromExchange(ctx, user, asset, amount) {
  const hash = await user.exchange.writeContract({
    address: ctx.chain.tokens[asset],
    abi: erc20Abi,
    functionName: 'transfer',
    args: [user.own, parseUnits(amount, 18)],
  });
  ctx.deposits.push({
    hash,
    asset,
    amount,
    from: user.exchange.account.address.toLowerCase(),
    to: user.own,
    kind: 'exchange',
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

  // Each user's own deposit address, and an exchange's wallet (no user of ours) that sends to it.
  for (const u of users) {
    u.own = (
      await must(
        http.send('GET /api/funds/recharge/address', 'GET', '/api/funds/recharge/address', { auth: u.auth }),
        'deposit address',
      )
    ).address.toLowerCase();
    const exchange = privateKeyToAccount(generatePrivateKey());
    u.exchange = createWalletClient({ account: exchange, chain: chain.chain, transport: rpcTransport(chain.rpcUrl) });
  }
  // Gas and tokens in each user's own wallet and its exchange's, then two deposits each, credited for real by the server.
  for (const u of users) {
    await chain.rpc('anvil_setBalance', [u.address, '0x56BC75E2D63100000']);
    await chain.rpc('anvil_setBalance', [u.exchange.account.address, '0x56BC75E2D63100000']);
  }
  await chain.mint(
    users.flatMap((u) => [u.address, u.exchange.account.address]),
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
