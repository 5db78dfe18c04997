// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import "./DepositForwarder.sol";

/// Deploys and sweeps users' deposit addresses. A user's address is the CREATE2 address of an
/// EIP-1167 clone of `implementation`, salted with their id: known before anything is deployed there,
/// with no private key. The first sweep of an address deploys its clone and moves its balance in the
/// same transaction; later sweeps only call the clone.
///
/// Everything a sweep moves goes to `destination`, fixed at deployment, so anyone may sweep: a
/// stranger can only pay the gas of moving deposits where they were going anyway.
contract DepositFactory {
    /// Where every sweep sends what it moves: the platform's hot wallet.
    address public immutable destination;
    /// The forwarder every deposit address clones; deployed by this factory, so `forward` obeys it alone.
    address public immutable implementation;
    /// keccak256 of the clone's creation code, the CREATE2 input that fixes the addresses.
    bytes32 private immutable cloneCodeHash;

    /// 1 = idle, 2 = inside a sweep; a token that calls back into the factory during its transfer is refused.
    uint256 private lock = 1;

    /// One per address swept: what its clone sent of `token` (the zero address: the native coin;
    /// what `destination` received may be less, for a fee-on-transfer token), and whether this sweep
    /// deployed the clone.
    event Swept(bytes32 indexed salt, address indexed forwarder, address indexed token, uint256 amount, bool deployed);

    error ZeroDestination();
    error Reentered();
    error DeployFailed(bytes32 salt);

    constructor(address destination_) {
        if (destination_ == address(0)) revert ZeroDestination();
        destination = destination_;
        address impl = address(new DepositForwarder());
        implementation = impl;
        cloneCodeHash = keccak256(_cloneCode(impl));
    }

    modifier oneAtATime() {
        if (lock != 1) revert Reentered();
        lock = 2;
        _;
        lock = 1;
    }

    /// The deposit address of `salt`, deployed or not.
    function addressOf(bytes32 salt) public view returns (address) {
        return address(uint160(uint256(keccak256(abi.encodePacked(bytes1(0xff), address(this), salt, cloneCodeHash)))));
    }

    /// Moves the whole balance of `token` (0: the native coin) at the deposit address of `salt` to
    /// `destination`, deploying its clone first if it has none. Returns what the clone sent; an empty
    /// address moves 0 without reverting (so a batch survives an address someone else swept first).
    function sweep(bytes32 salt, address token) external oneAtATime returns (uint256 moved) {
        return _sweep(salt, token);
    }

    /// `sweep` for each salt in one transaction; returns the total the clones sent.
    function sweepMany(bytes32[] calldata salts, address token) external oneAtATime returns (uint256 moved) {
        for (uint256 i = 0; i < salts.length; i++) moved += _sweep(salts[i], token);
    }

    function _sweep(bytes32 salt, address token) private returns (uint256 moved) {
        address forwarder = addressOf(salt);
        bool deployed = forwarder.code.length == 0;
        if (deployed) _deploy(salt, forwarder);
        moved = DepositForwarder(payable(forwarder)).forward(token, destination);
        emit Swept(salt, forwarder, token, moved, deployed);
    }

    function _deploy(bytes32 salt, address expected) private {
        bytes memory code = _cloneCode(implementation);
        address deployedAt;
        assembly {
            deployedAt := create2(0, add(code, 0x20), mload(code), salt)
        }
        if (deployedAt != expected) revert DeployFailed(salt);
    }

    /// The EIP-1167 creation code of a clone of `impl` (as OpenZeppelin's Clones writes it): it returns
    /// the 45-byte runtime that delegates every call to `impl`.
    function _cloneCode(address impl) private pure returns (bytes memory) {
        return abi.encodePacked(hex"3d602d80600a3d3981f3363d3d373d3d3d363d73", impl, hex"5af43d82803e903d91602b57fd5bf3");
    }
}
