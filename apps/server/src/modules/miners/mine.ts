import type { Miner, MinerState, MinerTransferRequest, MineSummary, Page } from '@wallx/shared';
import { AppError } from '../../platform/errors/app-error.js';
import { pageById, type PageQuery } from '../../platform/pagination/page.js';
import { recipientAddress, recipientId } from '../../kernel/users/recipient.js';
import { dayInZone } from '../../platform/time/days.js';
import type { Actor, MinersDeps } from './deps.js';

/** Why a miner in `state` cannot be turned on, transferred or listed. */
function stateError(state: MinerState, action: 'turn_on' | 'move'): AppError {
  if (state === 'on') return new AppError(action === 'turn_on' ? 'miner_already_on' : 'miner_is_on');
  if (state === 'selling') return new AppError('miner_is_selling');
  return new AppError('miner_is_expired');
}

export async function findOwnMiner({ db, miners }: MinersDeps, userId: string, minerId: string): Promise<Miner> {
  const miner = await miners.findMiner(db, userId, minerId);
  if (!miner) throw new AppError('miner_not_found');
  return miner;
}

/** A user's mine: the miners, the summary, turning one on and giving one away. */
export function createMine(deps: MinersDeps) {
  const { db, events, users, miners, outputs, fundPasswords, idempotency, timeZone, now = Date.now } = deps;
  return {
    mine(userId: string, query: PageQuery & { state?: MinerState | undefined }): Promise<Page<Miner>> {
      return pageById(query, (range) => miners.miners(db, userId, { state: query.state, ...range }));
    },

    async summary(userId: string): Promise<MineSummary> {
      return { ...(await outputs.summary(db, userId)), output_time_zone: timeZone };
    },

    /** off → on. Its output days start on today's date in the output time zone. */
    async turnOn(userId: string, minerId: string): Promise<{ miner: Miner }> {
      const at = new Date(now());
      if (!(await miners.turnOn(db, userId, minerId, at, dayInZone(at, timeZone)))) {
        const current = await miners.minerState(db, userId, minerId);
        if (!current) throw new AppError('miner_not_found');
        throw stateError(current.state, 'turn_on');
      }
      return { miner: await findOwnMiner(deps, userId, minerId) };
    },

    /** Gives an off, non-gift miner to another registered user, with the fund password. */
    async transfer(
      sender: Actor,
      minerId: string,
      input: MinerTransferRequest,
      idempotencyKey: string | undefined,
    ): Promise<{ miner_id: string; to: string }> {
      const { fund_password, ...request } = input;
      const idem = { userId: sender.id, key: idempotencyKey, scope: 'miners.transfer', body: { ...request, minerId } };
      const earlier = await idempotency.previous<{ miner_id: string; to: string }>(idem);
      if (earlier) return earlier;

      const to = recipientAddress(sender, input.to);
      const current = await miners.minerState(db, sender.id, minerId);
      if (!current) throw new AppError('miner_not_found');
      if (current.gift) throw new AppError('gift_not_transferable');
      if (current.claimed) throw new AppError('miner_claimed');
      if (current.state !== 'off') throw stateError(current.state, 'move');
      const toUserId = await recipientId(db, users, to);
      await fundPasswords.verify(sender.id, fund_password);

      return idempotency.run(idem, async (trx) => {
        if (!(await miners.changeOwner(trx, minerId, sender.id, toUserId))) {
          // It changed between the checks and now (turned on, listed, given away).
          const latest = await miners.minerState(trx, sender.id, minerId);
          if (!latest) throw new AppError('miner_not_found');
          if (latest.claimed) throw new AppError('miner_claimed');
          throw stateError(latest.state, 'move');
        }
        await events.emit(trx, {
          userId: toUserId,
          type: 'miner_received',
          payload: { miner_no: current.machine_no, from: sender.address },
        });
        return { miner_id: minerId, to };
      });
    },
  };
}
