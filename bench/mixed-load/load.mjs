// The mixed load shared by `bench/crash.mjs` and `bench/scale.mjs`: one anvil chain for every server
// instance (chain.mjs), users funded by real on-chain deposits (world.mjs), and a driver whose
// simulated users transfer, buy miners, turn them on and collect their output, trade on both markets,
// withdraw, deposit, stake and unstake WALLX, donate to the aid fund and have pick-up vouchers written
// off (this file). Every request keeps its Idempotency-Key and body, so a request that got no answer
// (a server killed under it) is sent again, the same, until it is answered (http.mjs).
import crypto from 'node:crypto';
import { deposit, depositFromExchange, FUND_PASSWORD, HOME, newUser, setFundPassword } from './world.mjs';

/** The market actions: list and buy on both markets, cancel one's own order. */
function marketActions({ send, key, pickOf, buy }) {
  return {
    async mtradeSell(u) {
      const mine = await send('GET /api/miners/mine', 'GET', '/api/miners/mine?state=off&limit=20', { auth: u.auth });
      const off = mine.answer.data?.items ?? [];
      if (off.length === 0) return buy(u);
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
  };
}

/** The staking pool and the aid fund (issue 48): stake, withdraw a flexible stake, donate. */
function stakingActions({ send, key, pickOf }) {
  return {
    async stake(u) {
      // Mostly flexible, so that there are stakes to withdraw; some for 30 days, which stay.
      await send('POST /api/staking/stakes', 'POST', '/api/staking/stakes', {
        auth: u.auth,
        key: key(u),
        body: {
          amount: pickOf(['10', '25', '2.5']),
          term: pickOf(['flexible', 'flexible', 'd30']),
          fund_password: FUND_PASSWORD,
        },
      });
    },
    async unstake(u) {
      const mine = await send('GET /api/staking/stakes', 'GET', '/api/staking/stakes?limit=50', { auth: u.auth });
      const open = (mine.answer.data?.items ?? []).filter((s) => s.status === 'active' && s.can_unstake);
      if (open.length === 0) return;
      await send('POST /api/staking/stakes/:id/unstake', 'POST', `/api/staking/stakes/${pickOf(open).id}/unstake`, {
        auth: u.auth,
        key: key(u),
        body: { fund_password: FUND_PASSWORD },
      });
    },
    async donate(u) {
      await send('POST /api/aid-fund/donations', 'POST', '/api/aid-fund/donations', {
        auth: u.auth,
        key: key(u),
        body: {
          asset: pickOf(['USDT', 'WALLX']),
          amount: pickOf(['1', '5', '0.25']),
          fund_password: FUND_PASSWORD,
          show_me: Math.random() < 0.5,
        },
      });
    },
  };
}

/**
 * A newcomer logs in, is sent USDT by this user, buys a physical miner, gives an address and asks
 * to pick it up; a validator of the point writes the voucher off.
 */
async function pickupWriteoff({ http, chain, world, send, key, pickOf, seq, writeoffs }, u) {
  const newcomer = await newUser(http, chain, 1000 + seq());
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
}

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
    ...marketActions({ send, key, pickOf, buy: (u) => actions.buy(u) }),
    ...stakingActions({ send, key, pickOf }),
    async withdraw(u) {
      await send('POST /api/funds/withdraw', 'POST', '/api/funds/withdraw', {
        auth: u.auth,
        key: key(u),
        body: { asset: pickOf(['USDT', 'WALLX']), amount: '10', fund_password: FUND_PASSWORD },
      });
    },
    // Half from the user's wallet to the shared address, reported; half from an exchange to the user's own address, found by the scanner.
    async deposit(u) {
      if (Math.random() < 0.5) await deposit(ctx, u, pickOf(['USDT', 'WALLX']), '50', 'load');
      else await depositFromExchange(ctx, u, pickOf(['USDT', 'WALLX']), '50');
    },
    async read(u) {
      if (Math.random() < 0.5) await send('GET /api/user/info', 'GET', '/api/user/info', { auth: u.auth });
      else await send('GET /api/funds/records', 'GET', '/api/funds/records?limit=20', { auth: u.auth });
    },
    writeoff: (u) => pickupWriteoff({ http, chain, world, send, key, pickOf, seq: () => seq, writeoffs }, u),
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
    stake: 5,
    unstake: 3,
    donate: 3,
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
