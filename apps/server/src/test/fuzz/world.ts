import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { PrivateKeyAccount } from 'viem/accounts';
import { WALLET_ACTION_STATEMENTS } from '@wallx/shared';
import type { DatabaseHandle } from '../../platform/db/database.js';
import { addProduct, credit, login, newWallet, operatorLogin, signedAction } from '../helpers.js';

export type Envelope = { code: number; message: string; data?: unknown };

/** Who sends a request: a guest, one of two users, or an operator. */
export type Actor = {
  name: 'guest' | 'alice' | 'bob' | 'admin' | 'viewer';
  headers: Record<string, string>;
  account?: PrivateKeyAccount;
  address?: string;
  shareCode?: string;
  fundPassword?: string;
  /** Every id this actor's own lists showed, by the list it came from. */
  owned: Map<string, Set<string>>;
};

export const FUND_PASSWORD = 'fuzz-pass-123';

/** The lists an owner reads its things from; the BOLA matrix takes the ids it needs from these. */
export const ownedLists = {
  orders: '/api/miners/orders?limit=100',
  miners: '/api/miners/mine?limit=100',
  outputs: '/api/miners/outputs?limit=100',
  mtrade: '/api/mtrade/my_orders?limit=100',
  c2c: '/api/c2c/my_orders?limit=100',
  addresses: '/api/addresses',
  feedback: '/api/feedback?limit=100',
  withdrawals: '/api/funds/withdrawals?limit=100',
  shipping: '/api/shipping/requests?limit=100',
  deposits: '/api/funds/recharges?limit=100',
  sessions: '/api/user/sessions',
  stakes: '/api/staking/stakes?limit=100',
  conversations: '/api/companion/conversations?limit=100',
} as const;
export type OwnedList = keyof typeof ownedLists;

/** Ids found anywhere in a response: `id`, `*_id`, and the codes a route may take. */
export function idsIn(value: unknown, into: Set<string> = new Set()): Set<string> {
  if (Array.isArray(value)) for (const item of value) idsIn(item, into);
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (
        (key === 'id' || key.endsWith('_id') || key === 'key' || key === 'code') &&
        (typeof inner === 'string' || typeof inner === 'number')
      )
        into.add(String(inner));
      else idsIn(inner, into);
    }
  }
  return into;
}

function versionsIn(value: unknown, into: Set<number>) {
  if (Array.isArray(value)) for (const item of value) versionsIn(item, into);
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (key === 'version' && typeof inner === 'number') into.add(inner);
      else versionsIn(inner, into);
    }
  }
}

/** The top-level items of a list answer (`items`, or the array itself). */
function itemsOf(data: unknown): Array<Record<string, unknown>> {
  if (Array.isArray(data)) return data as Array<Record<string, unknown>>;
  if (data && typeof data === 'object') {
    for (const value of Object.values(data)) if (Array.isArray(value)) return value as Array<Record<string, unknown>>;
  }
  return [];
}

export class World {
  readonly actors: Record<Actor['name'], Actor>;
  /** Ids anyone may see: products, public market orders, courses, articles. */
  readonly publicIds = new Set<string>();
  /** Item ids of every list read, by the list's path: `/api/c2c/orders`, `/api/admin/users`. */
  readonly idsByList = new Map<string, Set<string>>();
  /** The console's lists (GET routes under /api/admin without a path parameter), read as the admin. */
  adminLists: string[] = [];
  /** Versions the console's edits must name (products, money settings): a stale one is refused. */
  readonly versions = new Set<number>([1]);
  products: { machine: string; physical: string } = { machine: '', physical: '' };
  /** Harness actions taken to keep deep paths reachable, counted for the report. */
  readonly upkeep = { relogins: 0, unlocks: 0, topUps: 0, unfreezes: 0 };

  constructor(
    readonly app: FastifyInstance,
    readonly database: DatabaseHandle,
  ) {
    const blank = (name: Actor['name']): Actor => ({ name, headers: {}, owned: new Map() });
    this.actors = {
      guest: blank('guest'),
      alice: blank('alice'),
      bob: blank('bob'),
      admin: blank('admin'),
      viewer: blank('viewer'),
    };
  }

