// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

/// The code behind every user's deposit address. Each address is an EIP-1167 clone of this contract
/// that the DepositFactory deploys with CREATE2 at its first sweep; a clone runs this code (and reads
/// these immutables) in its own context, and stores nothing.
///
/// Only the factory may move what a clone holds, and only with `forward`, which the factory calls with
/// its fixed destination. The implementation itself holds nothing and refuses the native coin.
contract DepositForwarder {
    /// The only caller `forward` accepts: the factory that deployed this implementation.
    address public immutable factory;
    /// This implementation's own address; a clone sees a different `address(this)`.
    address private immutable self;

    error NotFactory();
    error NotAClone();
    error TransferFailed(address token);
    error NativeTransferFailed();

    constructor() {
        factory = msg.sender;
        self = address(this);
    }

    /// Sends this address's whole balance of `token` (the native coin when `token` is the zero
    /// address) to `to`, and returns the amount sent. Nothing held: nothing sent, no revert.
    /// A fee-on-transfer token delivers less than the amount returned; the recipient's own balance
    /// says what arrived.
    function forward(address token, address to) external returns (uint256 amount) {
        if (msg.sender != factory) revert NotFactory();
        if (token == address(0)) {
            amount = address(this).balance;
            if (amount != 0) {
                (bool ok, ) = to.call{value: amount}("");
                if (!ok) revert NativeTransferFailed();
            }
            return amount;
        }
        amount = IERC20Transfer(token).balanceOf(address(this));
        if (amount != 0) _safeTransfer(token, to, amount);
    }

    /// Deposit addresses accept the native coin (BNB) sent to them, to be swept with `token` = 0;
    /// this implementation does not (nothing should ever be sent to it).
    receive() external payable {
        if (address(this) == self) revert NotAClone();
    }

    /// `transfer` for tokens that return true, and for those that return nothing (USDT on Ethereum);
    /// a token that reverts, returns false or returns anything else makes the sweep revert.
    function _safeTransfer(address token, address to, uint256 amount) private {
        (bool ok, bytes memory data) = token.call(abi.encodeWithSelector(IERC20Transfer.transfer.selector, to, amount));
        if (!ok || (data.length != 0 && (data.length != 32 || abi.decode(data, (uint256)) != 1))) {
            revert TransferFailed(token);
        }
    }
}

interface IERC20Transfer {
    function balanceOf(address account) external view returns (uint256);
    function transfer(address to, uint256 amount) external returns (bool);
}
