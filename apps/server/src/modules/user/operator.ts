import {
  parseUserSearch,
  type Asset,
  type FreezeEvent,
  type FundRecord,
  type Miner,
  type MinerState,
  type OperatorUser,
  type OperatorUserDetail,
  type Page,
  type TeamMember,
  type TeamSummary,
} from '@wallx/shared';
import { recordAudit } from '../../kernel/audit/audit.js';
import { refuseOwnUser } from '../../kernel/audit/own-account.js';
import type { Db, Trx } from '../../platform/db/database.js';
import { transaction } from '../../platform/db/transaction.js';
import { AppError } from '../../platform/errors/app-error.js';
import { pageById, type PageQuery } from '../../platform/pagination/page.js';
import type { FreezeRow, UserOperatorRepository } from './operator-repository.js';

type Member = { id: string; address: string };

/** What the Users page reads of other modules, wired in app.ts (modules import no other module). */
export type UserOperatorPorts = {
  team: {
    summary: (user: Member) => Promise<TeamSummary>;
    members: (user: Member, query: PageQuery) => Promise<Page<TeamMember>>;
  };
  records: (userId: string, query: PageQuery & { asset?: Asset | undefined }) => Promise<Page<FundRecord>>;
  miners: (userId: string, query: PageQuery & { state?: MinerState | undefined }) => Promise<Page<Miner>>;
  validatorPoints: (userId: string) => Promise<{ id: string; name: string }[]>;
  region: (userId: string) => Promise<{ country: string; province: string } | null>;
  /** Withdraws the user's pending market orders in the freeze's transaction; how many it withdrew. */
  withdrawOrders: (trx: Trx, operator: string, userId: string, reason: string) => Promise<number>;
};

type Deps = { db: Db; repository: UserOperatorRepository; ports: UserOperatorPorts };

const TEAM_MEMBERS_SHOWN = 20;

function toFreezeEvent(row: FreezeRow): FreezeEvent {
  const detail = (row.detail ?? {}) as { reason?: unknown };
  return {
    frozen: row.action === 'user.freeze',
    reason: typeof detail.reason === 'string' ? detail.reason : '',
    operator: row.operator,
    at: row.created_at.toISOString(),
  };
}

export function createUserOperations({ db, repository, ports }: Deps) {
  async function mustFind(id: string): Promise<OperatorUser> {
    const user = await repository.user(db, id);
    if (!user) throw new AppError('user_not_found', { field: 'id' });
    return user;
  }

  return {
    list(
      query: PageQuery & { q?: string | undefined; frozen?: boolean | undefined; validator?: boolean | undefined },
    ): Promise<Page<OperatorUser>> {
      let search = null;
      if (query.q) {
        search = parseUserSearch(query.q);
        if (!search.addressPrefix && !search.shareCode) throw new AppError('user_search_invalid', { field: 'q' });
      }
      return pageById(query, (range) =>
        repository.list(db, { search, frozen: query.frozen, validator: query.validator }, range),
      );
    },

    async detail(id: string): Promise<OperatorUserDetail> {
      const user = await mustFind(id);
      const member = { id: user.id, address: user.address };
      const [balances, miners, summary, members, validatorPoints, region, lastFreeze] = await Promise.all([
        repository.balances(db, id),
        repository.minerCounts(db, id),
        ports.team.summary(member),
        ports.team.members(member, { limit: TEAM_MEMBERS_SHOWN }),
        ports.validatorPoints(id),
        ports.region(id),
        repository.lastFreeze(db, id),
      ]);
      return {
        user,
        balances,
        miners,
        team: {
          direct_count: summary.direct_count,
          team_size: summary.team_size,
          performance: { last_7_days: summary.performance.last_7_days, all_time: summary.performance.all_time },
          members: members.items,
        },
        validator_points: validatorPoints,
        region,
        last_freeze: lastFreeze ? toFreezeEvent(lastFreeze) : null,
      };
    },

    async records(id: string, query: PageQuery & { asset?: Asset | undefined }): Promise<Page<FundRecord>> {
      await mustFind(id);
      return ports.records(id, query);
    },

    async miners(id: string, query: PageQuery & { state?: MinerState | undefined }): Promise<Page<Miner>> {
      await mustFind(id);
      return ports.miners(id, query);
    },

    /**
     * Freezes or unfreezes an account, with the reason in the audit row. Asking for the state it is
     * already in is refused, so two operators acting at once learn that the other was first.
     */
    async setFrozen(operator: string, id: string, input: { frozen: boolean; reason: string }): Promise<OperatorUser> {
      await transaction(db, async (trx) => {
        const wasFrozen = await repository.lockFrozen(trx, id);
        if (wasFrozen === undefined) throw new AppError('user_not_found', { field: 'id' });
        await refuseOwnUser(trx, operator, id, 'id');
        if (wasFrozen === input.frozen)
          throw new AppError(input.frozen ? 'user_already_frozen' : 'user_not_frozen', { field: 'frozen' });
        await repository.setFrozen(trx, id, input.frozen);
        // A frozen account cannot transact: nobody may buy from it either (decision 59).
        const withdrawnOrders = input.frozen ? await ports.withdrawOrders(trx, operator, id, input.reason) : 0;
        await recordAudit(trx, {
          operator,
          action: input.frozen ? 'user.freeze' : 'user.unfreeze',
          subjectType: 'user',
          subjectId: id,
          detail: {
            before: { is_frozen: wasFrozen },
            after: input.frozen ? { is_frozen: true, withdrawn_orders: withdrawnOrders } : { is_frozen: false },
            reason: input.reason,
          },
        });
      });
      return mustFind(id);
    },
  };
}
export type UserOperations = ReturnType<typeof createUserOperations>;