  /** A string payload is sent as written (malformed JSON, a form); anything else as JSON, `null` and `42` included. */
  async send(actor: Actor, method: string, url: string, payload?: unknown, headers: Record<string, string> = {}) {
    const all = { ...actor.headers, ...headers };
    if (payload !== undefined && typeof payload !== 'string') all['content-type'] ??= 'application/json';
    const body = payload === undefined || typeof payload === 'string' ? payload : JSON.stringify(payload);
    const request = { method: method as 'GET', url, headers: all, ...(body === undefined ? {} : { payload: body }) };
    if (method !== 'GET' || url.split('?')[0] !== '/api/events') return this.app.inject(request);
    // The event stream never ends by itself: its first message is read, then the client goes away.
    const response = await this.app.inject({ ...request, payloadAsStream: true });
    let text = '';
    for await (const chunk of response.stream()) {
      text += String(chunk);
      if (String(response.headers['content-type']).startsWith('text/event-stream') && text.includes('\n\n')) break;
    }
    response.stream().destroy();
    return Object.assign(response, { body: text, payload: text, json: () => JSON.parse(text) as unknown });
  }

  /** A setup request that must succeed; answers its data. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- setup reads a few fields of many answer shapes
  async must(actor: Actor, method: string, url: string, payload?: unknown): Promise<any> {
    const headers: Record<string, string> = method === 'GET' ? {} : { 'idempotency-key': crypto.randomUUID() };
    const response = await this.send(actor, method, url, payload, headers);
    const body = response.json() as Envelope;
    if (body.code !== 0)
      throw new Error(`fuzz setup: ${actor.name} ${method} ${url} → ${response.statusCode} ${response.body}`);
    return body.data;
  }

  async loginUser(actor: Actor, account: PrivateKeyAccount = actor.account ?? newWallet()) {
    const session = await login(this.app, account);
    actor.account = account;
    actor.address = session.userinfo.bsc.toLowerCase();
    actor.headers = session.auth;
  }

  async loginOperators() {
    this.actors.admin.headers = await operatorLogin(this.app, 'admin');
    this.actors.viewer.headers = await operatorLogin(this.app, 'viewer');
  }

  /**
   * Two users with money, miners, orders on both markets, an address, feedback, a withdrawal, stakes and a
   * deposit report each: every id-taking route has something to point at. No delivery request: a
   * user may have one at a time, and one made here would refuse the matrix's before the ownership check.
   */
  async seed() {
    this.products = {
      machine: await addProduct(this.database, { price_usdt: '10', price_wallx: '50', stock: 100_000 }),
      physical: await addProduct(this.database, {
        name: 'en_US:::Box Miner',
        physical: true,
        price_usdt: '10',
        price_wallx: '50',
        stock: 100_000,
      }),
    };
    await this.loginOperators();
    for (const actor of [this.actors.alice, this.actors.bob]) {
      await this.loginUser(actor);
      const signed = await signedAction(this.app, actor.account!, WALLET_ACTION_STATEMENTS.set_fund_password);
      await this.must(actor, 'POST', '/api/user/fund_password', {
        password: FUND_PASSWORD,
        confirm: FUND_PASSWORD,
        ...signed,
      });
      actor.fundPassword = FUND_PASSWORD;
      const info = await this.must(actor, 'GET', '/api/user/info');
      actor.shareCode = String(info.userinfo.share_code);
      await this.topUp(actor);
      const buy = (product_id: string, quantity: number) =>
        this.must(actor, 'POST', '/api/miners/buy', { product_id, pay_asset: 'USDT', quantity });
      await buy(this.products.machine, 6);
      await buy(this.products.physical, 3);
      const orders = itemsOf(await this.must(actor, 'GET', ownedLists.orders));
      const machineOrders = orders.filter(
        (order) =>
          order.product_id === this.products.machine ||
          (order.product as { id?: string } | undefined)?.id === this.products.machine,
      );
      for (const order of machineOrders.slice(0, 5))
        await this.must(actor, 'POST', `/api/miners/orders/${order.id}/use`, {});
      const miners = itemsOf(await this.must(actor, 'GET', ownedLists.miners));
      if (miners.length < 2) throw new Error(`fuzz setup: ${actor.name} has ${miners.length} miners`);
      await this.must(actor, 'POST', `/api/miners/${miners[0]!.id}/turn_on`, {});
      await this.must(actor, 'POST', '/api/mtrade/orders', {
        miner_id: miners[1]!.id,
        unit_price: '12',
        expiry: '7D',
        fund_password: FUND_PASSWORD,
      });
      await this.must(actor, 'POST', '/api/c2c/orders', {
        amount: '10',
        unit_price: '1.5',
        expiry: '7D',
        fund_password: FUND_PASSWORD,
      });
      await this.must(actor, 'POST', '/api/addresses', {
        country: 'CN',
        province: 'CN-GD',
        recipient: 'Fuzz',
        phone: '13800000000',
        postcode: '518000',
        detail: 'Road 1',
      });
      await this.must(actor, 'POST', '/api/feedback', { title: 'Fuzz', detail: 'A report from the fuzzer' });
      // Flexible, so that the owner's control withdraws one; a term stake, so that a refusal has one to name.
      for (const term of ['flexible', 'flexible', 'd180'])
        await this.must(actor, 'POST', '/api/staking/stakes', { amount: '10', term, fund_password: FUND_PASSWORD });
      await this.must(actor, 'PUT', '/api/checkins/today', {
        mood: 2,
        feelings: ['calm'],
        note: this.privateNote(actor),
      });
      // A conversation with the companion (the fuzz app's model is a stand-in): health data, as a note is.
      const conversation = (await this.must(actor, 'POST', '/api/companion/conversations', {})) as { id: string };
      const answered = await this.send(actor, 'POST', `/api/companion/conversations/${conversation.id}/messages`, {
        content: this.privateNote(actor),
      });
      if (!answered.body.includes('event: done'))
        throw new Error(`fuzz setup: the companion answered ${answered.body}`);
      await this.must(actor, 'POST', '/api/funds/withdraw', {
        asset: 'USDT',
        amount: '20',
        fund_password: FUND_PASSWORD,
      });
      // Above the review threshold: it waits for an operator, so the console's review has something to decide.
      await this.must(actor, 'POST', '/api/funds/withdraw', {
        asset: 'USDT',
        amount: '20000',
        fund_password: FUND_PASSWORD,
      });
      await this.must(actor, 'POST', '/api/funds/recharge', {
        asset: 'USDT',
        tx_hash: `0x${crypto.randomBytes(32).toString('hex')}`,
      });
    }
    await this.harvest();
  }

