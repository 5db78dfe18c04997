// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

/// Tests only: a fee-on-transfer token. Each transfer burns 1% of the amount, so the recipient gets
/// 99% of what the sender sent. Anyone may mint.
contract TestFeeToken {
    mapping(address => uint256) public balanceOf;

    event Transfer(address indexed from, address indexed to, uint256 value);

    function mint(address to, uint256 value) external {
        balanceOf[to] += value;
        emit Transfer(address(0), to, value);
    }

    function transfer(address to, uint256 value) external returns (bool) {
        require(balanceOf[msg.sender] >= value, "balance");
        uint256 fee = value / 100;
        balanceOf[msg.sender] -= value;
        balanceOf[to] += value - fee;
        emit Transfer(msg.sender, to, value - fee);
        emit Transfer(msg.sender, address(0), fee);
        return true;
    }
}
