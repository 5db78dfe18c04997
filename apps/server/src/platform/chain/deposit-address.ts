import { concat, getContractAddress, keccak256, numberToHex, type Address, type Hex } from 'viem';

/** Where each user's deposit address comes from: the factory that deploys it, and the code it clones. */
export type DepositFactory = { address: Address; implementation: Address };

/**
 * The creation code of an EIP-1167 minimal proxy of `implementation` (as OpenZeppelin's `Clones`
 * writes it): ten bytes that return the 45-byte runtime, which delegates every call to it.
 */
export function cloneCreationCode(implementation: Address): Hex {
  return concat([
    '0x3d602d80600a3d3981f3363d3d373d3d3d363d73',
    implementation.toLowerCase() as Hex,
    '0x5af43d82803e903d91602b57fd5bf3',
  ]);
}

/** The CREATE2 salt of a user's deposit address: their id, as 32 bytes (not their wallet, which it would link). */
export const depositSalt = (userId: string): Hex => numberToHex(BigInt(userId), { size: 32 });

/**
 * A user's deposit address: where the factory's CREATE2 puts the clone for their salt. Known before
 * anything is deployed there (tokens sent to it wait until the first sweep deploys it), and no
 * private key exists for it.
 */
export function depositAddressOf(factory: DepositFactory, userId: string): Address {
  return getContractAddress({
    opcode: 'CREATE2',
    from: factory.address,
    salt: depositSalt(userId),
    bytecodeHash: keccak256(cloneCreationCode(factory.implementation)),
  });
}
