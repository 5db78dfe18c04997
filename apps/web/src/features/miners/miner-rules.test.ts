import { describe, expect, it } from 'vitest';
import { errorCatalog } from '@wallx/shared';
import {
  canTransfer,
  canTurnOn,
  minerTransferFieldOfError,
  outputProgress,
  toMinerTransferRequest,
  validateMinerTransfer,
} from './miner-rules';

const own = '0x8ba1f109551bd432803012645ac136ddd64dba72';
const other = '0xAb5801a7D398351b8bE11C439e05C5B3259aeC9B';

describe('miner actions', () => {
  it('turns on only switched-off miners', () => {
    expect(canTurnOn({ state: 'off' })).toBe(true);
    for (const state of ['on', 'selling', 'expired'] as const) expect(canTurnOn({ state })).toBe(false);
  });

  it('transfers only switched-off miners that are not gifts', () => {
    expect(canTransfer({ state: 'off', gift: false })).toBe(true);
    expect(canTransfer({ state: 'off', gift: true })).toBe(false);
    expect(canTransfer({ state: 'on', gift: false })).toBe(false);
    expect(canTransfer({ state: 'selling', gift: false })).toBe(false);
  });

  it('measures the output progress', () => {
    expect(outputProgress({ days_produced: 0, output_days: 30 })).toBe(0);
    expect(outputProgress({ days_produced: 15, output_days: 30 })).toBe(0.5);
    expect(outputProgress({ days_produced: 31, output_days: 30 })).toBe(1);
    expect(outputProgress({ days_produced: 3, output_days: 0 })).toBe(0);
  });
});

describe('validateMinerTransfer', () => {
  it('asks for an address and a fund password', () => {
    expect(validateMinerTransfer({ to: ' ', fundPassword: '' }, own)).toEqual({
      to: 'funds.recipient_required',
      fund_password: 'funds.fund_password_required',
    });
  });

  it('wants a wallet address that is not one’s own, in any case', () => {
    expect(validateMinerTransfer({ to: '0x1234', fundPassword: 'x' }, own).to).toBe('errors.invalid_wallet_account');
    expect(validateMinerTransfer({ to: own.toUpperCase().replace('0X', '0x'), fundPassword: 'x' }, own).to).toBe(
      'errors.transfer_to_self',
    );
    expect(validateMinerTransfer({ to: ` ${other} `, fundPassword: 'x' }, own)).toEqual({});
  });

  it('sends the trimmed address', () => {
    expect(toMinerTransferRequest({ to: ` ${other}\t`, fundPassword: ' pw ' })).toEqual({
      to: other,
      fund_password: ' pw ',
    });
  });
});

describe('minerTransferFieldOfError', () => {
  it('places refusals on their field', () => {
    expect(minerTransferFieldOfError({ code: errorCatalog.fund_password_incorrect.code })).toBe('fund_password');
    expect(minerTransferFieldOfError({ code: errorCatalog.transfer_to_self.code })).toBe('to');
    expect(minerTransferFieldOfError({ code: 0, field: 'to' })).toBe('to');
    expect(minerTransferFieldOfError({ code: errorCatalog.gift_not_transferable.code })).toBeUndefined();
  });
});
