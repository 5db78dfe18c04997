export type ConfirmOptions = { content: string; confirmText: string; cancelText: string };

/**
 * Resolves true when the user confirms. antd-mobile's Dialog is fetched on first use, as the toast
 * is: the screens that offer a confirmation (the user centre's logout, a miner, an address, an order)
 * open without it.
 */
export async function confirmDialog(options: ConfirmOptions): Promise<boolean> {
  const { showAntdConfirm } = await import('./confirm-dialog-impl');
  return showAntdConfirm(options);
}
