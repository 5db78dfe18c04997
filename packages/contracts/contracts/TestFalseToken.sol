// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

/// Tests only: a token that refuses transfers, by returning false (moving nothing) or, once told to,
/// by reverting. Anyone may mint.
contract TestFalseToken {
    mapping(address => uint256) public balanceOf;
    bool public reverts;

    function mint(address to, uint256 value) external {
        balanceOf[to] += value;
    }

    function setReverts(bool value) external {
        reverts = value;
    }

    function transfer(address, uint256) external view returns (bool) {
        require(!reverts, "transfers are off");
        return false;
    }
}