  /** A check-in's note only its owner may ever read: any other actor's answer holding it is a leak. */
  privateNote(actor: Actor): string {
    return `private note of ${actor.name} 7c1e`;
  }

  /** A finding when an answer to `reader` holds another user's private note. */
  leakTo(reader: Actor, body: string): string | null {
    for (const owner of [this.actors.alice, this.actors.bob]) {
      if (owner !== reader && body.includes(this.privateNote(owner)))
        return `no one but ${owner.name} reads ${owner.name}'s check-ins`;
    }
    return null;
  }

  /** Money enters only from the chain; the fuzzer stands in for deposits with the ledger's own posting. */
  async topUp(actor: Actor) {
    await credit(this.database, actor.address!, 'USDT', '1000000');
    await credit(this.database, actor.address!, 'WALLX', '1000000');
    this.upkeep.topUps++;
  }

  /** Reads each user's own lists and the public ones again: ids made by the fuzz become targets too. */
  async harvest() {
    for (const actor of [this.actors.alice, this.actors.bob]) {
      for (const [list, url] of Object.entries(ownedLists)) {
        const body = (await this.send(actor, 'GET', url)).json() as Envelope;
        if (body.code !== 0) continue;
        const ids = new Set(itemsOf(body.data).map((item) => String(item.id)));
        actor.owned.set(list, ids);
        this.remember(url, ids);
      }
    }
    for (const url of this.adminLists) {
      const body = (await this.send(this.actors.admin, 'GET', url)).json() as Envelope;
      if (body.code !== 0) continue;
      versionsIn(body.data, this.versions);
      this.remember(
        url,
        new Set(
          itemsOf(body.data).flatMap((item) =>
            [item.id, item.key, item.address].filter((v) => v !== undefined && v !== null).map(String),
          ),
        ),
      );
    }
    const publicLists = [
      '/api/miners/products',
      '/api/mtrade/orders?limit=100',
      '/api/c2c/orders?limit=100',
      '/api/courses?limit=100',
      '/api/articles',
      '/api/ecology',
      '/api/content/home',
    ];
    for (const url of publicLists) {
      const body = (await this.send(this.actors.guest, 'GET', url)).json() as Envelope;
      if (body.code !== 0) continue;
      idsIn(body.data, this.publicIds);
      this.remember(
        url,
        new Set(
          itemsOf(body.data).flatMap((item) =>
            [item.id, item.key].filter((v) => v !== undefined && v !== null).map(String),
          ),
        ),
      );
    }
  }

