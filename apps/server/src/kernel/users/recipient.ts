import { isAddress } from '@wallx/shared';
import type { Executor } from '../../platform/db/database.js';
import { AppError } from '../../platform/errors/app-error.js';
import type { UserRepository } from './repository.js';

/**
 * Where a transfer of funds or of a miner goes, in two steps so that each caller keeps its order of
 * refusals (a miner transfer checks the miner between them): first the address as typed, then the
 * registered user who has it; anyone else cannot receive.
 */
export function recipientAddress(sender: { address: string }, to: string): string {
  if (!isAddress(to)) throw new AppError('invalid_wallet_account', { field: 'to' });
  const address = to.toLowerCase();
  if (address === sender.address) throw new AppError('transfer_to_self', { field: 'to' });
  return address;
}

export async function recipientId(db: Executor, users: UserRepository, address: string): Promise<string> {
  const id = await users.findIdByAddress(db, address);
  if (!id) throw new AppError('invalid_wallet_account', { field: 'to' });
  return id;
}
