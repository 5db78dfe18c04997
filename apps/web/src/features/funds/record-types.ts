import type { ComponentType } from 'react';
import type { FundRecordType } from '@wallx/shared';
import type { IconProps } from '../../components/icons';
import { ArrowInIcon, ArrowOutIcon, DepositIcon, FeeIcon, LockIcon, MinerIcon, RefundIcon, SparkIcon, SwapIcon, WithdrawIcon } from './funds-icons';

/** A picture for each kind of ledger entry, so a long list can be scanned at a glance. */
export const recordTypeIcons: Record<FundRecordType, ComponentType<IconProps>> = {
  recharge: DepositIcon,
  withdraw: WithdrawIcon,
  withdraw_fee: FeeIcon,
  withdraw_refund: RefundIcon,
  transfer_in: ArrowInIcon,
  transfer_out: ArrowOutIcon,
  buy_miner: MinerIcon,
  mining_output: SparkIcon,
  mtrade_buy: MinerIcon,
  mtrade_sell: MinerIcon,
  mtrade_fee: FeeIcon,
  c2c_escrow: LockIcon,
  c2c_release: RefundIcon,
  c2c_buy: SwapIcon,
  c2c_sell: SwapIcon,
  c2c_fee: FeeIcon,
};
