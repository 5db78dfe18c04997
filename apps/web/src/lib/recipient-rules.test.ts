import { describe, expect, it } from 'vitest';
import { addressFromText, recipientError } from './recipient-rules';

const ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';
const TOKEN = '0x55d398326f99059fF775485246999027B3197955';

describe('addressFromText', () => {
  it.each([
    [ADDRESS, ADDRESS],
    [`  ${ADDRESS}\n`, ADDRESS],
    [`ethereum:${ADDRESS}`, ADDRESS],
    [`ethereum:${ADDRESS}@56`, ADDRESS],
    [`ethereum:pay-${ADDRESS}@56?value=1e18`, ADDRESS],
    [`ethereum:${TOKEN}@56/transfer?address=${ADDRESS}&uint256=1e18`, ADDRESS],
  ])('reads %j as the address', (text, address) => {
    expect(addressFromText(text)).toBe(address);
  });

  it.each(['', '0x1234', 'https://wallx.example/join?code=ABC', `bitcoin:${ADDRESS}`, `ethereum:${TOKEN}/transfer`])(
    'finds none in %j',
    (text) => {
      expect(addressFromText(text)).toBeNull();
    },
  );
});

describe('recipientError', () => {
  it('says what is wrong before the server is asked', () => {
    expect(recipientError('', ADDRESS)).toBe('funds.recipient_required');
    expect(recipientError('0x12', ADDRESS)).toBe('errors.invalid_wallet_account');
    expect(recipientError(ADDRESS.toLowerCase(), ADDRESS)).toBe('errors.transfer_to_self');
    expect(recipientError(TOKEN, ADDRESS)).toBeUndefined();
  });
});
