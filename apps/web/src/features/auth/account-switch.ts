/**
 * Whether the wallet now shows another account than the one logged in. A wallet that shows none
 * (locked, or not yet asked on this page) is not taken as a switch: some wallet browsers answer
 * eth_accounts with [] until the page asks again, and that must not end the session.
 */
export function isAccountSwitched(walletAccount: string | null, loggedInAddress: string): boolean {
  return walletAccount !== null && walletAccount.toLowerCase() !== loggedInAddress.toLowerCase();
}
