// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

/// Tests only: a malicious token. During each `transfer`, before it moves anything, it makes the call
/// it was told to (`arm`): to the factory (a nested sweep) or to a clone (`forward` as itself). With
/// `swallow` it catches that call's failure and carries on, recording the revert data; otherwise the
/// failure reverts the transfer. Anyone may mint.
contract TestReentrantToken {
    mapping(address => uint256) public balanceOf;
    address public target;
    bytes public payload;
    bool public swallow;
    /// What the nested call returned or reverted with, and whether it succeeded, at the last transfer.
    bool public lastOk;
    bytes public lastResult;
    uint256 public nestedCalls;

    event Transfer(address indexed from, address indexed to, uint256 value);

    function mint(address to, uint256 value) external {
        balanceOf[to] += value;
        emit Transfer(address(0), to, value);
    }

    function arm(address target_, bytes calldata payload_, bool swallow_) external {
        target = target_;
        payload = payload_;
        swallow = swallow_;
    }

    function transfer(address to, uint256 value) external returns (bool) {
        require(balanceOf[msg.sender] >= value, "balance");
        if (target != address(0)) {
            nestedCalls += 1;
            (bool ok, bytes memory result) = target.call(payload);
            if (!ok && !swallow) {
                assembly {
                    revert(add(result, 0x20), mload(result))
                }
            }
            lastOk = ok;
            lastResult = result;
        }
        balanceOf[msg.sender] -= value;
        balanceOf[to] += value;
        emit Transfer(msg.sender, to, value);
        return true;
    }
}
