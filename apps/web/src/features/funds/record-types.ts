import type { ComponentType } from 'react';
import type { FundRecordType } from '@wallx/shared';
import { TradeIcon, type IconProps } from '../../components/icons';
import { ChipIcon, LockIcon } from '../../components/screen-icons';
import { ArrowInIcon, ArrowOutIcon, DepositIcon, FeeIcon, RefundIcon, SparkIcon, WithdrawalIcon } from './funds-icons';

/** A picture for each kind of ledger entry, so a long list can be scanned at a glance. */
export const recordTypeIcons: Record<FundRecordType, ComponentType<IconProps>> = {
  deposit: DepositIcon,
  withdrawal: WithdrawalIcon,
  withdrawal_fee: FeeIcon,
  withdrawal_refund: RefundIcon,
  transfer_in: ArrowInIcon,
  transfer_out: ArrowOutIcon,
  buy_miner: ChipIcon,
  mining_output: SparkIcon,
  mtrade_buy: ChipIcon,
  mtrade_sell: ChipIcon,
  mtrade_fee: FeeIcon,
  c2c_escrow: LockIcon,
  c2c_release: RefundIcon,
  c2c_buy: TradeIcon,
  c2c_sell: TradeIcon,
  c2c_fee: FeeIcon,
  checkin_reward: SparkIcon,
  streak_bonus: SparkIcon,
  leaderboard_prize: SparkIcon,
  rewards_funding: SparkIcon,
  stake: LockIcon,
  unstake: RefundIcon,
  staking_reward: SparkIcon,
  donation: ArrowOutIcon,
  staking_fee_share: FeeIcon,
  staking_funding: SparkIcon,
  aid_share: ArrowOutIcon,
  aid_grant: ArrowOutIcon,
};
