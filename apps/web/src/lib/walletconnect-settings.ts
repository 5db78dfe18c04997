/** WalletConnect as the server configured it: its project, its relay, the chain a session asks for. */
export type WalletConnectSettings = { projectId: string; relayUrl: string; chainId: number };

/** The settings the server wrote into the page; null when the operator set no project (the option is hidden). */
export function walletConnectSettings(): WalletConnectSettings | null {
  const value = (window as { __WALLX_CONFIG__?: { walletConnect?: Partial<WalletConnectSettings> | null } })
    .__WALLX_CONFIG__?.walletConnect;
  if (
    !value ||
    typeof value.projectId !== 'string' ||
    typeof value.relayUrl !== 'string' ||
    typeof value.chainId !== 'number'
  )
    return null;
  return { projectId: value.projectId, relayUrl: value.relayUrl, chainId: value.chainId };
}
