import { describe, expect, it } from 'vitest';
import { addOperatorProblems } from './form-rules';

describe('addOperatorProblems', () => {
  const values = { address: '', role: 'viewer', person: '' } as const;

  it('takes a wallet address, with spaces around it', () => {
    expect(addOperatorProblems({ ...values, address: ` 0x${'aB'.repeat(20)} ` })).toEqual({});
  });

  it('refuses anything else before sending', () => {
    for (const address of ['', '0x123', `0x${'g'.repeat(40)}`, 'vitalik.eth'])
      expect(addOperatorProblems({ ...values, address })).toEqual({ address: 'operators.address_invalid' });
  });
});