  /** Opens the sessions of these actors again, if they are indeed closed. */
  async relogin(actors: Actor[]) {
    for (const actor of actors) {
      const operator = actor.name === 'admin' || actor.name === 'viewer';
      if ((await this.send(actor, 'GET', operator ? '/api/admin/auth/me' : '/api/user/info')).statusCode !== 401)
        continue;
      if (operator) await this.loginOperators();
      else await this.loginUser(actor);
      this.upkeep.relogins++;
    }
  }

  private remember(url: string, ids: Set<string>) {
    const path = url.split('?')[0]!;
    this.idsByList.set(path, new Set([...(this.idsByList.get(path) ?? []), ...ids]));
  }

  /** A physical miner order the user has just bought: nothing has been asked of it yet. */
  async newPhysicalOrder(user: Actor): Promise<string> {
    await this.must(user, 'POST', '/api/miners/buy', {
      product_id: this.products.physical,
      pay_asset: 'USDT',
      quantity: 1,
    });
    const orders = itemsOf(await this.must(user, 'GET', ownedLists.orders));
    return String(
      orders.find(
        (order) =>
          order.product_id === this.products.physical ||
          (order.product as { id?: string } | undefined)?.id === this.products.physical,
      )!.id,
    );
  }

  otherThan(user: Actor): Actor {
    return user === this.actors.alice ? this.actors.bob : this.actors.alice;
  }

  ownedIds(actor: Actor): string[] {
    return [...actor.owned.values()].flatMap((ids) => [...ids]);
  }

  /**
   * Keeps the deep paths reachable whatever the fuzz did: sessions it ended are opened again,
   * fund-password lockouts its wrong passwords caused are lifted, spent balances are refilled.
   */
  async upkeepNow() {
    const { alice, bob, admin, viewer } = this.actors;
    await this.relogin([alice, bob, admin, viewer]);
    // Freezes the fuzz made as an operator are lifted the way an operator would, so the users' money paths stay open.
    const frozen = (
      await this.send(this.actors.admin, 'GET', '/api/admin/users?frozen=true&limit=100')
    ).json() as Envelope;
    for (const user of frozen.code === 0 ? itemsOf(frozen.data) : []) {
      const lifted = await this.send(this.actors.admin, 'POST', `/api/admin/users/${String(user.id)}/freeze`, {
        frozen: false,
        reason: 'fuzz upkeep',
      });
      if (lifted.statusCode === 200) this.upkeep.unfreezes++;
    }
    const { numAffectedRows } =
      await sql`update users set fund_password_failures = 0, fund_password_locked_until = null where fund_password_failures > 0 or fund_password_locked_until is not null`.execute(
        this.database.db,
      );
    this.upkeep.unlocks += Number(numAffectedRows ?? 0);
  }
}
