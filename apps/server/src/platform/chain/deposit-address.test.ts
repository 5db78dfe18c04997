import { describe, expect, it } from 'vitest';
import { getContractAddress, keccak256, size } from 'viem';
import { cloneCreationCode, depositAddressOf, depositSalt } from './deposit-address.js';

const factory = {
  address: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
  implementation: '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512',
} as const;

describe('deposit addresses', () => {
  it('clones with the 55-byte EIP-1167 creation code around the implementation', () => {
    const code = cloneCreationCode(factory.implementation);
    expect(size(code)).toBe(55);
    expect(code).toContain(factory.implementation.slice(2).toLowerCase());
  });

  it('gives each user their own address, the same every time, from their id as a 32-byte salt', () => {
    expect(depositSalt('7')).toBe(`0x${'0'.repeat(63)}7`);
    const a = depositAddressOf(factory, '7');
    expect(depositAddressOf(factory, '7')).toBe(a);
    expect(depositAddressOf(factory, '8')).not.toBe(a);
    expect(a).toBe(
      getContractAddress({
        opcode: 'CREATE2',
        from: factory.address,
        salt: depositSalt('7'),
        bytecodeHash: keccak256(cloneCreationCode(factory.implementation)),
      }),
    );
  });

  it('moves with the factory and with the implementation it clones', () => {
    const a = depositAddressOf(factory, '7');
    expect(depositAddressOf({ ...factory, address: factory.implementation }, '7')).not.toBe(a);
    expect(depositAddressOf({ ...factory, implementation: factory.address }, '7')).not.toBe(a);
  });
});
