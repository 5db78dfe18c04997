export type ToastIcon = 'success' | 'fail' | 'loading';

/**
 * Shows a toast (2000 ms). antd-mobile's Toast is fetched on first use, so pages that never toast
 * do not pay for it.
 */
export function showToast(content: string, icon?: ToastIcon): void {
  void import('./toast-impl').then(({ showAntdToast }) => showAntdToast(content, icon));
}
