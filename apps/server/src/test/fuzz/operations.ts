import type { Schema } from './arbitraries.js';
import type { Actor, OwnedList, World } from './world.js';

type Parameter = { name: string; in: 'path' | 'query' | 'header'; required?: boolean; schema: Schema };
export type Operation = {
  id: string;
  method: string;
  path: string;
  parameters: Parameter[];
  body: Schema | null;
  admin: boolean;
};
type OpenApi = {
  paths: Record<
    string,
    Record<string, { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema: Schema }> } }>
  >;
};

/** Every operation of the server's own OpenAPI document: a route added later is fuzzed without anyone listing it. */
export function operationsOf(doc: OpenApi): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      id: `${method.toUpperCase()} ${path}`,
      method: method.toUpperCase(),
      path,
      parameters: operation.parameters ?? [],
      body: operation.requestBody?.content?.['application/json']?.schema ?? null,
      admin: path.startsWith('/api/admin/'),
    })),
  );
}

/**
 * What a guest may be answered with success. Anything else answering code 0 to a request without a
 * session is a finding. Logins succeed only with a real signature, which the fuzzer never makes.
 */
export const guestRoutes = new Set([
  'GET /api/health',
  // The probes (issue 51) answer anyone: a load balancer presents no session.
  'GET /api/health/live',
  'GET /api/health/ready',
  'POST /api/web3/nonce',
  'POST /api/web3/logout',
  'GET /api/miners/products',
  'GET /api/images/{file}',
  'GET /api/markets/config',
  'GET /api/mtrade/orders',
  'GET /api/c2c/orders',
  'GET /api/share/inviter',
  'GET /api/regions',
  'GET /api/content/home',
  'GET /api/articles',
  'GET /api/articles/{key}',
  'GET /api/ecology',
  'GET /api/courses',
  'GET /api/courses/{id}',
  'GET /api/funds/recharge/config',
  'GET /api/funds/withdraw/config',
  // The aid fund is public (issue 48): its figures, donations (no donor but a short address they chose), grants.
  'GET /api/aid-fund',
  'GET /api/aid-fund/donations',
  'GET /api/aid-fund/grants',
  // Ending a session is answered the same whether there was one: it reveals nothing and changes nothing else.
  'POST /api/admin/auth/logout',
]);

/**
 * The BOLA matrix: every route that takes the id of something a user owns, and the owner's list it
 * comes from. Another user (and a guest) naming that id must be refused, and the owner's things
 * must be unchanged afterwards. `body` is what the route needs besides the id, as the intruder.
 */
export type OwnedTarget = {
  route: string;
  list: OwnedList;
  field?: string;
  body?: (sender: Actor, world: World, owner: Actor) => Promise<Record<string, unknown>> | Record<string, unknown>;
};
export const ownedTargets: OwnedTarget[] = [
  { route: 'POST /api/miners/orders/{id}/use', list: 'orders' },
  // An intruder tries to take the miner; the owner (the control) gives it to the other user.
  {
    route: 'POST /api/miners/{id}/transfer',
    list: 'miners',
    body: (sender, world, owner) => ({
      to: (sender === owner ? world.otherThan(owner) : sender).address,
      fund_password: sender.fundPassword,
    }),
  },
  { route: 'POST /api/miners/{id}/turn_on', list: 'miners' },
  { route: 'POST /api/miners/outputs/{id}/collect', list: 'outputs' },
  { route: 'POST /api/mtrade/orders/{id}/cancel', list: 'mtrade' },
  { route: 'POST /api/c2c/orders/{id}/cancel', list: 'c2c' },
  { route: 'POST /api/funds/withdrawals/{id}/cancel', list: 'withdrawals' },
  {
    route: 'POST /api/staking/stakes/{id}/unstake',
    list: 'stakes',
    body: (sender) => ({ fund_password: sender.fundPassword }),
  },
  {
    route: 'PUT /api/addresses/{id}',
    list: 'addresses',
    body: () => ({
      country: 'CN',
      province: 'CN-BJ',
      recipient: 'Intruder',
      phone: '13900000000',
      postcode: '100000',
      detail: 'Elsewhere 2',
    }),
  },
  { route: 'POST /api/addresses/{id}/default', list: 'addresses' },
  // Ids carried in a body.
  {
    route: 'POST /api/mtrade/orders',
    list: 'miners',
    field: 'miner_id',
    body: (intruder) => ({ unit_price: '1', expiry: '1D', fund_password: intruder.fundPassword }),
  },
  {
    route: 'POST /api/shipping/delivery',
    list: 'orders',
    field: 'order_id',
    body: (intruder) => ({
      address_id: [...(intruder.owned.get('addresses') ?? [])][0],
      fund_password: intruder.fundPassword,
    }),
  },
  {
    route: 'POST /api/shipping/delivery',
    list: 'addresses',
    field: 'address_id',
    body: async (sender, world) => ({
      order_id: sender.name === 'guest' ? '1' : await world.newPhysicalOrder(sender),
      fund_password: sender.fundPassword,
    }),
  },
  {
    route: 'POST /api/shipping/pickup',
    list: 'orders',
    field: 'order_id',
    body: (sender) => ({ point_id: '1', fund_password: sender.fundPassword }),
  },
  { route: 'GET /api/companion/conversations/{id}', list: 'conversations' },
  { route: 'POST /api/companion/conversations/{id}/retry', list: 'conversations' },
  {
    route: 'POST /api/companion/conversations/{id}/messages',
    list: 'conversations',
    body: () => ({ content: 'hello' }),
  },
  { route: 'DELETE /api/companion/conversations/{id}', list: 'conversations' },
  // Last: the owner's control run deletes the addresses the routes above use.
  { route: 'DELETE /api/addresses/{id}', list: 'addresses' },
  // Last of all: the owner's control run ends one of its own sessions.
  { route: 'POST /api/user/sessions/{id}/end', list: 'sessions' },
];
/** Routes that take an id anyone may use: a market order to buy, public content, an image. */
export const publicIdRoutes = new Set([
  'GET /api/images/{file}',
  'POST /api/mtrade/orders/{id}/buy',
  'POST /api/c2c/orders/{id}/buy',
  'GET /api/articles/{key}',
  'GET /api/courses/{id}',
  'PUT /api/courses/{id}/progress',
]);
