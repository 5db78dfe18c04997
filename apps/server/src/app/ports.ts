import { OPERATOR_CONSOLE_PATH, OPERATOR_LOGIN_STATEMENT, type MoneyProposalKind } from '@wallx/shared';
import { createFundPasswords, type FundPasswords } from '../kernel/fund-password/fund-password.js';
import type { AuthService } from '../modules/auth/service.js';
import type { WorkingMiners } from '../modules/checkins/module.js';
import type { CourseViewer } from '../modules/content/service.js';
import type { Deposits } from '../modules/deposits/service.js';
import type { FundsService } from '../modules/funds/service.js';
import type { MarketOperations } from '../modules/markets/operator.js';
import type { MinersRepository } from '../modules/miners/repository.js';
import type { MinersService } from '../modules/miners/service.js';
import type { OperatorsPorts } from '../modules/operators/module.js';
import type { ProposalHandler } from '../modules/proposals/service.js';
import type { ShippingPorts } from '../modules/shipping/module.js';
import type { StakeHolders } from '../modules/staking/module.js';
import type { TeamService } from '../modules/team/service.js';
import type { UserOperatorPorts } from '../modules/user/operator.js';
import type { PayoutWorker } from '../modules/withdrawals/payout-worker.js';
import type { Withdrawals } from '../modules/withdrawals/service.js';
import type { SharedDeps } from '../kernel/module-context.js';

/*
 * Where one module's service is handed to another. Modules import no other module (lint rule
 * wallx/module-boundaries): each declares the port it needs, and these adapters fill it.
 */

/** The console's sign-in is the app's, with the console's statement and path in the message. */
export const operatorSignIn =
  (auth: AuthService): OperatorsPorts['confirmSignIn'] =>
  (input, origin) =>
    auth.confirmSigned(input, { statement: OPERATOR_LOGIN_STATEMENT, path: OPERATOR_CONSOLE_PATH }, origin);

/** Fund passwords are set and reset with a wallet signature, checked as sign-in checks it. */
export const walletFundPasswords = ({ db, clock, metrics }: SharedDeps, auth: AuthService): FundPasswords =>
  createFundPasswords({
    db,
    confirmWithWallet: auth.confirmAction,
    onFailure: (reason) => metrics.fundPasswordFailures.inc({ reason }),
    ...clock,
  });

/** Course access reads the viewer's region from shipping and their holding from the miners. */
export const courseViewer = (
  { db }: SharedDeps,
  shipping: ShippingPorts,
  miners: Pick<MinersRepository, 'holdsMiner'>,
): CourseViewer => ({
  region: shipping.region,
  holdsMiner: (userId) => miners.holdsMiner(db, userId),
});

/**
 * Check-in rewards and weekly prizes go to accounts that hold a working miner or a stake (a setting,
 * ECOSYSTEM.md): the miners and the stakes know which do. A stake counts while it is active.
 */
export const workingMiners = (
  miners: Pick<MinersRepository, 'holdsWorkingMiner'>,
  stakes: StakeHolders,
): WorkingMiners => ({
  holdsWorkingMiner: async (executor, userId, day) =>
    (await miners.holdsWorkingMiner(executor, userId, day)) || (await stakes.holdsStake(executor, userId)),
});

/** The console's Users page: what the user's own screens show, and the freeze's withdrawal of their orders. */
export const userOperatorPorts = (modules: {
  team: TeamService;
  funds: FundsService;
  miners: MinersService;
  shipping: ShippingPorts;
  marketOperations: MarketOperations;
}): UserOperatorPorts => ({
  // The user is its own viewer: the team module answers for the user's team as the app does.
  team: {
    summary: (user) => modules.team.summary(user, undefined),
    members: (user, query) => modules.team.members(user, query),
  },
  records: (userId, query) => modules.funds.records(userId, query),
  miners: (userId, query) => modules.miners.mine(userId, query),
  validatorPoints: modules.shipping.validatorPoints,
  region: modules.shipping.region,
  withdrawOrders: (trx, operator, userId, reason) =>
    modules.marketOperations.withdrawAllOf(trx, operator, userId, reason),
});

/** What each kind of money proposal decides, from the module that owns its subject. */
export const proposalHandlers = (
  withdrawals: Withdrawals,
  payouts: PayoutWorker,
  deposits: Deposits,
): Record<MoneyProposalKind, ProposalHandler> => ({
  ...withdrawals.proposalHandlers(payouts),
  ...deposits.proposalHandlers(),
});
